import { randomUUID } from 'node:crypto';
import { createDomainEventRegistry, type TRole } from '@app/contracts';
import {
  ConsumerRunner,
  EventStore,
  migrateReadModels,
  ProjectionWaiter,
  replayProjection,
  verifyProjection,
  type LogConsumer,
} from '@app/event-store';
import { createLogger, loadConfig, milestoneThresholds } from '@app/platform';
import { createTestDatabase, projectAll, type TestDatabase } from '@app/testing';
import type { Milestone } from './domain/milestones.js';
import { milestoneProgressProjection } from './projections/milestone-progress.projection.js';
import { listenerMembershipOpen } from './application/services/listener-membership-gate.js';
import { createMilestoneRecorderReactor } from './reactors/milestone-recorder.reactor.js';

/** Small thresholds, so a test crosses them with a handful of fans and artists. */
const MILESTONES: Milestone[] = [
  { id: 'listener-membership', verifiedFans: 5, verifiedArtists: 5 },
  { id: 'utility-token', verifiedFans: 8, verifiedArtists: 8 },
];

describe('milestones (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStore(db.pool, createDomainEventRegistry());
    await migrateReadModels(db.pool, [milestoneProgressProjection]);
  });
  afterAll(() => db.close());

  /**
   * Runs the runners side by side, round after round, until each consumer has passed the last event
   * (a transaction elsewhere on the server can hold the log's visibility horizon back for a while).
   */
  async function raceUntilCaughtUp(runners: ConsumerRunner[]) {
    const waiter = new ProjectionWaiter(db.pool);
    const names = [...new Set(runners.map((r) => r.consumer.name))];
    const deadline = Date.now() + 20_000;
    for (;;) {
      await Promise.all(runners.map((r) => r.catchUp()));
      const { rows } = await db.pool.query<{ tx: string; pos: number }>(
        'select transaction_id::text as tx, global_position as pos from events order by transaction_id desc, global_position desc limit 1',
      );
      if (await waiter.waitFor({ transactionId: rows[0]!.tx, globalPosition: rows[0]!.pos }, names, 0)) return;
      if (Date.now() > deadline) throw new Error('the recorders did not catch up with the log in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const runner = (consumer: LogConsumer) =>
    new ConsumerRunner(db.pool, consumer, {
      databaseUrl: db.url,
      batchSize: 3,
      pollIntervalMs: 60_000,
      logger: createLogger('test', 'silent'),
    });

  async function signUp(role: TRole): Promise<string> {
    const userId = randomUUID();
    await store.append(`user-${userId}`, 'no_stream', [
      {
        type: 'AccountCreated',
        data: {
          userId,
          email: `${userId}@example.com`,
          firstName: 'A',
          lastName: 'B',
          role,
          zipCode: '12345',
          passwordHash: 'x',
        },
      },
    ]);
    return userId;
  }

  const approve = (userId: string) =>
    store.append(`user-${userId}`, 'any', [
      {
        type: 'KycApproved',
        data: {
          userId,
          sessionId: randomUUID(),
          decisionTime: new Date().toISOString(),
          firstName: null,
          lastName: null,
        },
      },
    ]);

  async function addArtist(addedBy: string): Promise<string> {
    const artistId = randomUUID();
    await store.append(`artist-${artistId}`, 'no_stream', [
      {
        type: 'ArtistAdded',
        data: {
          artistId,
          name: `Band ${artistId.slice(0, 6)}`,
          artistType: 'Band',
          genre: 'Rock',
          secondaryGenre: null,
          recordLabel: null,
          bio: null,
          links: [],
          addedBy,
          addedByFoundingFanNumber: 1,
          attestation: 'I am a genuine music fan.',
        },
      },
    ]);
    return artistId;
  }

  const milestoneEvents = async () =>
    (
      await db.pool.query<{
        stream_id: string;
        data: { milestone: string; verifiedFans: number; verifiedArtists: number };
      }>("select stream_id, data from events where type = 'MilestoneReached' order by global_position")
    ).rows;

  const progress = async () =>
    (
      await db.pool.query(
        `select (select row_to_json(c) from (select verified_fans, verified_artists from outreach_milestone_counts) c) as counts,
                (select array_agg(milestone order by milestone) from outreach_milestones_reached) as reached`,
      )
    ).rows[0];

  it('records each milestone exactly once while approvals land at once and recorders race', async () => {
    const fans = await Promise.all(Array.from({ length: 12 }, () => signUp('fan')));
    const artistsRole = await Promise.all([signUp('artist'), signUp('artist')]);
    const artists = await Promise.all(Array.from({ length: 8 }, (_, i) => addArtist(fans[i % fans.length]!)));
    // A verification of an artist already on the map makes no new public artist.
    await store.append(`artist-${artists[0]}`, 'any', [
      { type: 'ArtistVerified', data: { artistId: artists[0]!, userId: fans[1]!, fanNumber: 2 } },
    ]);
    // Every approval at once (fans twice: a repeated decision counts once), non-fans approved too.
    await Promise.all([...fans, ...fans.slice(0, 4), ...artistsRole].map(approve));

    // Two workers running the recorder, and a second recorder under another name (a reset
    // checkpoint, or a replay that ran it): all at once, three events a batch.
    const recorders = [
      runner(createMilestoneRecorderReactor(store, MILESTONES)),
      runner(createMilestoneRecorderReactor(store, MILESTONES)),
      runner(createMilestoneRecorderReactor(store, MILESTONES, 'outreach-milestone-recorder-second')),
    ];
    await raceUntilCaughtUp(recorders);

    const recorded = await milestoneEvents();
    expect(recorded.map((e) => [e.stream_id, e.data.milestone])).toEqual([
      ['milestone-listener-membership', 'listener-membership'],
      ['milestone-utility-token', 'utility-token'],
    ]);
    for (const { data } of recorded) {
      const milestone = MILESTONES.find((m) => m.id === data.milestone)!;
      expect(data.verifiedFans).toBeGreaterThanOrEqual(milestone.verifiedFans);
      expect(data.verifiedArtists).toBeGreaterThanOrEqual(milestone.verifiedArtists);
    }

    await projectAll(db.pool, db.url, [milestoneProgressProjection]);
    expect(await progress()).toEqual({
      counts: { verified_fans: 12, verified_artists: 8 },
      reached: ['listener-membership', 'utility-token'],
    });
  });

  it('records nothing again when the recorder starts over or the read model is replayed', async () => {
    await db.pool.query("delete from projection_checkpoints where name like 'outreach-milestone-recorder%'");
    await raceUntilCaughtUp([runner(createMilestoneRecorderReactor(store, MILESTONES))]);
    await replayProjection(db.pool, milestoneProgressProjection, { batchSize: 4 });
    expect(await verifyProjection(db.pool, milestoneProgressProjection, { batchSize: 5 })).toEqual([]);

    expect(await milestoneEvents()).toHaveLength(2);
    expect((await progress()).counts).toEqual({ verified_fans: 12, verified_artists: 8 });
  });

  it('does not count a fan before the identity check, nor other roles at all', async () => {
    const waiting = await signUp('fan');
    await approve(await signUp('venue'));
    await projectAll(db.pool, db.url, [milestoneProgressProjection]);
    expect((await progress()).counts).toEqual({ verified_fans: 12, verified_artists: 8 });
    await approve(waiting);
    await projectAll(db.pool, db.url, [milestoneProgressProjection]);
    expect((await progress()).counts).toEqual({ verified_fans: 13, verified_artists: 8 });
  });
});

describe('milestone recorder losing a race (real PostgreSQL)', () => {
  it('moves on without recording when another append of the milestone commits first', async () => {
    const db = await createTestDatabase();
    const store = new EventStore(db.pool, createDomainEventRegistry());
    const rival = await db.pool.connect();
    try {
      const userId = randomUUID();
      const artistId = randomUUID();
      await store.append(`user-${userId}`, 'no_stream', [
        {
          type: 'AccountCreated',
          data: {
            userId,
            email: 'f@example.com',
            firstName: 'A',
            lastName: 'B',
            role: 'fan',
            zipCode: '12345',
            passwordHash: 'x',
          },
        },
        {
          type: 'KycApproved',
          data: { userId, sessionId: 's', decisionTime: new Date().toISOString(), firstName: null, lastName: null },
        },
      ]);
      await store.append(`artist-${artistId}`, 'no_stream', [
        { type: 'ArtistVerified', data: { artistId, userId, fanNumber: 1 } },
      ]);
      const reached = {
        type: 'MilestoneReached' as const,
        data: { milestone: 'listener-membership' as const, threshold: 1, verifiedFans: 1, verifiedArtists: 1 },
      };
      // The rival (another recorder) appended first and has not committed: the recorder sees no
      // stream yet, tries its own 'no stream' append, waits on the rival, and is refused.
      await rival.query('begin');
      await store.append('milestone-listener-membership', 'no_stream', [reached], { client: rival });
      const runner = new ConsumerRunner(
        db.pool,
        createMilestoneRecorderReactor(store, [{ id: 'listener-membership', verifiedFans: 1, verifiedArtists: 1 }]),
        { databaseUrl: db.url, batchSize: 10, pollIntervalMs: 60_000, logger: createLogger('test', 'silent') },
      );
      // Round after round until it has handled the three events (see raceUntilCaughtUp).
      const recorder = (async () => {
        let handled = 0;
        for (let round = 0; handled < 3 && round < 1000; round++) {
          handled += await runner.catchUp();
          if (handled < 3) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return handled;
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await rival.query('commit');

      await expect(recorder).resolves.toBe(3);
      const { rows } = await db.pool.query("select count(*)::int as n from events where type = 'MilestoneReached'");
      expect(rows[0].n).toBe(1);
    } finally {
      rival.release();
      await db.close();
    }
  });
});

describe('milestone recorder with configured thresholds (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStore(db.pool, createDomainEventRegistry());
  });
  afterAll(() => db.close());

  const verifiedFan = async () => {
    const userId = randomUUID();
    await store.append(`user-${userId}`, 'no_stream', [
      {
        type: 'AccountCreated',
        data: {
          userId,
          email: `${userId}@example.com`,
          firstName: 'A',
          lastName: 'B',
          role: 'fan',
          zipCode: '12345',
          passwordHash: 'x',
        },
      },
      {
        type: 'KycApproved',
        data: {
          userId,
          sessionId: randomUUID(),
          decisionTime: new Date().toISOString(),
          firstName: null,
          lastName: null,
        },
      },
    ]);
    return userId;
  };
  const verifiedArtist = (userId: string) => {
    const artistId = randomUUID();
    return store.append(`artist-${artistId}`, 'no_stream', [
      { type: 'ArtistVerified', data: { artistId, userId, fanNumber: 1 } },
    ]);
  };

  /** Recorders on two workers (one name, one checkpoint) catch up at once, round after round. */
  async function recordersCatchUp(recorders: LogConsumer[]) {
    const runners = recorders.map(
      (consumer) =>
        new ConsumerRunner(db.pool, consumer, {
          databaseUrl: db.url,
          batchSize: 1,
          pollIntervalMs: 60_000,
          logger: createLogger('test', 'silent'),
        }),
    );
    const waiter = new ProjectionWaiter(db.pool);
    const names = [...new Set(recorders.map((r) => r.name))];
    const { rows } = await db.pool.query<{ tx: string; pos: number }>(
      'select transaction_id::text as tx, global_position as pos from events order by transaction_id desc, global_position desc limit 1',
    );
    const last = { transactionId: rows[0]!.tx, globalPosition: rows[0]!.pos };
    const deadline = Date.now() + 20_000;
    for (;;) {
      await Promise.all(runners.map((r) => r.catchUp()));
      if (await waiter.waitFor(last, names, 0)) return;
      if (Date.now() > deadline) throw new Error('the recorders did not catch up with the log in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('records the Listener milestone once, at the configured 3 verified fans and 1 verified artist, and opens the gate', async () => {
    const config = loadConfig({
      DATABASE_URL: db.url,
      NODE_ENV: 'test',
      MILESTONE_LISTENER_FANS: '3',
      MILESTONE_LISTENER_ARTISTS: '1',
    });
    // Two workers only: a recorder under a second name would share the recorder's count tables with its
    // own checkpoint and, racing, count a fan twice (the first test's thresholds are far enough for that
    // not to matter; these are exact).
    const recorders = () => [
      createMilestoneRecorderReactor(store, milestoneThresholds(config)),
      createMilestoneRecorderReactor(store, milestoneThresholds(config)),
    ];
    const fans = [await verifiedFan(), await verifiedFan()];
    await verifiedArtist(fans[0]!);
    await recordersCatchUp(recorders());
    // Two fans of three: not yet, whatever the product's 10,000 would say.
    expect((await db.pool.query("select data from events where type = 'MilestoneReached'")).rows).toEqual([]);
    expect(await listenerMembershipOpen(new EventStore(db.pool, createDomainEventRegistry()))).toBe(false);

    await verifiedFan();
    await recordersCatchUp(recorders());
    const { rows } = await db.pool.query<{ stream_id: string; data: Record<string, unknown> }>(
      "select stream_id, data from events where type = 'MilestoneReached'",
    );
    expect(rows).toEqual([
      {
        stream_id: 'milestone-listener-membership',
        data: {
          milestone: 'listener-membership',
          threshold: 3,
          thresholds: { verifiedFans: 3, verifiedArtists: 1 },
          verifiedFans: 3,
          verifiedArtists: 1,
        },
      },
    ]);
    expect(await listenerMembershipOpen(new EventStore(db.pool, createDomainEventRegistry()))).toBe(true);
  });
});
