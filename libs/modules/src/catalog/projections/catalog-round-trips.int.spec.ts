import { randomUUID } from 'node:crypto';
import { createDomainEventRegistry, type DomainEvent } from '@app/contracts';
import { ConsumerRunner, EventStore, migrateReadModels } from '@app/event-store';
import { createLogger } from '@app/platform';
import { createTestDatabase, roundTripsOf, slowLink, type SlowLink, type TestDatabase } from '@app/testing';
import { artistsProjection } from './artists.projection.js';

/**
 * A live catalogue batch holds back what arrives while it runs, so its round trips are its latency
 * (docs/performance.md, real lag). Through a proxy that makes every round trip take LATENCY_MS, a batch's
 * time counts them: the runner's read, BEGIN, the batch's dependent steps, then COMMIT behind its last
 * writes (pipelined connections, pool.ts; BatchTail).
 */
const LATENCY_MS = 150;

describe('a catalogue batch, in round trips (real PostgreSQL behind a slow link)', () => {
  let db: TestDatabase;
  let link: SlowLink;
  let store: EventStore;
  let runner: ConsumerRunner;

  const append = (stream: string, event: DomainEvent) =>
    store.append(stream, 'no_stream', [{ ...event, metadata: { actingUserId: 'test' } }]);
  const added = (artistId: string, name: string): DomainEvent => ({
    type: 'ArtistAdded',
    data: {
      artistId,
      name,
      artistType: 'Band',
      genre: 'Rock',
      secondaryGenre: null,
      recordLabel: null,
      bio: null,
      links: [],
      addedBy: randomUUID(),
      addedByFoundingFanNumber: 7,
      attestation: 'test',
    },
  });
  /** The round trips of the runner's next batch, which handles one event. */
  const roundTripsOfNextBatch = () =>
    roundTripsOf(LATENCY_MS, async () => expect(await runner.processBatch()).toMatchObject({ handled: 1 }));

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrateReadModels(db.pool, [artistsProjection]);
    store = new EventStore(db.pool, createDomainEventRegistry());
    link = await slowLink(db.url, LATENCY_MS);
    runner = new ConsumerRunner(link.pool, artistsProjection, {
      databaseUrl: link.url,
      batchSize: 100,
      pollIntervalMs: 60_000,
      logger: createLogger('test', 'silent'),
    });
    // Warm: the checkpoint made and read, the connection open.
    await append('artist-warm', added(randomUUID(), 'Warm Up'));
    await runner.catchUp();
  }, 60_000);
  afterAll(async () => {
    await link.close();
    await db.close();
  });

  it('an add takes 6: read, BEGIN, its row, its fan and words and total together, the new words’ typos, COMMIT', async () => {
    const artistId = randomUUID();
    await append(`artist-${artistId}`, added(artistId, 'Pipelined Harmonies'));
    // One by one: read, BEGIN, row, fan, unindexed words, words, typos, total, revision, COMMIT (10).
    expect(await roundTripsOfNextBatch()).toBe(6);
    const { rows } = await db.pool.query(
      `select a.name, (select count(*)::int from catalog_artist_fans f where f.artist_id = a.id) as fans,
              (select count(*)::int from catalog_artist_words w where w.entity_id = a.id) as words,
              (select public_count from catalog_artist_totals) as listed,
              (select position from catalog_artist_revision) = a.position as revision_moved
       from catalog_artists a where a.id = $1`,
      [artistId],
    );
    expect(rows).toEqual([{ name: 'Pipelined Harmonies', fans: 1, words: 2, listed: 2, revision_moved: true }]);
  });

  it('a vote takes 5: read, BEGIN, merged entries asked, the vote, its count with COMMIT', async () => {
    const artistId = randomUUID();
    await append(`artist-${artistId}`, added(artistId, 'Counted'));
    await runner.catchUp();
    const voter = randomUUID();
    const { position } = await append(`artist-vote-${artistId}-${voter}`, {
      type: 'VoteCast',
      data: { artistId, userId: voter },
    });
    // One by one: read, BEGIN, merged entries, vote, count, revision, COMMIT (7).
    expect(await roundTripsOfNextBatch()).toBe(5);
    const { rows } = await db.pool.query(
      `select vote_count, (select position from catalog_artist_revision) as revision from catalog_artists where id = $1`,
      [artistId],
    );
    expect(rows).toEqual([{ vote_count: 1, revision: position.globalPosition }]);
  });
});
