import DataLoader from 'dataloader';
import { preparedStatement, type Pool } from '@app/platform';
import type { CatalogEntry, CatalogKind } from '../../catalog-kind.js';
import type { UserFlags } from './entry-read-sql.js';

/** What a read gives: entries in order, and a value that rides along (the next page's cursor). */
export interface CachedRead<T, M> {
  /** The entries as the asker sees them (made on first use: a list page is sent as json() only). */
  readonly entries: T[];
  meta: M;
  /** The entries as a JSON array in UTF-8, mostly copied from heads kept encoded (a list page is ~20 kB). */
  json: () => Buffer;
}

/** A read straight from the tables, with the catalogue's revision that was current for it (null: none). */
export interface LoadedRead<T, M> {
  entries: T[];
  meta: M;
  revision: string | null;
}

export interface CatalogReadCacheOptions<T> {
  /**
   * One statement (catalogFlagsSql) giving a row per (user, ids) pair of the arrays `$1` and `$2`, in
   * their order: `revision` (the catalogue's revision, as text) and the arrays `voted`, `favorited` and
   * `verified`, which of those ids the user has marked. One snapshot, so the marks and the revision agree.
   */
  flagsSql: string;
  /** The per-user fields of an entry, as the user who asks sees them. */
  userFields(entry: T, flags: UserFlags): Partial<T>;
  /** How many reads are kept; the least recently used goes first. */
  capacity: number;
}

/**
 * Reads whose flags one statement answers at most; a full batch is sent at once (oneStatementPerTurn).
 * Against 200 sent when the turn ended (interleaved rounds, 2026-11-29): profiles +5-11% a second and
 * typed searches +9%; lists, whose reads ask ~20 entries' flags each, the same a second at +8% CPU.
 */
const FLAGS_PER_STATEMENT = 32;

interface FlagsRequest {
  userId: string;
  ids: string[];
}

/** The catalogue's revision and a user's flags, read in one snapshot. */
export type FlagsAnswer = UserFlags & { revision: string };

const NO_FLAGS: UserFlags = { voted: new Set(), favorited: new Set(), verified: new Set(), added: new Set() };

interface Slot<T, M> {
  revision: string;
  ids: string[];
  entries: T[];
  meta: M;
  /** Each entry's JSON without its per-user fields and without the closing brace, encoded (encodedHead). */
  heads: Buffer[];
}

/**
 * The api's cache of catalogue reads (list pages, searches, profiles). Every request still asks
 * PostgreSQL one small question, the current revision and the user's own flags for the cached ids, and
 * uses the cached entries only when the revision has not moved since they were read
 * (projections/catalog-revision.ts), so an answer is never older than the read model; what it saves is
 * the page's query (index scans, wide rows) and turning its rows into entries. Any change to the
 * catalogue moves the revision, after which each read goes to the tables once and is kept again.
 */
export class CatalogReadCache<T extends { id: string }, M> {
  private readonly slots = new Map<string, Slot<T, M>>();
  /** The flags checks of one turn of the event loop share one statement (oneStatementPerTurn). */
  private readonly flagsLoader: DataLoader<FlagsRequest, FlagsAnswer>;
  /** The kind's per-user fields, the same for every entry: known from the first entry kept. */
  private userFieldsUnset: UnsetFields | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly options: CatalogReadCacheOptions<T>,
  ) {
    this.flagsLoader = oneStatementPerTurn((requests) => this.loadFlags(requests), FLAGS_PER_STATEMENT);
  }

  /**
   * The catalogue's current revision and the user's flags for these ids, in one statement shared with
   * the other requests of this turn of the event loop (the search index serves pages with it).
   */
  flags(userId: string, ids: string[]): Promise<FlagsAnswer> {
    return this.flagsLoader.load({ userId, ids });
  }

  async read(key: string, userId: string, load: () => Promise<LoadedRead<T, M>>): Promise<CachedRead<T, M>> {
    const slot = this.slots.get(key);
    if (slot) {
      const flags = await this.flagsLoader.load({ userId, ids: slot.ids });
      if (flags.revision === slot.revision) {
        // A Map keeps insertion order: moving the key to the end makes the first key the least recent.
        this.slots.delete(key);
        this.slots.set(key, slot);
        const fields = slot.entries.map((entry) => this.options.userFields(entry, flags));
        let entries: T[] | undefined;
        return {
          // A copy of every entry of a page, made per request, that a list's answer (json()) never read.
          get entries() {
            return (entries ??= slot.entries.map((entry, i) => ({ ...entry, ...fields[i] })));
          },
          meta: slot.meta,
          json: () => jsonArray(slot.heads, fields),
        };
      }
      this.slots.delete(key);
    }
    const { entries, meta, revision } = await load();
    if (revision !== null) {
      const heads = entries.map((entry) => this.head(entry));
      this.slots.set(key, { revision, ids: entries.map((entry) => entry.id), entries, meta, heads });
      if (this.slots.size > this.options.capacity) {
        const oldest = this.slots.keys().next();
        if (!oldest.done) this.slots.delete(oldest.value);
      }
    }
    return { entries, meta, json: () => Buffer.from(JSON.stringify(entries)) };
  }

  /** `{"id":...,"name":...` with the per-user fields left out, to be completed per request. */
  private head(entry: T): Buffer {
    this.userFieldsUnset ??= unsetFields(this.options.userFields(entry, NO_FLAGS));
    return encodedHead(entryHead(entry, this.userFieldsUnset));
  }

  private async loadFlags(requests: readonly FlagsRequest[]): Promise<FlagsAnswer[]> {
    const { rows } = await this.pool.query<{
      revision: string;
      voted: string[];
      favorited: string[];
      verified: string[];
      added: string[];
    }>(
      preparedStatement(this.options.flagsSql, [
        requests.map((request) => request.userId),
        requests.map((request) => request.ids.join(',')),
      ]),
    );
    return rows.map((row) => ({
      revision: row.revision,
      voted: new Set(row.voted),
      favorited: new Set(row.favorited),
      verified: new Set(row.verified),
      added: new Set(row.added),
    }));
  }
}

/**
 * A loader whose requests that arrive in the same turn of the event loop share one statement (`load`
 * answers them all, in order): each statement is a socket write and read, the largest part of a busy
 * api's cost per request. Only requests that have already arrived join a batch and its statement starts
 * after them, so each still sees every write that finished before it asked. Nothing is kept between
 * batches.
 *
 * A batch that fills up (`batchSize` requests) is sent at once rather than at the end of the turn: under
 * load one turn reads dozens of requests, and PostgreSQL then answers the first of them while the api is
 * still reading the rest (docs/performance.md, 2026-11-29 07:22).
 */
export function oneStatementPerTurn<K, V>(
  load: (requests: readonly K[]) => Promise<V[]>,
  batchSize: number,
): DataLoader<K, V> {
  // DataLoader opens a new batch when the last one is full or already sent; it sends each when its
  // schedule says. The one being filled is kept here, so the next batch's opening sends it if it is full.
  let filling: (() => void) | null = null;
  return new DataLoader(load, {
    cache: false,
    maxBatchSize: batchSize,
    batchScheduleFn: (dispatch) => {
      let sent = false;
      const send = () => {
        if (sent) return;
        sent = true;
        dispatch();
      };
      filling?.();
      filling = send;
      setImmediate(() => {
        if (filling === send) filling = null;
        send();
      });
    },
  });
}

/** A handler's caches, one per kind of entry (a generic handler serves every kind). */
export class KindCaches<M> {
  private readonly caches = new Map<string, CatalogReadCache<CatalogEntry, M>>();

  constructor(
    private readonly pool: Pool,
    private readonly capacity: number,
  ) {}

  of(kind: Pick<CatalogKind<CatalogEntry, never, unknown>, 'name' | 'flagsSql' | 'userFields'>) {
    let cache = this.caches.get(kind.name);
    if (!cache) {
      cache = new CatalogReadCache(this.pool, {
        flagsSql: kind.flagsSql,
        userFields: (entry, flags) => kind.userFields(entry, flags),
        capacity: this.capacity,
      });
      this.caches.set(kind.name, cache);
    }
    return cache;
  }
}

/** Field names, each undefined: spread over an entry, they are left out of its JSON (entryHead). */
export type UnsetFields = Readonly<Record<string, undefined>>;

/** The names of these (per-user) fields, unset. */
export function unsetFields(fields: object): UnsetFields {
  return Object.fromEntries(Object.keys(fields).map((name) => [name, undefined]));
}

/**
 * An entry's JSON without its per-user fields (`userFields`, from unsetFields) and without the closing
 * brace, kept to be completed per request (jsonArray). One shallow copy: a spread keeps the entry's
 * key order, and JSON.stringify leaves out an undefined value. Filtering Object.entries into a new object
 * cost 8% of the api's CPU on the drawn searches, whose entries are mostly read afresh (2026-11-29).
 */
export function entryHead<T extends object>(entry: T, userFields: UnsetFields): string {
  return JSON.stringify({ ...entry, ...userFields }).slice(0, -1);
}

/**
 * A head as it is kept: UTF-8, in memory of its own. A page's answer is then the kept bytes copied, not
 * its ~20 kB of text joined and encoded again for every request (jsonArray). Not from Node's shared 8 kB
 * pool, which one kept head would hold whole.
 */
export function encodedHead(head: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(head));
  bytes.write(head);
  return bytes;
}

/** The closing parts of heads (`,"userHasVoted":true,...}`), by the fields' JSON: a few per kind. */
const TAILS = new Map<string, Buffer>();
const TAILS_KEPT = 256;

function tailOf(fields: object): Buffer {
  const json = JSON.stringify(fields);
  let tail = TAILS.get(json);
  if (!tail) {
    tail = Buffer.from(json === '{}' ? '}' : `,${json.slice(1)}`);
    if (TAILS.size < TAILS_KEPT) TAILS.set(json, tail);
  }
  return tail;
}

const OPEN = 0x5b; // [
const COMMA = 0x2c;
const CLOSE = 0x5d; // ]

/** The JSON array of these heads, each closed with its per-user fields, as one UTF-8 body. */
export function jsonArray(heads: readonly Buffer[], fields: readonly object[]): Buffer {
  const tails = fields.map(tailOf);
  let length = 2 + Math.max(0, heads.length - 1);
  for (let i = 0; i < heads.length; i++) length += heads[i].length + tails[i].length;
  const body = Buffer.allocUnsafe(length);
  let at = 0;
  body[at++] = OPEN;
  for (let i = 0; i < heads.length; i++) {
    if (i > 0) body[at++] = COMMA;
    at += heads[i].copy(body, at);
    at += tails[i].copy(body, at);
  }
  body[at] = CLOSE;
  return body;
}

/** List pages kept per api process: the first pages of the tabs, filters and popular searches. */
export const LIST_CACHE_CAPACITY = 500;
/** Profiles kept per api process (a few kB each). */
export const PROFILE_CACHE_CAPACITY = 5000;

/**
 * A list read's cache key: the public tab is the same for everyone (the flags are applied per user);
 * 'my' and 'favorites' are the user's own.
 */
export function listCacheKey(tab: 'all' | 'my' | 'favorites', userId: string, filters: object): string {
  return JSON.stringify([tab, tab === 'all' ? '' : userId, filters]);
}
