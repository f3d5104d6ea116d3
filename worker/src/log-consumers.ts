import { logStatsProjection, type EventStore, type LogConsumer, type Projection } from '@app/event-store';
import { artistsProjection, claimsProjection, reportsProjection, venuesProjection } from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { mediaProjection } from '@app/modules/media';
import { membershipStatusProjection } from '@app/modules/membership';
import { dailyActivityProjection } from '@app/modules/operators';
import {
  createMilestoneRecorderReactor,
  listenerInvitationsReactor,
  milestoneProgressProjection,
} from '@app/modules/outreach';
import { payolaLedgerProjection } from '@app/modules/payola';

/** Every projection: the worker keeps them up to date; the ops CLI rebuilds them. */
export const projections: readonly Projection[] = [
  logStatsProjection,
  usersProjection,
  membershipStatusProjection,
  payolaLedgerProjection,
  artistsProjection,
  venuesProjection,
  claimsProjection,
  reportsProjection,
  milestoneProgressProjection,
  mediaProjection,
  dailyActivityProjection,
];

/** Every projection and reactor the worker runs. Modules contribute theirs through their public index. */
export function createLogConsumers(store: EventStore): LogConsumer[] {
  return [...projections, createMilestoneRecorderReactor(store), listenerInvitationsReactor];
}
