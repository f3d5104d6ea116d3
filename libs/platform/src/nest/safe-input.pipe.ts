import { BadRequestException, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { findUnsafeInput } from '@app/contracts';

/**
 * The api's one rule for input (`findUnsafeInput` in libs/contracts): registered globally, so it runs
 * on every @Body, @Query and @Param value, and on the strings custom decorators read from headers
 * (X-Request-Id), before the route's own pipe. A NUL, an unpaired surrogate or a prototype key is a
 * 400 in the API error format naming the field, whatever the route's contract says about it.
 */
export class SafeInputPipe implements PipeTransform {
  transform(value: unknown, { type, data }: ArgumentMetadata): unknown {
    // Custom decorators give the session's user and the like: only their strings came from the request.
    if (type === 'custom' ? typeof value !== 'string' : type !== 'body' && type !== 'query' && type !== 'param') {
      return value;
    }
    const problems = findUnsafeInput(value, typeof data === 'string' && data ? [data] : []);
    if (problems.length === 0) return value;
    // A Map, then fromEntries: a field named __proto__ must become a key, not reach Object.prototype.
    const byField = new Map<string, string[]>();
    for (const { field, message } of problems) byField.set(field, [...(byField.get(field) ?? []), message]);
    const [first] = problems;
    throw new BadRequestException({
      message: `${first.field}: ${lowerFirst(first.message)}`,
      fieldErrors: Object.fromEntries(byField),
    });
  }
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
