import { RefusedError } from '@app/domain';

/**
 * A cursor is opaque to the browser: `k<position>` continues a newest-first list after that position
 * (stable while entries are added), `o<offset>` continues a ranked search.
 */
export type Cursor = { kind: 'after'; position: number } | { kind: 'offset'; offset: number };

export function parseCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  const keyset = /^k(\d{1,15})$/.exec(cursor);
  if (keyset) return { kind: 'after', position: Number(keyset[1]) };
  const offset = /^o(\d{1,6})$/.exec(cursor);
  if (offset) return { kind: 'offset', offset: Number(offset[1]) };
  throw new RefusedError('invalid', 'This list could not be continued. Please reload the page.');
}

export interface ListSql {
  text: string;
  values: unknown[];
  /** True for a ranked search, false for a list in log order. */
  ranked: boolean;
  offset: number;
}

/** The cursor of the page after `shown` rows. */
export function nextCursor(sql: ListSql, shown: number, lastPosition: number | undefined): string {
  return sql.ranked ? `o${sql.offset + shown}` : `k${lastPosition}`;
}

/** A statement's parameter list: `param(value)` adds a value and returns its placeholder (`$n`). */
export function parameters(first: unknown[]): { values: unknown[]; param: (value: unknown) => string } {
  const values = [...first];
  return {
    values,
    param: (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    },
  };
}
