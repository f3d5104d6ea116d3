import { z } from 'zod';

/** The body of every API error response. `message` is written for the person using the product. */
export const ZApiError = z.object({
  statusCode: z.number().int(),
  /** The message for the person (the spec's `{error}` body). */
  error: z.string(),
  /** The same message (Nest's conventional field). */
  message: z.string(),
  /** Field-level messages for form validation failures, keyed by field path. */
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export { READ_MODELS_PENDING_HEADER } from './headers.js';
