import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { CLAIM_CODE_PATTERN, CLAIM_MESSAGES, createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { artistsProjection, claimedEntriesOf, claimsProjection, venuesProjection } from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { changeOperator } from '@app/modules/operators';
import { startApi, type ApiHarness, type Client } from './api-harness.js';
import { signUpAccount, signUpMember } from './members.js';

/** Sign-ups, payments and identity checks per test: slow when the machine is shared. */
const TEST_TIMEOUT_MS = 180_000;

const artist = (name: string) => ({
  name,
  artistType: 'Band',
  genre: 'Rock',
  secondaryGenre: null,
  recordLabel: 'Old Label',
  bio: 'Old story.',
  spotifyUrl: `https://open.spotify.com/artist/${randomUUID().replace(/-/g, '').slice(0, 22)}`,
  bandcampUrl: `https://${randomUUID().slice(0, 8)}.bandcamp.com`,
  soundcloudUrl: null,
  websiteUrl: null,
  socialUrls: [],
});

describe('claims of artists and venues, the claimant edits, the edit history (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let store: EventStore;
  let fan: { client: Client; userId: string };

  beforeAll(async () => {
    api = await startApi([usersProjection, artistsProjection, venuesProjection, claimsProjection], {
      RATE_LIMIT_FACTOR: '10',
    });
    store = new EventStore(api.db.pool, createDomainEventRegistry());
    fan = await signUpMember(api, 'fan');
  }, TEST_TIMEOUT_MS);
  afterAll(() => api.close());

  /** An operator whose session passed the second factor (granted in process, as the ops CLI does). */
  async function operator(): Promise<{ client: Client; userId: string }> {
    const client = api.client();
    const email = `claims-op-${randomUUID()}@example.com`;
    const { body } = await client.post('/api/create-account', {
      email,
      password: 'correct horse 1',
      firstName: 'Olga',
      lastName: 'Operator',
      role: 'fan',
      zipCode: '10001',
    });
    await changeOperator(api.db.pool, store, 'grant', email, 'test');
    const setup = await client.post('/api/ops/second-factor/setup');
    const code = await generate({ secret: setup.body.secret });
    expect((await client.post('/api/ops/second-factor/confirm', { code })).status).toBe(200);
    return { client, userId: body.userId };
  }

  async function addArtist(): Promise<{ id: string; name: string; links: { url: string }[] }> {
    const name = `The Claimables ${randomUUID().slice(0, 6)}`;
    const added = await fan.client.post('/api/artists', { artist: artist(name), attested: true });
    expect(added.status).toBe(201);
    const profile = await fan.client.get(`/api/artists/${added.body.id}`);
    return { id: added.body.id, name, links: profile.body.links };
  }

  async function pendingClaim(member: Client, artistId: string, linkUrl: string) {
    const started = await member.post(`/api/artists/${artistId}/claim`, {});
    expect(started.status).toBe(201);
    const submitted = await member.post(`/api/artists/${artistId}/claim/submit`, { code: started.body.code, linkUrl });
    expect(submitted.status).toBe(200);
    return started.body.claimId as string;
  }

  const claimEvents = async (streamId: string) =>
    (await store.readStream(streamId)).filter((event) => event.type.startsWith('EntryClaim'));

  it(
    'an artist-role member claims with a code on a link, an operator approves, only the claimant edits, the history shows it',
    async () => {
      const entry = await addArtist();
      const member = await signUpMember(api, 'artist', false);
      const ops = await operator();

      expect((await member.client.get(`/api/artists/${entry.id}/claim`)).body).toEqual({
        claimed: false,
        claimedByYou: false,
        yours: null,
        canClaim: true,
      });
      // Only an artist-role member claims an artist; a fan is told why.
      const byFan = await fan.client.post(`/api/artists/${entry.id}/claim`, {});
      expect(byFan.status).toBe(403);
      expect(byFan.body.message).toBe(CLAIM_MESSAGES.wrongRole.artist);
      expect((await member.client.post(`/api/artists/${randomUUID()}/claim`, {})).status).toBe(404);

      const started = await member.client.post(`/api/artists/${entry.id}/claim`, {});
      expect(started.status).toBe(201);
      expect(started.body.code).toMatch(CLAIM_CODE_PATTERN);
      const again = await member.client.post(`/api/artists/${entry.id}/claim`, {});
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(CLAIM_MESSAGES.codeOpen);
      const renewed = await member.client.post(`/api/artists/${entry.id}/claim`, { renew: true });
      expect(renewed.status).toBe(201);
      expect(renewed.body.code).not.toBe(started.body.code);

      const submit = (body: object) => member.client.post(`/api/artists/${entry.id}/claim/submit`, body);
      const link = entry.links[1]!.url;
      expect((await submit({ code: started.body.code, linkUrl: link })).body.message).toBe(CLAIM_MESSAGES.codeMismatch);
      const elsewhere = await submit({ code: renewed.body.code, linkUrl: 'https://example.com/not-theirs' });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.message).toBe(CLAIM_MESSAGES.linkNotOnEntry);
      expect((await submit({ code: 'nonsense', linkUrl: link })).status).toBe(400);
      const submitted = await submit({ code: renewed.body.code.toLowerCase(), linkUrl: link });
      expect(submitted.status).toBe(200);
      expect(submitted.body.yours).toMatchObject({ status: 'pending', link: { url: link } });
      // Single use: the code is spent.
      expect((await submit({ code: renewed.body.code, linkUrl: link })).status).toBe(409);

      // The console: 404 for members, the pending claim with its code and link for operators.
      expect((await member.client.get('/api/ops/claims')).status).toBe(404);
      const queue = await ops.client.get('/api/ops/claims?limit=100');
      expect(queue.status).toBe(200);
      const listed = queue.body.claims.find((claim: { claimId: string }) => claim.claimId === renewed.body.claimId);
      expect(listed).toMatchObject({
        kind: 'artist',
        entryId: entry.id,
        entryName: entry.name,
        code: renewed.body.code,
        link: { url: link },
        status: 'pending',
        member: { id: member.userId, role: 'artist' },
      });

      const noReason = await ops.client.post(`/api/ops/claims/${renewed.body.claimId}/approve`, { reason: ' ' });
      expect(noReason.status).toBe(400);
      const approved = await ops.client.post(`/api/ops/claims/${renewed.body.claimId}/approve`, {
        reason: 'Code found on their Bandcamp page',
      });
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ status: 'approved', reason: 'Code found on their Bandcamp page' });
      const [decision] = (await claimEvents(`artist-${entry.id}`)).filter((e) => e.type === 'EntryClaimApproved');
      expect(decision).toMatchObject({
        data: { userId: member.userId, operatorId: ops.userId, reason: 'Code found on their Bandcamp page' },
        metadata: { actingUserId: ops.userId },
      });
      expect((await member.client.get(`/api/artists/${entry.id}/claim`)).body).toMatchObject({
        claimed: true,
        claimedByYou: true,
        yours: { status: 'approved' },
        canClaim: false,
      });
      expect(await claimedEntriesOf(api.db.pool, member.userId)).toEqual([
        { kind: 'artist', entryId: entry.id, name: entry.name, claimedAt: expect.any(Date) },
      ]);

      // Only the claimant edits: the adder and anyone else get 403; bad input is a 400 with the form's message.
      const edit = {
        name: `${entry.name} Reborn`,
        artistType: 'Duo',
        genre: 'Jazz',
        secondaryGenre: 'Blues',
        recordLabel: null,
        bio: 'New story.',
      };
      const byAdder = await fan.client.patch(`/api/artists/${entry.id}`, { artist: edit });
      expect(byAdder.status).toBe(403);
      expect(byAdder.body.message).toBe(CLAIM_MESSAGES.claimantOnly);
      const blank = await member.client.patch(`/api/artists/${entry.id}`, { artist: { ...edit, name: ' ' } });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toContain('Artist name is required');
      const edited = await member.client.patch(`/api/artists/${entry.id}`, { artist: edit });
      expect(edited.status).toBe(200);
      const profile = (await fan.client.get(`/api/artists/${entry.id}`)).body;
      expect(profile).toMatchObject({ name: edit.name, artistType: 'Duo', genre: 'Jazz', recordLabel: null });
      const found = await fan.client.get(`/api/artists/all?q=${encodeURIComponent('reborn')}`);
      expect(found.body.map((a: { id: string }) => a.id)).toContain(entry.id);

      const history = await fan.client.get(`/api/artists/${entry.id}/history`);
      expect(history.status).toBe(200);
      const fanNumber = (await fan.client.get('/api/auth/check')).body.user.foundingFanNumber;
      expect(history.body.items.map((item: { action: string }) => item.action)).toEqual([
        'details-edited',
        'claimed',
        'added',
      ]);
      const [change, claimed, add] = history.body.items;
      expect(change.changes).toEqual([
        { field: 'Name', from: entry.name, to: edit.name },
        { field: 'Artist type', from: 'Band', to: 'Duo' },
        { field: 'Primary genre', from: 'Rock', to: 'Jazz' },
        { field: 'Secondary genre', from: null, to: 'Blues' },
        { field: 'Record label', from: 'Old Label', to: null },
        { field: 'Story', from: 'Old story.', to: 'New story.' },
      ]);
      expect(change.by).toEqual({ role: 'claimant', fanNumber: null });
      expect(claimed.by.role).toBe('claimant');
      expect(add.by).toEqual({ role: 'fan', fanNumber });
      // No account id, email or name in a history answer.
      expect(JSON.stringify(history.body)).not.toContain(member.userId);
      expect(JSON.stringify(history.body)).not.toContain('@example.com');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a refused claim can be retried with a new code; another member cannot claim a claimed entry',
    async () => {
      const entry = await addArtist();
      const member = await signUpMember(api, 'artist', false);
      const ops = await operator();
      const first = await pendingClaim(member.client, entry.id, entry.links[0]!.url);
      const refused = await ops.client.post(`/api/ops/claims/${first}/refuse`, { reason: 'No code on the page' });
      expect(refused.status).toBe(200);
      expect((await ops.client.post(`/api/ops/claims/${first}/approve`, { reason: 'x' })).body.message).toBe(
        CLAIM_MESSAGES.notPending,
      );
      expect((await member.client.get(`/api/artists/${entry.id}/claim`)).body.yours).toMatchObject({
        status: 'refused',
        reason: 'No code on the page',
      });
      const second = await pendingClaim(member.client, entry.id, entry.links[0]!.url);
      expect(second).not.toBe(first);
      expect((await ops.client.post(`/api/ops/claims/${second}/approve`, { reason: 'ok now' })).status).toBe(200);
      const other = await signUpMember(api, 'artist', false);
      const late = await other.client.post(`/api/artists/${entry.id}/claim`, {});
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(CLAIM_MESSAGES.alreadyClaimed);
      const refusedList = await ops.client.get('/api/ops/claims?status=refused&limit=100');
      expect(refusedList.body.claims.map((claim: { claimId: string }) => claim.claimId)).toContain(first);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'races: 8 claim requests of one member make one code and one pending claim; two operators approving two claims make one claimant',
    async () => {
      const entry = await addArtist();
      const member = await signUpMember(api, 'artist', false);
      const rival = await signUpMember(api, 'artist', false);

      const starts = await Promise.all(
        Array.from({ length: 8 }, () => member.client.post(`/api/artists/${entry.id}/claim`, {})),
      );
      expect(starts.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      const code = starts.find((answer) => answer.status === 201)!.body.code;
      const submits = await Promise.all(
        Array.from({ length: 8 }, () =>
          member.client.post(`/api/artists/${entry.id}/claim/submit`, { code, linkUrl: entry.links[0]!.url }),
        ),
      );
      expect(submits.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const events = await claimEvents(`artist-${entry.id}`);
      expect(events.map((event) => event.type)).toEqual(['EntryClaimCodeIssued', 'EntryClaimSubmitted']);

      const claims = [
        events[0]!.data.claimId as string,
        await pendingClaim(rival.client, entry.id, entry.links[1]!.url),
      ];
      const [one, two] = await Promise.all([operator(), operator()]);
      const decisions = await Promise.all([
        one.client.post(`/api/ops/claims/${claims[0]}/approve`, { reason: 'first operator' }),
        two.client.post(`/api/ops/claims/${claims[1]}/approve`, { reason: 'second operator' }),
      ]);
      expect(decisions.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(decisions.find((answer) => answer.status === 409)!.body.message).toBe(CLAIM_MESSAGES.alreadyClaimed);
      const approvals = (await claimEvents(`artist-${entry.id}`)).filter((e) => e.type === 'EntryClaimApproved');
      expect(approvals).toHaveLength(1);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "a venue's claimant (a venue-role member, not a fan) saves it; its adder no longer may",
    async () => {
      const name = `Claimed Hall ${randomUUID().slice(0, 6)}`;
      const venue = {
        name,
        venueType: 'Live Music Club',
        city: 'Austin',
        state: 'TX',
        websiteUrl: `https://${randomUUID().slice(0, 8)}.example.com`,
        socialUrls: [''],
      };
      const added = await fan.client.post('/api/venues', { venue });
      expect(added.status).toBe(201);
      const id = added.body.id as string;
      const member = await signUpMember(api, 'venue', false);
      expect((await signUpAccount(api, 'venue')).client).toBeDefined();
      const started = await member.client.post(`/api/venues/${id}/claim`, {});
      expect(started.status).toBe(201);
      expect(
        (
          await member.client.post(`/api/venues/${id}/claim/submit`, {
            code: started.body.code,
            linkUrl: venue.websiteUrl.replace(/\/$/, ''),
          })
        ).status,
      ).toBe(200);
      const ops = await operator();
      expect((await ops.client.post(`/api/ops/claims/${started.body.claimId}/approve`, { reason: 'ok' })).status).toBe(
        200,
      );
      const byAdder = await fan.client.patch(`/api/venues/${id}`, { venue: { ...venue, capacity: '300' } });
      expect(byAdder.status).toBe(403);
      expect(byAdder.body.message).toBe(CLAIM_MESSAGES.claimantOnly);
      const saved = await member.client.patch(`/api/venues/${id}`, { venue: { ...venue, capacity: '300' } });
      expect(saved.status).toBe(200);
      const history = (await fan.client.get(`/api/venues/${id}/history`)).body.items;
      expect(history[0]).toMatchObject({
        action: 'details-edited',
        by: { role: 'claimant' },
        changes: [{ field: 'Capacity', from: null, to: '300' }],
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'pages a long history by keyset, votes left out, each page one short index scan',
    async () => {
      const entry = await addArtist();
      const streamId = `artist-${entry.id}`;
      // 3,000 verifications on the entry's stream and 10,000 votes on their own streams, appended in bulk.
      const verified = Array.from({ length: 3000 }, (_, i) => ({
        type: 'ArtistVerified' as const,
        data: { artistId: entry.id, userId: `bulk-${i}`, fanNumber: i + 2 },
      }));
      await store.append(streamId, 'any', verified);
      await api.db.pool.query(
        `select append_events('artist-vote-' || $1 || '-voter-' || i, 0,
           jsonb_build_array(jsonb_build_object('type', 'VoteCast', 'schemaVersion', 1, 'metadata', '{}'::jsonb,
             'data', jsonb_build_object('artistId', $1::text, 'userId', 'voter-' || i))))
         from generate_series(1, 10000) as i`,
        [entry.id],
      );
      const seen = new Set<string>();
      let cursor: string | null = null;
      let pages = 0;
      const times: number[] = [];
      do {
        const started = performance.now();
        const page = await fan.client.get(
          `/api/artists/${entry.id}/history?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        );
        times.push(performance.now() - started);
        expect(page.status).toBe(200);
        for (const item of page.body.items) {
          expect(seen.has(item.id)).toBe(false);
          seen.add(item.id);
        }
        cursor = page.body.nextCursor;
        pages++;
      } while (cursor && pages < 100);
      expect(seen.size).toBe(3001);
      expect(pages).toBe(31);
      const sorted = [...times].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      console.log(
        `history pages of 100 over 3,001 edits and 10,000 votes: median ${median.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
      );
      // The statement itself (with the statistics autovacuum would have gathered after the bulk insert): an index scan of the stream's (stream_id, stream_version) key, no sort, no votes read.
      await api.db.pool.query('analyze events');
      const plan = await api.db.pool.query(
        `explain (analyze, format json) select global_position from events
         where stream_id = $1 and stream_version < 1500 and type = any($2::text[]) order by stream_version desc limit 101`,
        [streamId, ['ArtistAdded', 'ArtistVerified', 'ArtistLinksAdded', 'ArtistDetailsEdited', 'EntryClaimApproved']],
      );
      const text = JSON.stringify(plan.rows[0]['QUERY PLAN']);
      expect(text).toContain('events_stream_version_unique');
      expect(text).not.toContain('"Sort"');
      expect(median).toBeLessThan(500);
      expect((await fan.client.get(`/api/artists/${entry.id}/history?cursor=x`)).status).toBe(400);
    },
    TEST_TIMEOUT_MS,
  );
});
