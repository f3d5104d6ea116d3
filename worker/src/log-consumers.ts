import { logStatsProjection, type LogConsumer, type Projection } from '@app/event-store';
import { usersProjection } from '@app/modules/identity';

/**
 * Every projection and reactor the worker runs. Modules add theirs here through their public index.
 * The ops CLI rebuilds the projections from the same list.
 */
export const logConsumers: readonly LogConsumer[] = [logStatsProjection, usersProjection];

export const projections = (): Projection[] =>
  logConsumers.filter((consumer): consumer is Projection => consumer.kind === 'projection');
