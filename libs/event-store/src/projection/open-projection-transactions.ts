/**
 * The transaction ids of this process's projection batches that are still open.
 *
 * A reader of the log sees an event only once every older transaction has ended (the horizon,
 * pg_snapshot_xmin), because a running transaction could still append an event that sorts before what
 * the reader takes next. A projection's batch writes rows, so it holds an xid for as long as it runs,
 * but it never appends an event: migration 0020 makes an append inside one fail. Such a batch can
 * hold back nothing a reader would skip, yet every consumer's horizon waited for it, so the catalogue's
 * longer batches set the tail of every projector's lag (docs/performance.md, real lag).
 *
 * The live runners of this process pass these ids to their reads, which leave them out of the horizon.
 * The set is process-wide because the fact is: one process's runners share it. A runner in another
 * process does not know these ids and keeps waiting for them, which is only slower, never wrong; an id
 * that has ended meanwhile is no longer running and changes nothing.
 */
const open = new Set<string>();

/** Marks a projection batch's transaction as open; the returned function marks it ended. */
export function openProjectionTransaction(transactionId: string): () => void {
  open.add(transactionId);
  return () => open.delete(transactionId);
}

/** The open projection batches' transaction ids, for a read's horizon. */
export function openProjectionTransactionIds(): string[] {
  return [...open];
}

/**
 * Marks the current transaction as a projection's batch (transaction-local): an append in it fails
 * (migration 0020), so leaving its xid out of a horizon can never skip an event.
 */
export const PROJECTION_BATCH_SQL = "set local app.log_consumer_kind to 'projection'";
