import { randomUUID } from 'node:crypto';
import { createDomainEventRegistry, type DomainEvent, type TArtist } from '@app/contracts';
import { ConsumerRunner, EventStore, migrateReadModels, ProjectionWaiter, verifyProjection } from '@app/event-store';
import { createLogger, preparedStatement } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { artistsProjection } from '../../projections/artists.projection.js';
import { ARTISTS, type ArtistRow } from '../../kinds/artists.js';
import { catalogListSql } from './catalog-list-sql.js';
import { CatalogReadCache } from './catalog-read-cache.js';

/**
 * The api's read cache against the real read model: a cached page must never be older than the tables,
 * must carry the flags of whoever asks (not of whoever filled it), and must spare the page's query while
 * nothing changed.
 */
describe('the catalogue read cache (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ConsumerRunner;
  let cache: CatalogReadCache<TArtist, null>;
  let loads = 0;
  const adder = randomUUID();
  const voter = randomUUID();
  const artistId = randomUUID();

  /** Appends, then projects until the projection has passed the event (a transaction elsewhere on the
   * server can hold the log's visibility horizon back for a while). */
  const append = async (stream: string, event: DomainEvent) => {
    const { position } = await store.append(stream, 'no_stream', [{ ...event, metadata: { actingUserId: 'test' } }]);
    const waiter = new ProjectionWaiter(db.pool);
    const deadline = Date.now() + 20_000;
    while (!(await waiter.waitFor(position, [artistsProjection.name], 0))) {
      if (Date.now() > deadline) throw new Error('the projection did not catch up with the log in time');
      await runner.catchUp();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const read = (userId: string) =>
    cache.read('all-artists', userId, async () => {
      loads++;
      const sql = catalogListSql(ARTISTS, userId, 'all', { limit: 24, filters: [] });
      const { rows } = await db.pool.query<ArtistRow>(preparedStatement(sql.text, sql.values));
      return {
        entries: rows.map((row) => ARTISTS.toEntry(row, userId)),
        meta: null,
        revision: rows[0]?.revision ?? null,
      };
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrateReadModels(db.pool, [artistsProjection]);
    store = new EventStore(db.pool, createDomainEventRegistry());
    runner = new ConsumerRunner(db.pool, artistsProjection, {
      databaseUrl: db.url,
      batchSize: 100,
      pollIntervalMs: 60_000,
      logger: createLogger('test', 'silent'),
    });
    await runner.start();
    cache = new CatalogReadCache(db.pool, { flagsSql: ARTISTS.flagsSql, userFields: ARTISTS.userFields, capacity: 10 });
    await append(`artist-${artistId}`, {
      type: 'ArtistAdded',
      data: {
        artistId,
        name: 'Cached Band',
        artistType: 'Band',
        genre: 'Rock',
        secondaryGenre: null,
        recordLabel: null,
        bio: null,
        links: [],
        addedBy: adder,
        addedByFoundingFanNumber: 7,
        attestation: 'test',
      },
    });
  });
  afterAll(async () => {
    await runner.stop();
    await db.close();
  });

  it('reads the tables once, then answers from memory with the flags of each user who asks', async () => {
    const first = await read(adder);
    expect(loads).toBe(1);
    expect(first.entries).toEqual([expect.objectContaining({ id: artistId, hasUserVerified: true })]);

    const second = await read(voter);
    expect(loads).toBe(1);
    expect(second.entries[0]).toMatchObject({ id: artistId, hasUserVerified: false, userHasVoted: false });
    // The JSON the api sends says the same as the entries.
    expect(JSON.parse(second.json().toString())).toEqual(second.entries);
  });

  it('reads the tables again once the catalogue changed, so a vote shows at once', async () => {
    await append(`artist-vote-${artistId}-${voter}`, { type: 'VoteCast', data: { artistId, userId: voter } });
    const forVoter = await read(voter);
    expect(loads).toBe(2);
    expect(forVoter.entries[0]).toMatchObject({ voteCount: 1, userHasVoted: true });
    const forAdder = await read(adder);
    expect(loads).toBe(2);
    expect(forAdder.entries[0]).toMatchObject({ voteCount: 1, userHasVoted: false, hasUserVerified: true });
    expect(JSON.parse(forAdder.json().toString())).toEqual(forAdder.entries);
  });

  it('gives each of many users asking at once their own flags, though they share flag statements', async () => {
    const users = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? voter : i % 3 === 1 ? adder : randomUUID()));
    const answers = await Promise.all(users.map((userId) => read(userId)));
    expect(loads).toBe(2);
    answers.forEach((answer, i) => {
      expect(answer.entries[0]).toMatchObject({
        userHasVoted: users[i] === voter,
        hasUserVerified: users[i] === adder,
      });
    });
  });

  it('keeps the revision a rebuild arrives at, so `ops verify` stays clean', async () => {
    const { rows } = await db.pool.query<{ position: string }>('select position::text from catalog_artist_revision');
    const { rows: last } = await db.pool.query<{ position: string }>(
      'select max(global_position)::text as position from events',
    );
    expect(rows[0]!.position).toBe(last[0]!.position);
    expect(await verifyProjection(db.pool, artistsProjection, { batchSize: 1 })).toEqual([]);
  });
});
