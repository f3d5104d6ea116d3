import { logStatsProjection, type EventStore, type LogConsumer, type Projection } from '@app/event-store';
import type { ObjectStorage } from '@app/platform';
import { artistsProjection, claimsProjection, reportsProjection, venuesProjection } from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { createMediaErasureReactor, mediaProjection } from '@app/modules/media';
import { membershipStatusProjection } from '@app/modules/membership';
import { dailyActivityProjection } from '@app/modules/operators';
import {
  createMilestoneRecorderReactor,
  listenerInvitationsReactor,
  milestoneProgressProjection,
} from '@app/modules/outreach';
import { payolaLedgerProjection } from '@app/modules/payola';
import { shopOffersProjection } from '@app/modules/shop';

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
  shopOffersProjection,
];

/**
 * Every projection and reactor the worker runs. Modules contribute theirs through their public index.
 * `storage` null: only to name them (ops status); the media erasure reactor needs it to run.
 */
export function createLogConsumers(store: EventStore, storage: ObjectStorage | null = null): LogConsumer[] {
  return [
    ...projections,
    createMilestoneRecorderReactor(store),
    listenerInvitationsReactor,
    createMediaErasureReactor(storage),
  ];
}
