import type { Migration } from '../migrations-runner.js';

/**
 * The log by type, in reading order: a reader of a few types (a rebuild of catalog-claims reads ~3,700
 * of 1,000,000 events) seeks each type's run after its position instead of scanning the whole log by
 * (transaction_id, global_position) to find them. Its columns after the type are the reading order, so
 * `(transaction_id, global_position) > $after` bounds each type's run in the index; the planner picks it
 * or the position index by the types' share of the log (planner statistics), so a reader of most of the
 * log keeps the position index. Every append writes one more index entry (docs/performance.md).
 *
 * Built in the migration's transaction, which holds back the appends while it is built (2.3 s for the
 * bench's 1,000,000 events, 49 MB beside the position index's 30 MB).
 */
export const eventsByType0019: Migration = {
  name: '0019-events-by-type',
  description: 'an index of the event log by type in reading order, for readers of a few types',
  sql: `create index events_type_transaction_position on events (type, transaction_id, global_position);`,
};
