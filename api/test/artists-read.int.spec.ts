import { randomUUID } from 'node:crypto';
import { ARTIST_LIST_NEXT_CURSOR_HEADER } from '@app/contracts';
import { verifyProjection } from '@app/event-store';
import { artistsProjection } from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { payolaLedgerProjection } from '@app/modules/payola';
import { startApi, type ApiHarness, type Client } from './api-harness.js';
import { signUpMember } from './members.js';

/** A distinct artist with two valid links (a Spotify id of 22 characters and an Instagram handle). */
function artist(name: string, extra: Record<string, unknown> = {}) {
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
    ...extra,
  };
}

describe('artists: lists, search, profiles and suggestions (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let adder: { client: Client; userId: string };
  let other: { client: Client; userId: string };
  const ids: Record<string, string> = {};

  const add = async (client: Client, fields: object) => {
    const response = await client.post('/api/artists', { artist: fields, attested: true });
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  const names = (body: { name: string }[]) => body.map((a) => a.name);

  beforeAll(async () => {
    api = await startApi([usersProjection, payolaLedgerProjection, artistsProjection]);
    adder = await signUpMember(api);
    other = await signUpMember(api);
    ids.bjork = await add(adder.client, artist('Björk', { genre: 'Electronic', artistType: 'Solo Artist' }));
    ids.beatles = await add(adder.client, artist('The Beatles'));
    ids.radiohead = await add(adder.client, artist('Radiohead', { genre: 'Alternative' }));
    ids.sigur = await add(other.client, artist('Sigur Rós', { genre: 'Alternative' }));
  });
  afterAll(() => api.close());

  it('All Artists lists every public artist newest first; My Artists what the user added or verified', async () => {
    const all = await adder.client.get('/api/artists/all');
    expect(all.status).toBe(200);
    expect(names(all.body)).toEqual(['Sigur Rós', 'Radiohead', 'The Beatles', 'Björk']);
    expect(all.body[0]).toMatchObject({ isPublic: true, voteCount: 0, userHasVoted: false, hasUserVerified: false });
    expect(names((await adder.client.get('/api/artists/my')).body)).toEqual(['Radiohead', 'The Beatles', 'Björk']);
    expect(names((await other.client.get('/api/artists/my')).body)).toEqual(['Sigur Rós']);
    expect((await other.client.get('/api/artists/counts')).body).toEqual({ my: 1, all: 4, favorites: 0 });

    // Verifying puts the artist in the verifier's My Artists, newest first.
    await other.client.post('/api/artists/verify', { artistId: ids.bjork });
    expect(names((await other.client.get('/api/artists/my')).body)).toEqual(['Björk', 'Sigur Rós']);
    expect((await other.client.get(`/api/artists/${ids.bjork}`)).body).toMatchObject({
      hasUserVerified: true,
      verifiedCount: 2,
    });
  });

  it('pages with a cursor in X-Next-Cursor until the last page, without repeats or gaps', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const response = await adder.client.get(`/api/artists/all?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...names(response.body));
      cursor = response.headers[ARTIST_LIST_NEXT_CURSOR_HEADER.toLowerCase()];
      if (!cursor) break;
    }
    expect(seen).toEqual(['Sigur Rós', 'Radiohead', 'The Beatles', 'Björk']);
    expect((await adder.client.get('/api/artists/all?cursor=garbage')).status).toBe(400);
  });

  it('filters by genre and type, and searches case- and accent-insensitively, tolerating a typo', async () => {
    expect(names((await adder.client.get('/api/artists/all?genre=Alternative')).body)).toEqual([
      'Sigur Rós',
      'Radiohead',
    ]);
    expect(names((await adder.client.get('/api/artists/all?type=Solo%20Artist')).body)).toEqual(['Björk']);
    expect(names((await adder.client.get('/api/artists/all?q=BJORK')).body)).toEqual(['Björk']);
    expect(names((await adder.client.get('/api/artists/all?q=sigur%20ros')).body)).toEqual(['Sigur Rós']);
    expect(names((await adder.client.get('/api/artists/all?q=radiohed')).body)).toContain('Radiohead');
    // The start of any word of the name, and one typo in a word with the next one half typed.
    expect(names((await adder.client.get('/api/artists/all?q=radi')).body)).toEqual(['Radiohead']);
    expect(names((await adder.client.get('/api/artists/all?q=ros')).body)).toEqual(['Sigur Rós']);
    expect(names((await adder.client.get('/api/artists/all?q=sigr%20ro')).body)).toEqual(['Sigur Rós']);
    expect(names((await adder.client.get('/api/artists/all?q=zzzz')).body)).toEqual([]);
    expect(names((await adder.client.get('/api/artists/all?q=beatles')).body)[0]).toBe('The Beatles');
    expect(names((await adder.client.get('/api/artists/all?q=radio&genre=Rock')).body)).toEqual([]);
    expect((await adder.client.get('/api/artists/all?genre=Polka')).status).toBe(400);
    expect((await adder.client.get(`/api/artists/all?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('suggests possible duplicates and says why each matched', async () => {
    const byName = await other.client.get('/api/artists/search?q=bjork');
    expect(byName.status).toBe(200);
    expect(byName.body[0]).toMatchObject({ name: 'Björk', matchReasons: ['same name'], hasUserVerified: true });
    const { body: bjork } = await adder.client.get(`/api/artists/${ids.bjork}`);
    const byLink = await other.client.get(
      `/api/artists/search?q=Some%20Other%20Name&spotifyUrl=${encodeURIComponent(bjork.spotifyUrl)}`,
    );
    expect(byLink.body[0]).toMatchObject({ name: 'Björk', matchReasons: ['same Spotify link'] });
    const similar = await other.client.get('/api/artists/search?q=Radiohed');
    expect(similar.body[0]).toMatchObject({ name: 'Radiohead', matchReasons: ['similar name'] });
    expect((await other.client.get('/api/artists/search?q=b')).status).toBe(400);
    expect((await other.client.get(`/api/artists/search?q=bjork&userId=${adder.userId}`)).status).toBe(403);
  });

  it('shows a profile with the adder, links and the flags of the viewer; 404 for an unknown one', async () => {
    const { status, body } = await other.client.get(`/api/artists/${ids.radiohead}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Radiohead', genre: 'Alternative' });
    // Public answers name the adder by founding fan number, never by account id.
    expect(JSON.stringify(body)).not.toContain(adder.userId);
    expect(body.addedBy.foundingFanNumber).toEqual(expect.any(Number));
    expect(body.links.map((l: { platform: string }) => l.platform)).toEqual(['spotify', 'instagram']);
    expect(body.socialUrls).toHaveLength(1);

    await other.client.post(`/api/artists/${ids.radiohead}/vote`, { vote: true });
    await other.client.post(`/api/artists/${ids.radiohead}/favorite`, { favorite: true });
    expect((await other.client.get(`/api/artists/${ids.radiohead}`)).body).toMatchObject({
      voteCount: 1,
      favoriteCount: 1,
      userHasVoted: true,
      userHasFavorited: true,
    });
    expect((await adder.client.get(`/api/artists/${ids.radiohead}`)).body).toMatchObject({
      voteCount: 1,
      userHasVoted: false,
      userHasFavorited: false,
    });
    expect(names((await other.client.get('/api/artists/favorites')).body)).toEqual(['Radiohead']);
    expect((await other.client.get('/api/artists/counts')).body.favorites).toBe(1);

    const missing = await other.client.get(`/api/artists/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("The artist you're looking for doesn't exist or has been removed.");
    expect((await other.client.get('/api/artists/not-an-id')).status).toBe(404);
    expect((await api.client().get('/api/artists/all')).status).toBe(401);
  });

  it("answers whether the user verified an artist, with its links, for the user's own id only", async () => {
    const own = await adder.client.get(`/api/artists/${ids.beatles}/verification/${adder.userId}`);
    expect(own.body).toMatchObject({
      hasVerified: true,
      existingLinks: [{ platform: 'spotify' }, { platform: 'instagram' }],
    });
    const notYet = await other.client.get(`/api/artists/${ids.beatles}/verification/${other.userId}`);
    expect(notYet.body.hasVerified).toBe(false);
    expect((await other.client.get(`/api/artists/${ids.beatles}/verification/${adder.userId}`)).status).toBe(403);
  });

  it('previews what this user would earn now, from the policy that pays', async () => {
    const fresh = await signUpMember(api);
    expect((await fresh.client.get('/api/artists/reward-preview')).body).toEqual({
      addArtist: 1000,
      perLink: 10,
      verifyArtist: 25,
      // The add-artist preview counts the video message the server pays with the new artist.
      fanMessage: 25,
    });
    // The adder has added three: the fourth pays 50.
    expect((await adder.client.get('/api/artists/reward-preview')).body.addArtist).toBe(50);
  });

  it('ranks a search the same page by page: the exact name first, whole words, word starts, then typos', async () => {
    // All Artists ranks inside the word index; My Artists (the same artists here) ranks on the artist
    // rows: both must give this order, across page boundaries.
    const fan = await signUpMember(api);
    for (const name of ['Quasar', 'Quasar Alpha', 'Quasarium', 'Quasar Beta', 'Quasr Blue', 'Quasar Gamma']) {
      await add(fan.client, artist(name));
    }
    const ranked = ['Quasar', 'Quasar Gamma', 'Quasar Beta', 'Quasar Alpha', 'Quasarium', 'Quasr Blue'];
    for (const tab of ['all', 'my']) {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const response = await fan.client.get(
          `/api/artists/${tab}?q=quasar&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(response.status).toBe(200);
        seen.push(...names(response.body));
        cursor = response.headers[ARTIST_LIST_NEXT_CURSOR_HEADER.toLowerCase()];
        if (!cursor) break;
      }
      expect({ tab, seen }).toEqual({ tab, seen: ranked });
    }
    expect(names((await fan.client.get('/api/artists/all?q=quasar%20beta')).body)[0]).toBe('Quasar Beta');
  });

  it('a rebuild of the read models from the log gives the same rows (ops verify)', async () => {
    expect(await verifyProjection(api.db.pool, artistsProjection, { batchSize: 2 })).toEqual([]);
  });
});
