import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/**
 * Validates a request body (or query) with the shared zod contract. A ZodError becomes a 400 with
 * the contract's messages, per field, in the API exception filter.
 */
export class ZodValidationPipe<TSchema extends z.ZodType> implements PipeTransform<unknown, z.infer<TSchema>> {
  /** Public: the contract fuzz test (api/test/contract-fuzz) reads each route's schemas from Nest's metadata. */
  constructor(readonly schema: TSchema) {}

  transform(value: unknown): z.infer<TSchema> {
    return this.schema.parse(value ?? {});
  }
}
