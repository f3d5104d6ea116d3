/**
 * A place in the global event log. The log is ordered by (transactionId, globalPosition): the id of
 * the transaction that appended an event, then its sequence number. Sequence numbers alone are not a
 * safe order, because transactions commit out of order.
 */
export interface LogPosition {
  /** xid8 of the appending transaction, as a decimal string (it may exceed 2^53). */
  readonly transactionId: string;
  readonly globalPosition: number;
}

export const LOG_START: LogPosition = { transactionId: '0', globalPosition: 0 };

export function compareLogPositions(a: LogPosition, b: LogPosition): number {
  const ta = BigInt(a.transactionId);
  const tb = BigInt(b.transactionId);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.globalPosition - b.globalPosition;
}

export function formatLogPosition(position: LogPosition): string {
  return `${position.transactionId}/${position.globalPosition}`;
}
