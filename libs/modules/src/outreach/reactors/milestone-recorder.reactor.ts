import { defineReactor, settle, StreamVersionConflictError, type EventStore } from '@app/event-store';
import {
  DEFAULT_MILESTONES,
  headlineThreshold,
  milestoneStreamId,
  reachedMilestones,
  type Milestone,
} from '../domain/milestones.js';
import { MILESTONE_RECORDER_REACTOR } from '../outreach-names.js';
import {
  countMilestoneFacts,
  MILESTONE_FACT_TYPES,
  readMilestoneCounts,
  type MilestoneFactEvent,
  type MilestoneTables,
} from '../projections/milestone-facts.js';

/** The recorder's own counts (database migration 0010): a reactor must not wait on a projection's position. */
export const RECORDER_TABLES: MilestoneTables = {
  fans: 'milestone_recorder_fans',
  artists: 'milestone_recorder_artists',
  counts: 'milestone_recorder_counts',
};

/**
 * Records MilestoneReached when verified fans and verified artists both cross a threshold. The event
 * goes to `milestone-<id>` with 'no stream' expected: a second worker, a reset checkpoint or a
 * recorder under another name is refused by the store, so each milestone is recorded exactly once.
 * The worker passes the configured thresholds (MILESTONE_LISTENER_FANS...); `name` exists for tests (a
 * second recorder racing the first).
 */
export function createMilestoneRecorderReactor(
  store: EventStore,
  milestones: readonly Milestone[] = DEFAULT_MILESTONES,
  name = MILESTONE_RECORDER_REACTOR,
) {
  return defineReactor<MilestoneFactEvent>({
    kind: 'reactor',
    name,
    eventTypes: MILESTONE_FACT_TYPES,
    async handle(events, db) {
      await settle(await countMilestoneFacts(db, events, RECORDER_TABLES));
      const counts = await readMilestoneCounts(db, RECORDER_TABLES);
      for (const milestone of reachedMilestones(counts, milestones)) {
        const streamId = milestoneStreamId(milestone.id);
        if ((await store.streamVersion(streamId, db)) > 0) continue;
        // A refused append must not abort the batch's transaction: the checkpoint still moves on.
        await db.query('savepoint milestone_reached');
        try {
          await store.append(
            streamId,
            'no_stream',
            [
              {
                type: 'MilestoneReached',
                data: {
                  milestone: milestone.id,
                  threshold: headlineThreshold(milestone),
                  thresholds: { verifiedFans: milestone.verifiedFans, verifiedArtists: milestone.verifiedArtists },
                  ...counts,
                },
              },
            ],
            { client: db },
          );
          await db.query('release savepoint milestone_reached');
        } catch (error) {
          await db.query('rollback to savepoint milestone_reached');
          if (!(error instanceof StreamVersionConflictError)) throw error;
        }
      }
    },
  });
}
