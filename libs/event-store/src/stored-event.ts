import type { TEventMetadata } from '@app/contracts';
import type { LogPosition } from './log-position.js';

/** The shape every event has: a type and its payload. Modules narrow it to their own unions. */
export interface EventEnvelope {
  type: string;
  data: unknown;
}

/** An event about to be appended. `E` is a union such as `DomainEvent` or a module's own events. */
export type NewEvent<E extends EventEnvelope = EventEnvelope> = E extends EventEnvelope
  ? E & { metadata?: TEventMetadata }
  : never;

export interface StoredEventFields extends LogPosition {
  streamId: string;
  streamVersion: number;
  schemaVersion: number;
  metadata: TEventMetadata;
  recordedAt: Date;
}

/** An event as the log holds it. Distributes over a union, so `switch (event.type)` narrows `data`. */
export type StoredEvent<E extends EventEnvelope = EventEnvelope> = E extends EventEnvelope
  ? E & StoredEventFields
  : never;

export interface EventRow {
  global_position: number;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: TEventMetadata;
  transaction_id: string;
  /** recorded_at in whole milliseconds since the epoch: what a JS Date holds of it. */
  recorded_at_ms: number;
}

/**
 * recorded_at comes as integer milliseconds (floor, as pg's own date parser truncates the
 * microseconds): parsing its text form cost a replay more than any other column.
 */
export const EVENT_COLUMNS =
  'global_position, stream_id, stream_version, type, schema_version, data, metadata, transaction_id::text as transaction_id, ' +
  'floor(extract(epoch from recorded_at) * 1000)::bigint as recorded_at_ms';

/**
 * The one place where a row becomes a typed event: the registry validated every payload against its
 * schema on append, so the row's data is what its type says.
 */
export function toStoredEvent<E extends EventEnvelope = EventEnvelope>(row: EventRow): StoredEvent<E> {
  return {
    globalPosition: row.global_position,
    transactionId: row.transaction_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: new Date(row.recorded_at_ms),
  } as StoredEvent<E>;
}
