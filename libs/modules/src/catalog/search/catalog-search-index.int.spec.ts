import { randomUUID } from 'node:crypto';
import { createDomainEventRegistry, type DomainEvent } from '@app/contracts';
import { ARTIST_GENRES, ARTIST_TYPES, foldName, searchWords, VENUE_AGE_FILTERS, VENUE_TYPES } from '@app/domain';
import {
  ConsumerRunner,
  EventStore,
  LOG_START,
  migrateReadModels,
  ProjectionWaiter,
  replayProjection,
  type LogPosition,
  type Projection,
} from '@app/event-store';
import { createLogger, preparedStatement, withTransaction, type Pool } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import type { CatalogEntry, CatalogKind, EntryRow } from '../catalog-kind.js';
import { catalogListSql } from '../application/queries/catalog-list-sql.js';
import { CatalogReadCache } from '../application/queries/catalog-read-cache.js';
import { nextCursor } from '../application/queries/list-cursor.js';
import { ARTISTS } from '../kinds/artists.js';
import { VENUES } from '../kinds/venues.js';
import { artistsProjection } from '../projections/artists.projection.js';
import { venuesProjection } from '../projections/venues.projection.js';
import { CatalogSearchIndex } from './catalog-search-index.js';
import { indexedKind } from './catalog-search-indexes.js';
import { EntryRowReads, searchByIndex, type IndexedSearchReads } from './indexed-search.js';

/**
 * The api's in-process search index against the search statement it stands in for, on a generated
 * catalogue in real PostgreSQL: the same entries, order, cursors and per-user flags for prefixes, whole
 * words, typos, several words, exact names, filters and later pages; fresh after a write and after a
 * replay swaps the tables; and, while entries are added under concurrent searches, never an answer
 * that the tables did not hold at one revision.
 */

/** A small deterministic generator (mulberry32), so a failing case can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(23);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] ?? items[0]!;

// Few syllables, so words share prefixes and lie one typo apart, as in a real catalogue and the bench's.
const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'to', 'ven', 'el', 'or', 'sa', 'ri', 'nov', 'lux'];
const WORDS = ['Echo', 'Neon', 'Wolves', 'Garden', 'Ghost', 'Harbor', 'Moon', 'Sound'];
const ACCENTED = ['Björk', 'Sigur Rós', 'Beyoncé', 'Mötley', 'Café'];
const word = () => {
  const syllables = Array.from({ length: 2 + Math.floor(next() * 2) }, () => pick(SYLLABLES)).join('');
  return syllables.charAt(0).toUpperCase() + syllables.slice(1);
};
function generatedName(i: number): string {
  const roll = i % 10;
  if (roll === 0) return `The ${word()} ${pick(WORDS)}`;
  if (roll === 1) return `${pick(ACCENTED)} ${word()}`;
  if (roll === 2) return pick(WORDS); // the same one-word name many times: exact matches rank first
  // Names whose folded form joins their words: "jayz" is the exact name of "JAY Z" though it is no word of it.
  if (i % 25 === 3) return pick(['JAY Z', 'Jay-Z', 'Jays Band', 'AC/DC', 'Ka Lo', 'Sigur Rós']);
  if (roll < 6) return `${word()} ${pick(WORDS)}`;
  return `${word()} ${word()}`;
}

/** A typed search of a stored name: a prefix, a whole word, a typo of each kind, two words, the name. */
function searchesOf(name: string): string[] {
  const words = searchWords(name);
  const first = words[0] ?? 'ka';
  const at = 1 + Math.floor(next() * Math.max(1, first.length - 2));
  return [
    first.slice(0, 2),
    first.slice(0, 3),
    first,
    first.slice(0, at) + first.slice(at + 1), // a letter missing
    first.slice(0, at) + 'x' + first.slice(at), // one added
    first.slice(0, at) + 'q' + first.slice(at + 1), // one changed
    first.slice(0, at - 1) + first.charAt(at) + first.charAt(at - 1) + first.slice(at + 1), // two swapped
    words.join(' '),
    `${words.at(-1) ?? ''} ${first.slice(0, 2)}`,
    name,
  ].filter((q) => foldName(q).length >= 2); // shorter ones list newest first: no search
}

describe('the catalogue search index (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: EventStore;
  const fans = Array.from({ length: 5 }, () => randomUUID());
  const artistNames: string[] = [];
  const venueNames: string[] = [];
  const venueIds: string[] = [];

  const project = async (projection: Projection) => {
    const runner = new ConsumerRunner(db.pool, projection, {
      databaseUrl: db.url,
      batchSize: 500,
      pollIntervalMs: 60_000,
      logger: createLogger('test', 'silent'),
    });
    await runner.start();
    await runner.catchUp();
    await runner.stop();
  };
  const appendAll = (batch: { stream: string; event: DomainEvent }[]) =>
    withTransaction(db.pool, async (client) => {
      let last: LogPosition = LOG_START;
      for (const { stream, event } of batch) {
        ({ position: last } = await store.append(stream, 'any', [{ ...event, metadata: { actingUserId: 'test' } }], {
          client,
        }));
      }
      return last;
    });
  /** Projects until the projection has passed the position (a transaction elsewhere on the server can
   * hold the log's visibility horizon back for a while). */
  const projectPast = async (position: LogPosition, projection: Projection) => {
    const waiter = new ProjectionWaiter(db.pool);
    const deadline = Date.now() + 20_000;
    while (!(await waiter.waitFor(position, [projection.name], 0))) {
      if (Date.now() > deadline) throw new Error('the projection did not catch up with the log in time');
      await project(projection);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const artistAdded = (name: string): { stream: string; event: DomainEvent } => {
    const artistId = randomUUID();
    return {
      stream: `artist-${artistId}`,
      event: {
        type: 'ArtistAdded',
        data: {
          artistId,
          name,
          artistType: pick(ARTIST_TYPES),
          genre: pick(ARTIST_GENRES.slice(0, 3)),
          secondaryGenre: null,
          recordLabel: null,
          bio: null,
          links: [],
          addedBy: pick(fans),
          addedByFoundingFanNumber: 1,
          attestation: 'test',
        },
      },
    };
  };
  const venueDetails = (name: string) => ({
    name,
    venueType: pick(VENUE_TYPES.slice(0, 3)),
    streetAddress: null,
    city: 'Austin',
    state: 'TX' as const,
    country: 'USA',
    capacity: null,
    ageRestriction: pick(VENUE_AGE_FILTERS),
    soundSystem: null,
    bio: null,
    phoneNumber: null,
    email: null,
    bookingContact: null,
    accessibility: null,
    parking: null,
    links: [],
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrateReadModels(db.pool, [artistsProjection, venuesProjection]);
    store = new EventStore(db.pool, createDomainEventRegistry());
    const batch: { stream: string; event: DomainEvent }[] = [];
    for (let i = 0; i < 700; i++) {
      const name = generatedName(i);
      artistNames.push(name);
      const added = artistAdded(name);
      batch.push(added);
      const artistId = added.stream.slice('artist-'.length);
      // Votes and favourites of the fans who search, so the per-user flags differ by who asks.
      if (i % 3 === 0) {
        const userId = pick(fans);
        batch.push({
          stream: `artist-vote-${artistId}-${userId}`,
          event: { type: 'VoteCast', data: { artistId, userId } },
        });
      }
      if (i % 4 === 0) {
        const userId = pick(fans);
        batch.push({
          stream: `artist-favorite-${artistId}-${userId}`,
          event: { type: 'ArtistFavorited', data: { artistId, userId } },
        });
      }
    }
    for (let i = 0; i < 300; i++) {
      const venueId = randomUUID();
      const name = `${generatedName(i)} ${pick(['Hall', 'Club', 'Room'])}`;
      venueIds.push(venueId);
      venueNames.push(name);
      batch.push({
        stream: `venue-${venueId}`,
        event: {
          type: 'VenueAdded',
          data: { ...venueDetails(name), venueId, addedBy: pick(fans), addedByFoundingFanNumber: 1 },
        },
      });
    }
    const last = await appendAll(batch);
    await projectPast(last, artistsProjection);
    await projectPast(last, venuesProjection);
  }, 120_000);
  afterAll(() => db.close());

  const newIndex = async (kind: typeof ARTISTS | typeof VENUES) => {
    const projection = kind === ARTISTS ? artistsProjection : venuesProjection;
    const index = new CatalogSearchIndex(db.pool, indexedKind(kind, projection.eventTypes ?? []));
    expect(await index.whenLoaded()).toBe(true);
    return index;
  };

  type Paging = { q?: string; cursor?: string; limit: number };
  type AnyKind = CatalogKind<CatalogEntry, EntryRow, Paging>;

  /** The page as the search statement reads it (the handler's SQL path). */
  const bySql = async (kind: AnyKind, userId: string, query: Paging, filters: [string, string | undefined][]) => {
    const sql = catalogListSql(kind, userId, 'all', { ...query, filters });
    const { rows } = await db.pool.query<EntryRow & { list_position: number }>(preparedStatement(sql.text, sql.values));
    const page = rows.slice(0, query.limit);
    return {
      // As the api sends them (JSON), which is all the index's answer is.
      entries: JSON.parse(JSON.stringify(page.map((row) => kind.toEntry(row, userId)))) as CatalogEntry[],
      meta: rows.length > query.limit ? nextCursor(sql, page.length, page.at(-1)?.list_position) : null,
    };
  };
  /** The read cache's flags statement and the batched reads by id, as the handler passes them. */
  const readsOf = (kind: AnyKind): IndexedSearchReads => {
    const cache = new CatalogReadCache(db.pool, { flagsSql: kind.flagsSql, userFields: kind.userFields, capacity: 1 });
    const rows = new EntryRowReads(db.pool, kind);
    return { flags: (userId, ids) => cache.flags(userId, ids), rows: (ids) => rows.read(ids) };
  };
  const byIndex = async (
    index: CatalogSearchIndex,
    kind: AnyKind,
    userId: string,
    query: Paging,
    filters: [string, string | undefined][],
  ) => {
    const page = await searchByIndex(index, kind, userId, { ...query, filters }, readsOf(kind));
    if (!page) throw new Error('the index did not answer');
    // The answer's JSON: mostly kept heads completed with the asker's flags.
    return { entries: JSON.parse(page.json().toString()) as CatalogEntry[], meta: page.meta };
  };

  it('answers every generated search of artists exactly as the search statement does', async () => {
    const index = await newIndex(ARTISTS);
    const kind = ARTISTS as unknown as AnyKind;
    let compared = 0;
    let nonEmpty = 0;
    for (const name of [...artistNames.slice(0, 60), 'jayz', 'acdc', 'kalo', 'sigurros']) {
      for (const q of searchesOf(name)) {
        const userId = pick(fans);
        const filters: [string, string | undefined][] = pick([
          [],
          [['genre', pick(ARTIST_GENRES.slice(0, 3))]],
          [['artist_type', pick(ARTIST_TYPES)]],
        ]);
        // The first page, and the next two by their cursors; small pages, so the typo threshold and
        // word_top's cut are crossed often.
        let cursor: string | undefined;
        for (let page = 0; page < 3; page++) {
          const query = { q, cursor, limit: pick([3, 5, 24]) };
          const expected = await bySql(kind, userId, query, filters);
          expect({ q, filters, query, ...(await byIndex(index, kind, userId, query, filters)) }).toEqual({
            q,
            filters,
            query,
            ...expected,
          });
          // Asked again by another fan: mostly from the kept entries, with that fan's flags.
          const other = fans[(fans.indexOf(userId) + 1) % fans.length]!;
          expect(await byIndex(index, kind, other, query, filters)).toEqual(await bySql(kind, other, query, filters));
          compared++;
          if (expected.entries.length > 0) nonEmpty++;
          if (!expected.meta) break;
          cursor = expected.meta;
        }
      }
    }
    expect(compared).toBeGreaterThan(600);
    expect(nonEmpty).toBeGreaterThan(compared / 2);
  }, 300_000);

  it('answers searches asked at once, sharing their statements, each exactly as the search statement does', async () => {
    const index = await newIndex(ARTISTS);
    const kind = ARTISTS as unknown as AnyKind;
    // One set of reads, as the handler has: the searches of one turn share its rows statement.
    let rowStatements = 0;
    const counting = {
      query: (...args: Parameters<Pool['query']>) => {
        rowStatements++;
        return db.pool.query(...args);
      },
    } as unknown as Pool;
    const rows = new EntryRowReads(counting, kind);
    let rowReads = 0;
    const reads: IndexedSearchReads = {
      flags: readsOf(kind).flags,
      rows: (ids) => {
        rowReads++;
        return rows.read(ids);
      },
    };
    // Different names (few kept entries in common), each asked by a fan of its own, all at once.
    const asked = artistNames.slice(60, 100).flatMap((name) => searchesOf(name).slice(0, 2));
    const askers = asked.map(() => pick(fans));
    const answers = await Promise.all(
      asked.map(async (q, i) => {
        const page = await searchByIndex(index, kind, askers[i]!, { q, limit: 24, filters: [] }, reads);
        if (!page) throw new Error('the index did not answer');
        return { entries: JSON.parse(page.json().toString()) as CatalogEntry[], meta: page.meta };
      }),
    );
    expect(rowReads).toBeGreaterThan(10);
    expect(rowStatements).toBeLessThan(rowReads / 5);
    for (const [i, q] of asked.entries()) {
      expect({ q, ...answers[i] }).toEqual({ q, ...(await bySql(kind, askers[i]!, { q, limit: 24 }, [])) });
    }
  }, 120_000);

  it('answers searches of venues, with their filters, exactly as the search statement does', async () => {
    const index = await newIndex(VENUES);
    const kind = VENUES as unknown as AnyKind;
    for (const name of venueNames.slice(0, 40)) {
      for (const q of searchesOf(name)) {
        const filters: [string, string | undefined][] = pick([
          [],
          [['venue_type', pick(VENUE_TYPES.slice(0, 3))]],
          [
            ['venue_type', pick(VENUE_TYPES.slice(0, 3))],
            ['age_restriction', pick(VENUE_AGE_FILTERS)],
          ],
        ]);
        const query = { q, limit: pick([2, 10]) };
        const userId = pick(fans);
        expect(await byIndex(index, kind, userId, query, filters)).toEqual(await bySql(kind, userId, query, filters));
      }
    }
  }, 300_000);

  it('finds an entry added, and a venue by its new name, in the next search', async () => {
    const artists = await newIndex(ARTISTS);
    const venues = await newIndex(VENUES);
    const userId = pick(fans);
    const venueId = venueIds[0]!;
    const last = await appendAll([
      artistAdded('Zyxwv Fresh'),
      {
        stream: `venue-${venueId}`,
        event: { type: 'VenueUpdated', data: { ...venueDetails('Qwertz Renamed'), venueId, userId } },
      },
    ]);
    await projectPast(last, artistsProjection);
    await projectPast(last, venuesProjection);

    const found = await byIndex(artists, ARTISTS as unknown as AnyKind, userId, { q: 'zyxwv', limit: 5 }, []);
    expect(found.entries.map((entry) => (entry as { name: string }).name)).toEqual(['Zyxwv Fresh']);
    const renamed = await byIndex(venues, VENUES as unknown as AnyKind, userId, { q: 'qwertz', limit: 5 }, []);
    expect(renamed.entries.map((entry) => entry.id)).toEqual([venueId]);
    const oldWord = searchWords(venueNames[0]!)[0]!;
    const old = await byIndex(venues, VENUES as unknown as AnyKind, userId, { q: venueNames[0]!, limit: 50 }, []);
    expect(old).toEqual(await bySql(VENUES as unknown as AnyKind, userId, { q: venueNames[0]!, limit: 50 }, []));
    expect(old.entries.map((entry) => entry.id)).not.toContain(venueId);
    expect(oldWord).not.toBe('');
  }, 120_000);

  it('shows a vote in the next search of a page whose entries it kept: the kept text is of the revision read', async () => {
    const index = await newIndex(ARTISTS);
    const kind = ARTISTS as unknown as AnyKind;
    const userId = pick(fans);
    const query = { q: searchWords(artistNames[7]!)[0]!, limit: 10 };
    const before = await byIndex(index, kind, userId, query, []);
    // Asked again: now from the kept entries, and still the statement's page.
    expect(await byIndex(index, kind, userId, query, [])).toEqual(before);
    const artistId = before.entries[0]!.id;
    const voter = randomUUID();
    const last = await appendAll([
      { stream: `artist-vote-${artistId}-${voter}`, event: { type: 'VoteCast', data: { artistId, userId: voter } } },
    ]);
    await projectPast(last, artistsProjection);

    const after = await byIndex(index, kind, userId, query, []);
    expect(after).toEqual(await bySql(kind, userId, query, []));
    const votes = (page: typeof before) => (page.entries[0] as unknown as { voteCount: number }).voteCount;
    expect(votes(after)).toBe(votes(before) + 1);
  }, 120_000);

  it('rebuilds itself after a replay swaps the tables in, and answers as the new tables do', async () => {
    const index = await newIndex(ARTISTS);
    const oldState = index.ready()?.state;
    await replayProjection(db.pool, artistsProjection, { batchSize: 500 });
    const userId = pick(fans);
    const query = { q: searchWords(artistNames[5]!)[0]!, limit: 10 };
    // The first search sees the swapped table and leaves the page to SQL while the index reloads.
    expect(
      await searchByIndex(
        index,
        ARTISTS as unknown as AnyKind,
        userId,
        { ...query, filters: [] },
        readsOf(ARTISTS as unknown as AnyKind),
      ),
    ).toBeNull();
    expect(await index.whenLoaded()).toBe(true);
    expect(index.ready()?.state.tableOid).not.toBe(oldState?.tableOid);
    expect(await byIndex(index, ARTISTS as unknown as AnyKind, userId, query, [])).toEqual(
      await bySql(ARTISTS as unknown as AnyKind, userId, query, []),
    );
  }, 120_000);

  it('never answers a search with what the tables did not hold at one revision while entries are added', async () => {
    const index = await newIndex(ARTISTS);
    const kind = ARTISTS as unknown as AnyKind;
    const userId = pick(fans);
    // In the order appended, one transaction each, so the projection applies them in this order.
    const appended: string[] = [];
    let projectedCount = 0;
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 10; i++) {
        const event = artistAdded(`Zzracer ${word()}`);
        appended.push(event.stream.slice('artist-'.length));
        await projectPast(await appendAll([event]), artistsProjection);
        projectedCount = appended.length;
      }
      writing = false;
    })();
    let searches = 0;
    const readers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const before = projectedCount;
        const page = await searchByIndex(index, kind, userId, { q: 'zzracer', limit: 100, filters: [] }, readsOf(kind));
        searches++;
        if (!page) continue;
        // Newest first: exactly the first m racers (never one without the ones added before it), and at
        // least every racer projected before the search began.
        const ids = (JSON.parse(page.json().toString()) as CatalogEntry[]).map((entry) => entry.id).reverse();
        expect(ids).toEqual(appended.slice(0, ids.length));
        expect(ids.length).toBeGreaterThanOrEqual(before);
      }
    });
    await Promise.all([writer, ...readers]);
    expect(searches).toBeGreaterThan(10);
    expect(await byIndex(index, kind, userId, { q: 'zzracer', limit: 100 }, [])).toEqual(
      await bySql(kind, userId, { q: 'zzracer', limit: 100 }, []),
    );
  }, 300_000);
});
