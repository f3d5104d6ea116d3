import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { ACCOUNT_MESSAGES, createDomainEventRegistry, MODERATION_MESSAGES } from '@app/contracts';
import { EventStore, verifyProjection } from '@app/event-store';
import { artistsProjection, reportsProjection, venuesProjection } from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { changeOperator } from '@app/modules/operators';
import { payolaLedgerProjection } from '@app/modules/payola';
import { startApi, type ApiHarness, type Client } from './api-harness.js';
import { signUpAccount, signUpMember } from './members.js';

/** Sign-ups, payments and identity checks per test: slow when the machine is shared. */
const TEST_TIMEOUT_MS = 120_000;

function artist(name: string) {
  const id = randomUUID().replace(/-/g, '').slice(0, 22);
  return {
    name,
    artistType: 'Band',
    genre: 'Rock',
    secondaryGenre: null,
    recordLabel: null,
    bio: `${name} on the map.`,
    spotifyUrl: `https://open.spotify.com/artist/${id}`,
    socialUrls: [`https://www.instagram.com/a_${id.toLowerCase()}`],
  };
}

const venue = (name: string) => ({
  name,
  venueType: 'Live Music Club',
  streetAddress: '6 Delancey St',
  city: 'New York',
  state: 'NY',
  capacity: '575',
  ageRestriction: '21+',
  soundSystem: 'Professional PA System',
  bio: 'Intimate room.',
  phoneNumber: null,
  email: null,
  bookingContact: null,
  accessibility: null,
  parking: null,
  socialUrls: [''],
});

describe('reports and moderation: members report once, operators hide, restore and dismiss (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let store: EventStore;
  let adder: { client: Client; userId: string };
  let ops: { client: Client; userId: string };

  beforeAll(async () => {
    api = await startApi([
      usersProjection,
      payolaLedgerProjection,
      artistsProjection,
      venuesProjection,
      reportsProjection,
    ]);
    store = new EventStore(api.db.pool, createDomainEventRegistry());
    adder = await signUpMember(api);
    ops = await operator();
  }, TEST_TIMEOUT_MS);
  afterAll(() => api.close());

  /** An operator whose session passed the second factor (granted in process, as the ops CLI does). */
  async function operator(): Promise<{ client: Client; userId: string }> {
    const account = await signUpAccount(api, 'fan');
    const email = (await account.client.get('/api/auth/check')).body.user.email as string;
    await changeOperator(api.db.pool, store, 'grant', email, 'test');
    const setup = await account.client.post('/api/ops/second-factor/setup');
    const code = await generate({ secret: setup.body.secret });
    expect((await account.client.post('/api/ops/second-factor/confirm', { code })).status).toBe(200);
    return account;
  }

  async function addArtist(name: string): Promise<string> {
    const added = await adder.client.post('/api/artists', { artist: artist(name), attested: true });
    expect(added.status).toBe(201);
    return added.body.id as string;
  }

  const names = (body: { name: string }[]) => body.map((entry) => entry.name);

  it('answers 404 to members and visitors on every console route', async () => {
    const id = await addArtist(`Quiet ${randomUUID().slice(0, 6)}`);
    for (const client of [adder.client, api.client()]) {
      expect((await client.get('/api/ops/reports')).status).toBe(404);
      expect((await client.post(`/api/ops/entries/artist/${id}/hide`, { reason: 'x' })).status).toBe(404);
    }
    expect(await store.readStream(`artist-moderation-${id}`)).toEqual([]);
  });

  it(
    'refuses bad reports with clear messages, and a second report by the same member with 409',
    async () => {
      const id = await addArtist(`Report Me ${randomUUID().slice(0, 6)}`);
      const reporter = await signUpMember(api, 'fan', false);
      const bad = await reporter.client.post(`/api/artists/${id}/report`, { reason: 'boring' });
      expect(bad.status).toBe(400);
      const other = await reporter.client.post(`/api/artists/${id}/report`, { reason: 'other', text: '  ' });
      expect(other.status).toBe(400);
      expect(other.body.message).toBe(MODERATION_MESSAGES.otherNeedsText);
      const unknown = await reporter.client.post(`/api/artists/${randomUUID()}/report`, { reason: 'offensive' });
      expect(unknown.status).toBe(404);

      const first = await reporter.client.post(`/api/artists/${id}/report`, {
        reason: 'wrong-info',
        text: 'Not a band',
      });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ reported: true });
      const again = await reporter.client.post(`/api/artists/${id}/report`, { reason: 'offensive' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(MODERATION_MESSAGES.alreadyReported);
      const [event, ...rest] = await store.readStream(`artist-report-${id}-${reporter.userId}`);
      expect(rest).toEqual([]);
      expect(event).toMatchObject({
        type: 'ArtistReported',
        data: { artistId: id, userId: reporter.userId, reason: 'wrong-info', text: 'Not a band' },
        metadata: { actingUserId: reporter.userId },
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'one member reporting one entry 8 times at once gives exactly one report; the 21st attempt in an hour is 429',
    async () => {
      const id = await addArtist(`Raced ${randomUUID().slice(0, 6)}`);
      const reporter = await signUpMember(api, 'fan', false);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => reporter.client.post(`/api/artists/${id}/report`, { reason: 'duplicate' })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      expect(await store.readStream(`artist-report-${id}-${reporter.userId}`)).toHaveLength(1);
      const queue = await ops.client.get('/api/ops/reports?limit=100');
      expect(queue.body.groups.find((g: { entryId: string }) => g.entryId === id).counts.duplicate).toBe(1);

      // 8 attempts spent; 12 more are allowed this hour (refused as repeats), the next is rate-limited.
      for (let attempt = 9; attempt <= 20; attempt++) {
        expect((await reporter.client.post(`/api/artists/${id}/report`, { reason: 'duplicate' })).status).toBe(409);
      }
      const limited = await reporter.client.post(`/api/artists/${id}/report`, { reason: 'duplicate' });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(ACCOUNT_MESSAGES.tooManyAttempts);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the queue groups reports per entry with counts per reason, newest first, a page at a time, open or dismissed',
    async () => {
      const older = await addArtist(`Older ${randomUUID().slice(0, 6)}`);
      const newer = await addArtist(`Newer ${randomUUID().slice(0, 6)}`);
      const [a, b] = await Promise.all([signUpMember(api, 'fan', false), signUpMember(api, 'fan', false)]);
      expect((await a.client.post(`/api/artists/${older}/report`, { reason: 'offensive' })).status).toBe(200);
      expect((await a.client.post(`/api/artists/${newer}/report`, { reason: 'other', text: 'Spam link' })).status).toBe(
        200,
      );
      expect((await b.client.post(`/api/artists/${newer}/report`, { reason: 'offensive' })).status).toBe(200);

      const first = await ops.client.get('/api/ops/reports?limit=1');
      expect(first.status).toBe(200);
      expect(first.body.groups).toHaveLength(1);
      expect(first.body.groups[0]).toMatchObject({
        kind: 'artist',
        entryId: newer,
        status: 'open',
        hidden: null,
        counts: { 'wrong-info': 0, duplicate: 0, offensive: 1, other: 1 },
        texts: [{ reason: 'other', text: 'Spam link' }],
      });
      const second = await ops.client.get(`/api/ops/reports?limit=1&cursor=${first.body.nextCursor}`);
      expect(second.body.groups[0].entryId).toBe(older);
      expect((await ops.client.get('/api/ops/reports?cursor=nope')).status).toBe(400);

      // Dismissed with a reason: the group moves to the dismissed list; a new report opens it from zero.
      const noReason = await ops.client.post(`/api/ops/entries/artist/${older}/dismiss-reports`, { reason: ' ' });
      expect(noReason.status).toBe(400);
      const dismissed = await ops.client.post(`/api/ops/entries/artist/${older}/dismiss-reports`, {
        reason: 'Strong words, not offensive',
      });
      expect(dismissed.status).toBe(200);
      const twice = await ops.client.post(`/api/ops/entries/artist/${older}/dismiss-reports`, { reason: 'again' });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe(MODERATION_MESSAGES.noOpenReports);
      const open = await ops.client.get('/api/ops/reports?limit=100');
      expect(open.body.groups.map((g: { entryId: string }) => g.entryId)).not.toContain(older);
      const closed = await ops.client.get('/api/ops/reports?status=dismissed&limit=100');
      expect(closed.body.groups.find((g: { entryId: string }) => g.entryId === older)).toMatchObject({
        status: 'dismissed',
        counts: { offensive: 1 },
        dismissal: { operatorId: ops.userId, reason: 'Strong words, not offensive' },
      });
      expect((await b.client.post(`/api/artists/${older}/report`, { reason: 'duplicate' })).status).toBe(200);
      const reopened = (await ops.client.get('/api/ops/reports?limit=1')).body.groups[0];
      expect(reopened).toMatchObject({ entryId: older, status: 'open', counts: { offensive: 0, duplicate: 1 } });

      const [event] = await store.readStream(`artist-moderation-${older}`);
      expect(event).toMatchObject({
        type: 'ArtistReportsDismissed',
        data: { artistId: older, operatorId: ops.userId, reason: 'Strong words, not offensive' },
        metadata: { actingUserId: ops.userId },
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a hidden artist leaves lists, search, favourites and profiles for members, its adder sees why; restore brings it back',
    async () => {
      const name = `Hideable ${randomUUID().slice(0, 6)}`;
      const id = await addArtist(name);
      const fan = await signUpMember(api, 'fan', false);
      expect((await fan.client.post(`/api/artists/${id}/favorite`, { favorite: true })).status).toBe(200);
      const before = (await fan.client.get('/api/artists/counts')).body;
      const adderBefore = (await adder.client.get('/api/artists/counts')).body;

      const reason = 'Offensive name';
      expect((await ops.client.post(`/api/ops/entries/artist/${id}/hide`, { reason })).status).toBe(200);
      const hideAgain = await ops.client.post(`/api/ops/entries/artist/${id}/hide`, { reason });
      expect(hideAgain.status).toBe(409);
      expect(hideAgain.body.message).toBe(MODERATION_MESSAGES.alreadyHidden);

      expect(names((await fan.client.get('/api/artists/all?limit=100')).body)).not.toContain(name);
      expect(names((await fan.client.get(`/api/artists/all?q=${encodeURIComponent(name)}`)).body)).toEqual([]);
      expect(names((await fan.client.get('/api/artists/favorites')).body)).not.toContain(name);
      expect((await fan.client.get(`/api/artists/${id}`)).status).toBe(404);
      expect((await fan.client.get('/api/artists/counts')).body).toEqual({
        ...before,
        all: before.all - 1,
        favorites: before.favorites - 1,
      });
      // The adder: still in My Artists and on the profile, with the operators' reason.
      const own = await adder.client.get(`/api/artists/${id}`);
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ isPublic: false, hiddenReason: reason });
      expect(names((await adder.client.get('/api/artists/my?limit=100')).body)).toContain(name);
      expect((await adder.client.get('/api/artists/counts')).body.my).toBe(adderBefore.my);

      const restoreWrong = await ops.client.post(`/api/ops/entries/venue/${id}/restore`, { reason: 'x' });
      expect(restoreWrong.status).toBe(404);
      expect((await ops.client.post(`/api/ops/entries/artist/${id}/restore`, { reason: 'Renamed' })).status).toBe(200);
      expect((await ops.client.post(`/api/ops/entries/artist/${id}/restore`, { reason: 'x' })).status).toBe(409);
      expect(names((await fan.client.get(`/api/artists/all?q=${encodeURIComponent(name)}`)).body)).toEqual([name]);
      expect((await fan.client.get(`/api/artists/${id}`)).body).toMatchObject({ isPublic: true, hiddenReason: null });
      expect((await fan.client.get('/api/artists/counts')).body).toEqual(before);

      const events = await store.readStream(`artist-moderation-${id}`);
      expect(events.map((e) => [e.type, e.data, e.metadata.actingUserId])).toEqual([
        ['ArtistHidden', { artistId: id, operatorId: ops.userId, reason }, ops.userId],
        ['ArtistRestored', { artistId: id, operatorId: ops.userId, reason: 'Renamed' }, ops.userId],
      ]);
      // Replayed from the log, the read models are the same rows.
      for (const projection of [artistsProjection, reportsProjection]) {
        expect(await verifyProjection(api.db.pool, projection, { batchSize: 3 })).toEqual([]);
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'venues are reported and hidden the same way',
    async () => {
      const name = `Hidden Hall ${randomUUID().slice(0, 6)}`;
      const added = await adder.client.post('/api/venues', { venue: venue(name) });
      expect(added.status).toBe(201);
      const id = added.body.id as string;
      const fan = await signUpMember(api, 'fan', false);
      expect((await fan.client.post(`/api/venues/${id}/report`, { reason: 'offensive' })).status).toBe(200);
      const group = (await ops.client.get('/api/ops/reports?limit=1')).body.groups[0];
      expect(group).toMatchObject({ kind: 'venue', entryId: id, name, counts: { offensive: 1 } });
      expect((await ops.client.post(`/api/ops/entries/venue/${id}/hide`, { reason: 'Fake venue' })).status).toBe(200);
      expect((await fan.client.get(`/api/venues/${id}`)).status).toBe(404);
      expect(names((await fan.client.get('/api/venues?limit=100')).body)).not.toContain(name);
      const hidden = (await ops.client.get('/api/ops/reports?limit=1')).body.groups[0];
      expect(hidden).toMatchObject({ entryId: id, hidden: { reason: 'Fake venue' } });
      expect((await adder.client.get(`/api/venues/${id}`)).body).toMatchObject({
        isPublic: false,
        hiddenReason: 'Fake venue',
      });
      expect(await verifyProjection(api.db.pool, venuesProjection, { batchSize: 3 })).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  describe('merges', () => {
    const balance = async (client: Client) => (await client.get('/api/payola/stats')).body.currentBalance as number;
    const merge = (duplicate: string, survivor: string, client = ops.client, kind = 'artist') =>
      client.post(`/api/ops/entries/${kind}/${duplicate}/merge`, { survivorId: survivor, reason: 'Same band' });

    it(
      'moves votes, favourites and fans to the survivor (a member who had both counts once), keeps Payola, and the old id answers with the survivor',
      async () => {
        const duplicateName = `Dupe ${randomUUID().slice(0, 6)}`;
        const survivorName = `Keeper ${randomUUID().slice(0, 6)}`;
        const duplicate = await addArtist(duplicateName);
        const survivor = await addArtist(survivorName);
        const [both, onlyDuplicate] = await Promise.all([signUpMember(api), signUpMember(api)]);
        for (const id of [duplicate, survivor]) {
          expect((await both.client.post(`/api/artists/${id}/vote`, { vote: true })).status).toBe(200);
          expect((await both.client.post(`/api/artists/${id}/favorite`, { favorite: true })).status).toBe(200);
        }
        expect((await onlyDuplicate.client.post(`/api/artists/${duplicate}/vote`, { vote: true })).status).toBe(200);
        expect((await onlyDuplicate.client.post('/api/artists/verify', { artistId: duplicate })).status).toBe(200);
        const balances = [await balance(both.client), await balance(onlyDuplicate.client), await balance(adder.client)];
        const allBefore = (await both.client.get('/api/artists/counts')).body.all as number;

        expect((await merge(duplicate, duplicate)).status).toBe(400);
        expect((await merge(duplicate, randomUUID())).status).toBe(400);
        expect((await merge(duplicate, survivor, adder.client)).status).toBe(404);
        const merged = await merge(duplicate, survivor);
        expect(merged.status).toBe(200);
        const again = await merge(duplicate, survivor);
        expect(again.status).toBe(409);
        expect(again.body.message).toBe(MODERATION_MESSAGES.alreadyMerged);
        expect((await merge(survivor, duplicate)).status).toBe(409);

        // The answer waited (bounded) for the catalogue; on a loaded machine it may need a moment more.
        let profile = (await onlyDuplicate.client.get(`/api/artists/${survivor}`)).body;
        for (let i = 0; i < 50 && profile.voteCount !== 2; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          profile = (await onlyDuplicate.client.get(`/api/artists/${survivor}`)).body;
        }
        expect(profile).toMatchObject({ id: survivor, voteCount: 2, favoriteCount: 1, userHasVoted: true });
        expect(profile.verifiedCount).toBe(2); // its adder (who added the duplicate too) and the duplicate's verifier
        // The old id answers with the survivor; lists and search know only the survivor.
        expect((await both.client.get(`/api/artists/${duplicate}`)).body).toMatchObject({
          id: survivor,
          name: survivorName,
        });
        expect(names((await both.client.get(`/api/artists/all?q=${encodeURIComponent(duplicateName)}`)).body)).toEqual(
          [],
        );
        expect((await both.client.get('/api/artists/counts')).body.all).toBe(allBefore - 1);
        const favorites = names((await both.client.get('/api/artists/favorites?limit=100')).body);
        expect(favorites.filter((name) => name === survivorName || name === duplicateName)).toEqual([survivorName]);
        // The member who had voted for the duplicate has voted for the survivor: voting again changes nothing.
        const vote = await onlyDuplicate.client.post(`/api/artists/${survivor}/vote`, { vote: true });
        expect(vote.body).toEqual({ voted: true, voteCount: 2 });
        const onOld = await onlyDuplicate.client.post(`/api/artists/${duplicate}/vote`, { vote: true });
        expect(onOld.body).toEqual({ voted: true, voteCount: 2 });
        // Earned Payola stays, nothing is paid again.
        expect([await balance(both.client), await balance(onlyDuplicate.client), await balance(adder.client)]).toEqual(
          balances,
        );
        // The duplicate's links now name the survivor (adding it again points there), on the profile too.
        const keys = await api.db.pool.query('select artist_id from artist_link_keys where artist_id = any($1)', [
          [duplicate, survivor],
        ]);
        expect(keys.rows.length).toBeGreaterThanOrEqual(4);
        expect(keys.rows.filter((row) => row.artist_id !== survivor)).toEqual([]);
        expect(profile.links).toHaveLength(4);
        const [event] = await store.readStream(`artist-moderation-${duplicate}`);
        expect(event).toMatchObject({
          type: 'ArtistMerged',
          data: { artistId: duplicate, survivorId: survivor, operatorId: ops.userId, reason: 'Same band' },
          metadata: { actingUserId: ops.userId },
        });
        // Replayed from the log, the catalogue is the same rows.
        expect(await verifyProjection(api.db.pool, artistsProjection, { batchSize: 2 })).toEqual([]);
        expect(await verifyProjection(api.db.pool, artistsProjection, { batchSize: 1000 })).toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'two operators merging one duplicate at once give one merge',
      async () => {
        const duplicate = await addArtist(`Twice ${randomUUID().slice(0, 6)}`);
        const [first, second] = [
          await addArtist(`One ${randomUUID().slice(0, 6)}`),
          await addArtist(`Two ${randomUUID().slice(0, 6)}`),
        ];
        const other = await operator();
        const answers = await Promise.all([merge(duplicate, first), merge(duplicate, second, other.client)]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        const events = await store.readStream(`artist-moderation-${duplicate}`);
        expect(events.map((e) => e.type)).toEqual(['ArtistMerged']);
        const { rows } = await api.db.pool.query('select survivor_id from catalog_merges where duplicate_id = $1', [
          duplicate,
        ]);
        expect(rows).toEqual([{ survivor_id: (events[0]!.data as { survivorId: string }).survivorId }]);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'members voting on the duplicate while it merges are each counted once on the survivor',
      async () => {
        const duplicate = await addArtist(`Racing ${randomUUID().slice(0, 6)}`);
        const survivor = await addArtist(`Stays ${randomUUID().slice(0, 6)}`);
        const voters = await Promise.all(Array.from({ length: 6 }, () => signUpMember(api)));
        // Half of them voted for the survivor already.
        for (const voter of voters.slice(0, 3))
          await voter.client.post(`/api/artists/${survivor}/vote`, { vote: true });
        const answers = await Promise.all([
          merge(duplicate, survivor),
          ...voters.map((voter) => voter.client.post(`/api/artists/${duplicate}/vote`, { vote: true })),
        ]);
        expect(answers.map((a) => a.status)).toEqual(Array(7).fill(200));
        // The projection catches up; then each voter counts once.
        let profile = (await adder.client.get(`/api/artists/${survivor}`)).body;
        for (let i = 0; i < 50 && profile.voteCount !== 6; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          profile = (await adder.client.get(`/api/artists/${survivor}`)).body;
        }
        expect(profile.voteCount).toBe(6);
        for (const voter of voters) {
          expect((await voter.client.post(`/api/artists/${survivor}/vote`, { vote: true })).body).toEqual({
            voted: true,
            voteCount: 6,
          });
        }
        expect(await verifyProjection(api.db.pool, artistsProjection, { batchSize: 3 })).toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'venues merge the same way, only into a venue',
      async () => {
        const add = async (name: string) => {
          const added = await adder.client.post('/api/venues', { venue: venue(name) });
          expect(added.status).toBe(201);
          return added.body.id as string;
        };
        const duplicate = await add(`Dupe Hall ${randomUUID().slice(0, 6)}`);
        const survivor = await add(`Main Hall ${randomUUID().slice(0, 6)}`);
        const artistId = await addArtist(`Not A Venue ${randomUUID().slice(0, 6)}`);
        expect((await merge(duplicate, artistId, ops.client, 'venue')).status).toBe(400);
        expect((await merge(duplicate, survivor, ops.client, 'venue')).status).toBe(200);
        expect((await adder.client.get(`/api/venues/${duplicate}`)).body.id).toBe(survivor);
        expect(await verifyProjection(api.db.pool, venuesProjection, { batchSize: 2 })).toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );
  });
});
