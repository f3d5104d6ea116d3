import { createDomainEventRegistry } from '@app/contracts';
import { createReadModelTables, settle, type Projection, type StoredEvent } from '@app/event-store';
import { withTransaction, type Pool } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { artistsProjection } from './artists.projection.js';
import { artistsReference, venuesReference } from './test/per-event-reference.js';
import { venuesProjection } from './venues.projection.js';

/**
 * The catalogue projections apply a batch a statement per table (entry-batch.ts, mark-batch.ts). Whatever
 * the batch boundaries, they must leave exactly the rows that applying the events one by one leaves,
 * which is what they did before (test/per-event-reference.ts keeps that code).
 */
describe('the catalogue projections, a batch at a time (real PostgreSQL)', () => {
  let db: TestDatabase;
  let schemas = 0;
  const registry = createDomainEventRegistry();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  /** Projects `events` into fresh tables of their own schema, `batchSize` events per transaction. */
  async function project(projection: Projection, events: readonly StoredEvent[], batchSize: number): Promise<string> {
    const schema = `run_${++schemas}`;
    await withTransaction(db.pool, async (client) => {
      await client.query(`create schema ${schema}`);
      await client.query(`set local search_path to ${schema}, public`);
      await createReadModelTables(client, projection);
    });
    for (let from = 0; from < events.length; from += batchSize) {
      await withTransaction(db.pool, async (client) => {
        await client.query(`set local search_path to ${schema}, public`);
        await settle(await projection.handle(events.slice(from, from + batchSize), client));
      });
    }
    return schema;
  }

  async function dump(pool: Pool, schema: string, projection: Projection): Promise<Record<string, unknown[]>> {
    const tables: Record<string, unknown[]> = {};
    for (const table of projection.tables) {
      const { rows } = await pool.query(`select * from ${schema}.${table} t order by t::text`);
      tables[table] = rows;
    }
    return tables;
  }

  /** A deterministic pseudo-random sequence (a linear congruential generator), so a failure replays. */
  function random(seed: number): (n: number) => number {
    let state = seed;
    return (n) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((state / 2 ** 31) * n);
    };
  }

  const NAMES = ['The Beatles', 'Sigur Rós', 'Björk', 'AC/DC', 'Duran Duran', 'Beat Happening', 'Radiohead'];

  /**
   * Adds, then (only for entries already added, as in a real log) verifications or confirmations, links or
   * updates, votes and favourites on and off in any order (repeats included), events repeated later in the
   * log, and whole stretches handed over again (a replayed batch).
   */
  function generate(kind: 'artist' | 'venue', seed: number, length: number): StoredEvent[] {
    const rand = random(seed);
    const events: StoredEvent[] = [];
    const ids: string[] = [];
    const merges: string[] = [];
    const users = Array.from({ length: 6 }, (_, i) => `user-${i}`);
    const idField = kind === 'artist' ? 'artistId' : 'venueId';
    const marks =
      kind === 'artist'
        ? ['VoteCast', 'VoteWithdrawn', 'ArtistFavorited', 'ArtistUnfavorited']
        : ['VenueVoteCast', 'VenueVoteWithdrawn', 'VenueFavorited', 'VenueUnfavorited'];
    let position = 100;
    const push = (type: string, data: unknown) => {
      position += 1 + rand(3);
      const valid = registry.validate(type, data);
      events.push({
        type,
        data: valid.data,
        globalPosition: position,
        transactionId: String(position),
        streamId: `${kind}-${position}`,
        streamVersion: 1,
        schemaVersion: valid.schemaVersion,
        metadata: {},
        recordedAt: new Date(Date.UTC(2026, 0, 1) + position * 1000),
      });
    };
    const details = (name: string) => ({
      name,
      venueType: 'Theater',
      streetAddress: rand(2) ? null : `${rand(999)} Main St`,
      city: 'Austin',
      state: 'TX',
      country: 'US',
      capacity: rand(2) ? null : 100 + rand(900),
      ageRestriction: null,
      soundSystem: null,
      bio: rand(2) ? null : `bio ${rand(100)}`,
      phoneNumber: null,
      email: null,
      bookingContact: null,
      accessibility: null,
      parking: null,
      links: [{ platform: 'website', key: `site${rand(50)}.example`, url: `https://site${rand(50)}.example` }],
    });
    while (events.length < length) {
      const roll = rand(100);
      const entryId = ids.length > 0 ? ids[rand(ids.length)]! : undefined;
      const userId = users[rand(users.length)]!;
      if (!entryId || (roll < 12 && ids.length < 40)) {
        const id = `${kind}-${ids.length}`;
        ids.push(id);
        const name = `${NAMES[rand(NAMES.length)]!} ${ids.length}`;
        const addedBy = users[rand(users.length)]!;
        if (kind === 'artist') {
          push('ArtistAdded', {
            artistId: id,
            name,
            artistType: 'Band',
            genre: 'Rock',
            secondaryGenre: rand(2) ? null : 'Pop',
            recordLabel: null,
            bio: rand(2) ? null : `bio of ${name}`,
            links: [{ platform: 'spotify', key: id, url: `https://open.spotify.com/artist/${id}` }],
            addedBy,
            addedByFoundingFanNumber: rand(3) ? 1 + rand(100) : null,
            attestation: 'I am a fan',
          });
        } else {
          push('VenueAdded', { ...details(name), venueId: id, addedBy, addedByFoundingFanNumber: 1 + rand(100) });
        }
      } else if (roll < 20) {
        if (kind === 'artist') push('ArtistVerified', { artistId: entryId, userId, fanNumber: 2 + rand(9) });
        else push('VenueDuplicateConfirmed', { venueId: entryId, userId });
      } else if (roll < 24) {
        if (kind === 'artist' && rand(3) === 0) {
          // The claimant edits the details (a rename included): replaced like a venue's update.
          push('ArtistDetailsEdited', {
            artistId: entryId,
            userId,
            name: `${NAMES[rand(NAMES.length)]!} edited`,
            artistType: 'Solo Artist',
            genre: 'Jazz',
            secondaryGenre: rand(2) ? null : 'Blues',
            recordLabel: rand(2) ? null : `label ${position}`,
            bio: null,
          });
        } else if (kind === 'artist') {
          push('ArtistLinksAdded', {
            artistId: entryId,
            userId,
            links: [{ platform: 'website', key: `w${position}`, url: `https://w${position}.example` }],
          });
          // Often a second fan brings more links to the same artist at once: their order is the log's.
          if (rand(2) === 0) {
            push('ArtistLinksAdded', {
              artistId: entryId,
              userId,
              links: [{ platform: 'youtube', key: `y${position}`, url: `https://y${position}.example` }],
            });
          }
        } else {
          push('VenueUpdated', { ...details(`${NAMES[rand(NAMES.length)]!} renamed`), venueId: entryId, userId });
        }
      } else if (roll < 25 && ids.length > 3) {
        // A duplicate merged into another entry (each once; later marks of it are the survivor's).
        const merged = new Set(merges);
        const candidates = ids.filter((id) => !merged.has(id));
        const duplicate = candidates[rand(candidates.length)]!;
        const survivor = candidates.filter((id) => id !== duplicate)[rand(candidates.length - 1)]!;
        merges.push(duplicate);
        const decision = { [idField]: duplicate, survivorId: survivor, operatorId: userId, reason: 'same' };
        push(kind === 'artist' ? 'ArtistMerged' : 'VenueMerged', decision);
      } else if (roll < 26) {
        // An operator hides or restores it (the decisions alternate on its moderation stream; the
        // projection must not rely on that: a restore of a public entry changes nothing).
        const hidden = rand(3) > 0;
        const decision = { [idField]: entryId, operatorId: userId, reason: `reason ${position}` };
        push(`${kind === 'artist' ? 'Artist' : 'Venue'}${hidden ? 'Hidden' : 'Restored'}`, decision);
      } else if (roll < 28) {
        // The same event again, later in the log.
        events.push(events[rand(events.length)]!);
      } else if (roll < 30) {
        // A stretch handed over again, as a batch applied twice would be.
        const from = rand(events.length);
        events.push(...events.slice(from, from + 1 + rand(12)));
      } else {
        // Few entries and users: the same (entry, user) goes on and off several times, within one batch too.
        push(marks[rand(marks.length)]!, { [idField]: ids[rand(Math.min(ids.length, 5))]!, userId: users[rand(3)]! });
      }
    }
    return events;
  }

  describe.each([
    ['artists', artistsProjection, artistsReference, 'artist'],
    ['venues', venuesProjection, venuesReference, 'venue'],
  ] as const)('%s', (_, projection, reference, kind) => {
    it.each([1, 2, 3])(
      'leaves the rows of one event at a time, in batches of 1, 7 and 1000 (seed %i)',
      async (seed) => {
        const events = generate(kind, seed, 600);
        const expected = await dump(db.pool, await project(reference, events, 1), reference);
        // The sequence does what it is for: counts go up and down, rows come back after going.
        expect(expected[`catalog_${kind}s`]!.length).toBeGreaterThan(20);
        expect((expected[`catalog_${kind}_votes`] ?? []).length).toBeGreaterThan(0);
        expect((expected[`catalog_${kind}_favorites`] ?? []).length).toBeGreaterThan(0);
        // Some entries end hidden (with their reason), others were hidden and restored.
        expect(
          expected[`catalog_${kind}s`]!.filter((row) => (row as { is_public: boolean }).is_public === false).length,
        ).toBeGreaterThan(0);
        // Some were merged into others.
        expect(
          expected[`catalog_${kind}s`]!.filter((row) => (row as { merged_into: string | null }).merged_into).length,
        ).toBeGreaterThan(0);
        for (const batchSize of [1, 7, 1000]) {
          const actual = await dump(db.pool, await project(projection, events, batchSize), projection);
          expect({ batchSize, ...actual }).toEqual({ batchSize, ...expected });
        }
      },
    );
  });

  it("keeps a favourite's row of the first 'on' after the last 'off', and counts only rows that came or went", async () => {
    const at = (globalPosition: number) => ({
      globalPosition,
      transactionId: String(globalPosition),
      streamId: `s-${globalPosition}`,
      streamVersion: 1,
      schemaVersion: 1,
      metadata: {},
      recordedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, globalPosition)),
    });
    const fav = (type: string, globalPosition: number, userId = 'u1') =>
      ({ type, data: { artistId: 'a1', userId }, ...at(globalPosition) }) as StoredEvent;
    const added = {
      type: 'ArtistAdded',
      data: registry.validate('ArtistAdded', {
        artistId: 'a1',
        name: 'Björk',
        artistType: 'Solo Artist',
        genre: 'Pop',
        secondaryGenre: null,
        recordLabel: null,
        bio: null,
        links: [],
        addedBy: 'u0',
        addedByFoundingFanNumber: 7,
        attestation: 'I am a fan',
      }).data,
      ...at(1),
    } as StoredEvent;
    const schema = await project(
      artistsProjection,
      [
        added,
        fav('ArtistFavorited', 2),
        fav('ArtistUnfavorited', 3),
        fav('ArtistFavorited', 4),
        fav('ArtistFavorited', 5),
        fav('ArtistFavorited', 6, 'u2'),
        fav('ArtistUnfavorited', 7, 'u2'),
        fav('ArtistUnfavorited', 8, 'u2'),
      ],
      1000,
    );
    const { rows } = await db.pool.query(`select user_id, position from ${schema}.catalog_artist_favorites`);
    expect(rows).toEqual([{ user_id: 'u1', position: 4 }]);
    const count = await db.pool.query(`select favorite_count from ${schema}.catalog_artists`);
    expect(count.rows).toEqual([{ favorite_count: 1 }]);
  });
});
