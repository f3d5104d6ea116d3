import type { EventOfType } from '@app/contracts';
import { defineProjection, insertRows, tailOf, type StoredEvent } from '@app/event-store';
import { MILESTONE_PROGRESS_PROJECTION } from '../outreach-names.js';
import {
  countMilestoneFacts,
  MILESTONE_FACT_TYPES,
  milestoneTablesSql,
  type MilestoneFactEvent,
  type MilestoneTables,
} from './milestone-facts.js';

const TABLES: MilestoneTables = {
  fans: 'outreach_milestone_fans',
  artists: 'outreach_milestone_artists',
  counts: 'outreach_milestone_counts',
};

/** The landing page's progress toward the milestones: verified fans, verified artists, milestones reached. */
export const milestoneProgressProjection = defineProjection<
  EventOfType<(typeof MILESTONE_FACT_TYPES)[number] | 'MilestoneReached'>
>({
  kind: 'projection',
  name: MILESTONE_PROGRESS_PROJECTION,
  eventTypes: [...MILESTONE_FACT_TYPES, 'MilestoneReached'],
  tables: [TABLES.fans, TABLES.artists, TABLES.counts, 'outreach_milestones_reached'],
  migrations: [
    {
      version: 1,
      description: 'verified fans and artists counted toward the milestones, and the milestones reached',
      sql: `${milestoneTablesSql(TABLES)}
            create table outreach_milestones_reached (
              milestone text primary key,
              reached_at timestamptz not null
            );`,
    },
  ],
  async handle(events, db) {
    const facts = events.filter((event): event is StoredEvent<MilestoneFactEvent> => event.type !== 'MilestoneReached');
    const counted = await countMilestoneFacts(db, facts, TABLES);
    const reached = events.flatMap((event) =>
      event.type === 'MilestoneReached' ? [{ milestone: event.data.milestone, reached_at: event.recordedAt }] : [],
    );
    // The batch's tail: every write goes together, and the COMMIT behind them (BatchTail).
    return tailOf([
      counted.written,
      insertRows(db, 'outreach_milestones_reached', reached, { ifMissing: { key: 'milestone' } }),
    ]);
  },
});
