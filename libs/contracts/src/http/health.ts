import { z } from 'zod';

export const ZDependencyHealth = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number().optional(),
  error: z.string().optional(),
});

export const ZProjectorLag = z.object({
  name: z.string(),
  owned: z.boolean(),
  eventsBehind: z.number(),
  secondsBehind: z.number(),
  position: z.string(),
});
export type TProjectorLag = z.infer<typeof ZProjectorLag>;

export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  service: z.enum(['api', 'worker']),
  uptimeSeconds: z.number(),
  dependencies: z.record(z.string(), ZDependencyHealth),
  projectors: z.array(ZProjectorLag).optional(),
  /** Worker only: emails staged by commands and not yet on the email queue (non-zero during a Redis outage). */
  emailOutboxPending: z.number().optional(),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;
