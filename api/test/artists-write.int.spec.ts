import { randomUUID } from 'node:crypto';
import { createDomainEventRegistry, type TRole } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { artistsProjection } from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { payolaLedgerProjection } from '@app/modules/payola';
import { startApi, type ApiHarness, type Client } from './api-harness.js';
import { signUpMember } from './members.js';

const BJORK = {
  name: 'Björk',
  artistType: 'Solo Artist',
  genre: 'Electronic',
  secondaryGenre: 'Pop',
  recordLabel: 'One Little Independent',
  bio: 'Icelandic singer, songwriter and producer.',
  spotifyUrl: 'https://open.spotify.com/artist/7w29UYBi0qsHi5RTcv3lmA?si=abc',
  bandcampUrl: null,
  soundcloudUrl: null,
  websiteUrl: null,
  socialUrls: ['instagram.com/bjork/'],
};

describe('artists: add, verify, vote, favourite (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let store: EventStore;

  beforeAll(async () => {
    // Many fans sign up from one address here: room under the per-address sign-up limit.
    api = await startApi([usersProjection, payolaLedgerProjection, artistsProjection], { RATE_LIMIT_FACTOR: '10' });
    store = new EventStore(api.db.pool, createDomainEventRegistry());
  });
  afterAll(() => api.close());

  const member = (role: TRole = 'fan', approve = true) => signUpMember(api, role, approve);

  const balance = async (client: Client) => (await client.get('/api/payola/stats')).body.currentBalance as number;
  const eventCount = async () => Number((await api.db.pool.query('select count(*) from events')).rows[0].count);

  it('a verified fan adds an artist and earns the first-artist reward plus 10 per link', async () => {
    const fan = await member();
    const before = await balance(fan.client);
    const added = await fan.client.post('/api/artists', { artist: BJORK, attested: true, userId: fan.userId });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'Björk', fanNumber: 1, payola: { total: 1020 } });
    expect(added.body.payola.lines).toEqual([
      { rule: 'artist-added', description: 'Added Björk', amount: 1000 },
      { rule: 'artist-link', description: '2 links for Björk', amount: 20 },
    ]);
    // Read-your-writes: the balance already shows it.
    expect(await balance(fan.client)).toBe(before + 1020);
    const [event] = await store.readStream(`artist-${added.body.id}`);
    expect(event).toMatchObject({
      type: 'ArtistAdded',
      data: {
        addedBy: fan.userId,
        links: [
          {
            platform: 'spotify',
            key: '7w29UYBi0qsHi5RTcv3lmA',
            url: 'https://open.spotify.com/artist/7w29UYBi0qsHi5RTcv3lmA',
          },
          { platform: 'instagram', key: 'bjork', url: 'https://www.instagram.com/bjork' },
        ],
      },
    });
    expect((event!.data as { attestation: string }).attestation).toMatch(/genuine music fan/);

    const second = await fan.client.post('/api/artists', {
      artist: {
        ...BJORK,
        name: 'Sigur Rós',
        spotifyUrl: 'https://open.spotify.com/artist/6UUrUCIZtQeOf8tC0WuzRy',
        socialUrls: ['https://sigurros.bandcamp.com'],
      },
      attested: true,
    });
    expect(second.status).toBe(400);
    expect(second.body.fieldErrors['artist.socialUrls.0']).toBeDefined();
    const third = await fan.client.post('/api/artists', {
      artist: {
        ...BJORK,
        name: 'Sigur Rós',
        spotifyUrl: 'https://open.spotify.com/artist/6UUrUCIZtQeOf8tC0WuzRy',
        bandcampUrl: 'https://sigurros.bandcamp.com',
        socialUrls: [],
      },
      attested: true,
    });
    expect(third.body.payola.lines[0]).toEqual({ rule: 'artist-added', description: 'Added Sigur Rós', amount: 500 });
  });

  it('refuses a link already on file, naming its artist, and writes nothing', async () => {
    const fan = await member();
    const first = await fan.client.post('/api/artists', {
      artist: {
        ...BJORK,
        name: 'Radiohead',
        spotifyUrl: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb',
        socialUrls: ['https://www.youtube.com/@radiohead'],
      },
      attested: true,
    });
    expect(first.status).toBe(201);
    const events = await eventCount();
    const copy = await fan.client.post('/api/artists', {
      artist: {
        ...BJORK,
        name: 'Radio Head',
        spotifyUrl: 'spotify:artist:4Z8W4fKeB5YxbusRsdQVPb',
        socialUrls: ['https://www.tiktok.com/@radiohead'],
      },
      attested: true,
    });
    expect(copy.status).toBe(409);
    expect(copy.body.message).toBe(
      'This Spotify link already belongs to Radiohead. Use "Is this them?" to verify Radiohead instead.',
    );
    expect(await eventCount()).toBe(events);
  });

  it('refuses bad input with the spec messages, a clear 400 and nothing written', async () => {
    const fan = await member();
    const events = await eventCount();
    const attempt = (artist: object, extra: object = { attested: true }) =>
      fan.client.post('/api/artists', { artist: { ...BJORK, ...artist }, ...extra });
    const cases: [Promise<{ status: number; body: { message: string } }>, string | RegExp][] = [
      [attempt({ name: '  ' }), 'Artist name is required'],
      [attempt({ artistType: 'Orchestra' }), 'Artist type is required'],
      [attempt({ genre: 'Polka' }), 'Primary genre is required'],
      [attempt({ socialUrls: [] }), 'Please add at least 2 profile links to verify this artist.'],
      [attempt({ spotifyUrl: 'javascript:alert(1)' }), /web links/i],
      [attempt({ spotifyUrl: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC' }), /artist/i],
      [attempt({ name: 'x'.repeat(201) }), /too long/],
      [attempt({ bio: 'x'.repeat(5001) }), /too long/],
      [attempt({ name: 'Bad\u0000Name' }), /name: remove the invisible control character \(NUL\)/],
      [attempt({ socialUrls: ['instagram.com/bjork', 'https://instagram.com/bjork'] }), 'This link is entered twice.'],
      [attempt({}, {}), "Please confirm you don't work in the music industry."],
    ];
    for (const [response, message] of cases) {
      const { status, body } = await response;
      expect(status).toBe(400);
      expect(body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    }
    expect(await eventCount()).toBe(events);
  });

  it('lets only verified fans add or verify, and only as themselves', async () => {
    const unverified = await member('fan', false);
    const refused = await unverified.client.post('/api/artists', { artist: BJORK, attested: true });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/verified fans/);
    const pro = await member('industry-pro');
    expect((await pro.client.post('/api/artists', { artist: BJORK, attested: true })).status).toBe(403);
    expect((await api.client().post('/api/artists', { artist: BJORK, attested: true })).status).toBe(401);
    const fan = await member();
    const impostor = await fan.client.post('/api/artists', {
      artist: BJORK,
      attested: true,
      userId: unverified.userId,
    });
    expect(impostor.status).toBe(403);
    expect(impostor.body.message).toBe('You can only act for your own account.');
  });

  it('a second fan verifies: fan #2, +25 once, +10 only for links the artist did not have', async () => {
    const adder = await member();
    const { body: artist } = await adder.client.post('/api/artists', {
      artist: {
        ...BJORK,
        name: 'Yoasobi',
        spotifyUrl: 'https://open.spotify.com/artist/64tJ2EAv1R6UaZqc4iOCyj',
        socialUrls: ['https://www.instagram.com/yoasobi_staff'],
      },
      attested: true,
    });
    const second = await member();
    const before = await balance(second.client);
    const verified = await second.client.post('/api/artists/verify', {
      artistId: artist.id,
      userId: second.userId,
      payolaEarned: 9999,
      links: {
        spotifyUrl: 'open.spotify.com/artist/64tJ2EAv1R6UaZqc4iOCyj',
        socialUrls: ['https://www.tiktok.com/@yoasobi_staff'],
      },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ fanNumber: 2, alreadyVerified: false, linksAdded: 1, payola: { total: 35 } });
    expect(await balance(second.client)).toBe(before + 35);

    const again = await second.client.post('/api/artists/verify', { artistId: artist.id });
    expect(again.body).toMatchObject({ fanNumber: 2, alreadyVerified: true, linksAdded: 0, payola: { total: 0 } });
    const third = await member();
    expect((await third.client.post('/api/artists/verify', { artistId: artist.id })).body.fanNumber).toBe(3);
    // The adder verifying its own artist earns nothing more.
    expect((await adder.client.post('/api/artists/verify', { artistId: artist.id })).body).toMatchObject({
      fanNumber: 1,
      alreadyVerified: true,
      payola: { total: 0 },
    });
    expect((await second.client.post('/api/artists/verify', { artistId: randomUUID() })).status).toBe(404);
    expect((await second.client.post('/api/artists/verify', { artistId: 'not-an-id' })).status).toBe(404);
  });

  it('50 identical votes at once give one vote and +1; withdrawing -1; voting again later 0', async () => {
    const adder = await member();
    const { body: artist } = await adder.client.post('/api/artists', {
      artist: {
        ...BJORK,
        name: 'Khruangbin',
        spotifyUrl: 'https://open.spotify.com/artist/2mVVjNmdjXZZDvhgQWiakk',
        socialUrls: ['https://www.instagram.com/khruangbin'],
      },
      attested: true,
    });
    const voter = await member();
    const start = await balance(voter.client);
    const votes = await Promise.all(
      Array.from({ length: 50 }, () => voter.client.post(`/api/artists/${artist.id}/vote`, { vote: true })),
    );
    expect(votes.map((v) => v.status)).toEqual(Array(50).fill(200));
    expect(votes.every((v) => v.body.voted === true)).toBe(true);
    const cast = await store.readStream(`artist-vote-${artist.id}-${voter.userId}`);
    expect(cast.map((e) => e.type)).toEqual(['VoteCast']);
    expect(await balance(voter.client)).toBe(start + 1);
    expect(votes.at(-1)!.body.voteCount).toBe(1);

    const withdrawn = await voter.client.post(`/api/artists/${artist.id}/vote`, { vote: false });
    expect(withdrawn.body).toEqual({ voted: false, voteCount: 0 });
    expect(await balance(voter.client)).toBe(start);
    const again = await voter.client.post(`/api/artists/${artist.id}/vote`, {});
    expect(again.body).toEqual({ voted: true, voteCount: 1 });
    expect(await balance(voter.client)).toBe(start);

    expect((await voter.client.post(`/api/artists/${randomUUID()}/vote`, { vote: true })).status).toBe(404);
    expect((await voter.client.post('/api/artists/x/vote', { vote: 'yes' })).status).toBe(400);
    expect((await api.client().post(`/api/artists/${artist.id}/vote`, { vote: true })).status).toBe(401);
    const unpaid = api.client();
    await unpaid.post('/api/create-account', {
      email: `unpaid-${randomUUID()}@example.com`,
      password: 'correct horse 1',
      firstName: 'Un',
      lastName: 'Paid',
      role: 'fan',
      zipCode: '10001',
    });
    expect((await unpaid.post(`/api/artists/${artist.id}/vote`, { vote: true })).status).toBe(403);
  });

  it('favourites are safe toggles too', async () => {
    const adder = await member();
    const { body: artist } = await adder.client.post('/api/artists', {
      artist: {
        ...BJORK,
        name: 'Little Simz',
        spotifyUrl: 'https://open.spotify.com/artist/6eXZu6O7nAUA5z6vLV8NKI',
        socialUrls: ['https://www.instagram.com/littlesimz'],
      },
      attested: true,
    });
    const fan = await member();
    const many = await Promise.all(
      Array.from({ length: 20 }, () => fan.client.post(`/api/artists/${artist.id}/favorite`, { favorite: true })),
    );
    expect(many.every((r) => r.status === 200 && r.body.favorited === true)).toBe(true);
    expect((await store.readStream(`artist-favorite-${artist.id}-${fan.userId}`)).length).toBe(1);
    expect((await fan.client.post(`/api/artists/${artist.id}/favorite`, {})).body).toEqual({ favorited: false });
  });
  it('10 fans adding an artist with the same links at once: one 201, nine 409s naming it, one reward', async () => {
    const fans = await Promise.all(Array.from({ length: 10 }, () => member()));
    const answers = await Promise.all(
      fans.map((fan, i) =>
        fan.client.post('/api/artists', {
          artist: {
            ...BJORK,
            name: `Boards of Canada ${i}`,
            spotifyUrl: 'https://open.spotify.com/artist/2VAvhf4SAmDVzpZDCx0QfR',
            bandcampUrl: 'https://boardsofcanada.bandcamp.com',
            socialUrls: [],
          },
          attested: true,
        }),
      ),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const name = created[0]!.body.name as string;
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.message).toMatch(new RegExp(`link already belongs to ${name}\\.`));
    }
    const added = await api.db.pool.query(
      "select count(*)::int as n from events where type = 'ArtistAdded' and data->>'name' like 'Boards of Canada%'",
    );
    expect(added.rows[0].n).toBe(1);
    // Only the winner was paid (counted in the log: balances also move with the identity rewards, which a
    // reactor pays on its own time).
    const rewards = await api.db.pool.query(
      "select data->>'userId' as user_id from events where type = 'PayolaAwarded' and data->>'rule' = 'artist-added' and data->>'userId' = any($1)",
      [fans.map((fan) => fan.userId)],
    );
    const winner = fans[answers.findIndex((a) => a.status === 201)]!;
    expect(rewards.rows).toEqual([{ user_id: winner.userId }]);
  });

  it('verifying at once: 8 fans each get a distinct fan number, and one fan’s 10 identical requests pay +25 once', async () => {
    const adder = await member();
    const { body: artist } = await adder.client.post('/api/artists', {
      artist: {
        ...BJORK,
        name: 'Floating Points',
        spotifyUrl: 'https://open.spotify.com/artist/5mWMo4b6AbvRhWxE3ArqMl',
        socialUrls: ['https://www.instagram.com/floatingpoints'],
      },
      attested: true,
    });
    const fans = await Promise.all(Array.from({ length: 8 }, () => member()));
    const answers = await Promise.all(
      fans.map((fan) => fan.client.post('/api/artists/verify', { artistId: artist.id })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.map((a) => a.body.fanNumber).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);

    const eager = await member();
    const before = await balance(eager.client);
    const doubled = await Promise.all(
      Array.from({ length: 10 }, () => eager.client.post('/api/artists/verify', { artistId: artist.id })),
    );
    expect(doubled.every((a) => a.status === 200 && a.body.fanNumber === 10)).toBe(true);
    expect(await balance(eager.client)).toBe(before + 25);
  });
});
