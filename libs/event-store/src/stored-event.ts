import type { TEventMetadata } from '@app/contracts';
import type { LogPosition } from './log-position.js';

export interface NewEvent<TData = unknown> {
  type: string;
  data: TData;
  metadata?: TEventMetadata;
}

export interface StoredEvent<TData = unknown> extends LogPosition {
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  data: TData;
  metadata: TEventMetadata;
  recordedAt: Date;
}

export interface EventRow {
  global_position: number;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: TEventMetadata;
  transaction_id: string;
  recorded_at: Date;
}

export const EVENT_COLUMNS =
  'global_position, stream_id, stream_version, type, schema_version, data, metadata, transaction_id::text as transaction_id, recorded_at';

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    globalPosition: row.global_position,
    transactionId: row.transaction_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  };
}
