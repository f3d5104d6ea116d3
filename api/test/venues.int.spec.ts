import { randomUUID } from 'node:crypto';
import { createDomainEventRegistry, type TRole } from '@app/contracts';
import { EventStore, verifyProjection } from '@app/event-store';
import { venuesProjection } from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { payolaLedgerProjection } from '@app/modules/payola';
import { startApi, type ApiHarness, type Client } from './api-harness.js';
import { signUpMember } from './members.js';

/** A venue with a name of its own per test, so tests never collide on the name-and-city key. */
const venue = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  venueType: 'Live Music Club',
  streetAddress: '6 Delancey St',
  city: 'New York',
  state: 'NY',
  capacity: '575',
  ageRestriction: '21+',
  soundSystem: 'Professional PA System',
  bio: 'Intimate room on the Lower East Side.',
  phoneNumber: '(212) 260-4700',
  email: 'Booking@Example.com',
  bookingContact: 'Jane Doe',
  accessibility: 'Step-free entrance',
  parking: 'Street parking',
  socialUrls: [''],
  ...extra,
});

describe('venues: add, duplicates, update, confirm, vote, favourite, lists (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let store: EventStore;

  beforeAll(async () => {
    api = await startApi([usersProjection, payolaLedgerProjection, venuesProjection]);
    store = new EventStore(api.db.pool, createDomainEventRegistry());
  });
  afterAll(() => api.close());

  const member = (role: TRole = 'fan', approve = true) => signUpMember(api, role, approve);
  const balance = async (client: Client) => (await client.get('/api/payola/stats')).body.currentBalance as number;
  const eventCount = async () => Number((await api.db.pool.query('select count(*) from events')).rows[0].count);

  it('pays 750, 400, 200, then 100 for a fan’s venues, and the preview says so first', async () => {
    const fan = await member();
    const start = await balance(fan.client);
    const earned: number[] = [];
    for (const n of [1, 2, 3, 4]) {
      const preview = await fan.client.get('/api/venues/reward-preview');
      const added = await fan.client.post('/api/venues', {
        venue: venue(`Tier Hall ${randomUUID().slice(0, 8)}`, { city: `Town ${n}` }),
        userId: fan.userId,
      });
      expect(added.status).toBe(201);
      expect(added.body.payola.total).toBe(preview.body.addVenue);
      earned.push(added.body.payola.total);
    }
    expect(earned).toEqual([750, 400, 200, 100]);
    expect(await balance(fan.client)).toBe(start + 1450);
  });

  it('stores what the form said, shows it on the profile and in the lists', async () => {
    const fan = await member();
    const name = `Bowery Ballroom ${randomUUID().slice(0, 6)}`;
    const added = await fan.client.post('/api/venues', {
      venue: venue(name, {
        websiteUrl: 'www.boweryballroom.com/',
        socialUrls: ['https://instagram.com/boweryballroom?igsh=x', ''],
      }),
    });
    expect(added.status).toBe(201);
    const [event] = await store.readStream(`venue-${added.body.id}`);
    expect(event).toMatchObject({ type: 'VenueAdded', data: { addedBy: fan.userId, capacity: 575, country: 'USA' } });

    const profile = await fan.client.get(`/api/venues/${added.body.id}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      name,
      venueType: 'Live Music Club',
      city: 'New York',
      state: 'NY',
      country: 'USA',
      capacity: 575,
      ageRestriction: '21+',
      email: 'booking@example.com',
      websiteUrl: 'https://www.boweryballroom.com',
      socialUrls: ['https://www.instagram.com/boweryballroom'],
      voteCount: 0,
      userHasVoted: false,
      hasUserAdded: true,
      isPublic: true,
    });
    const all = await fan.client.get('/api/venues');
    expect(all.body[0].id).toBe(added.body.id);
    // Each reader of the same (cached) answers learns whether they added it, and nobody's account id.
    const reader = await member();
    const seen = await reader.client.get(`/api/venues/${added.body.id}`);
    expect(seen.body.hasUserAdded).toBe(false);
    expect((await reader.client.get('/api/venues')).body[0]).toMatchObject({ id: added.body.id, hasUserAdded: false });
    expect((await fan.client.get(`/api/venues/${added.body.id}`)).body.hasUserAdded).toBe(true);
    expect(JSON.stringify([seen.body, all.body])).not.toContain(fan.userId);
    const mine = await fan.client.get('/api/venues/my');
    expect(mine.body.map((v: { id: string }) => v.id)).toEqual([added.body.id]);
    const counts = await fan.client.get('/api/venues/counts');
    expect(counts.body).toMatchObject({ my: 1, favorites: 0 });
    expect(counts.body.all).toBeGreaterThanOrEqual(1);

    const searched = await fan.client.get(`/api/venues?q=${encodeURIComponent('bowery balroom')}`);
    expect(searched.body[0].id).toBe(added.body.id);
    const filtered = await fan.client.get('/api/venues/my?type=Jazz%20Club');
    expect(filtered.body).toEqual([]);
    const byAge = await fan.client.get('/api/venues/my?age=21%2B');
    expect(byAge.body).toHaveLength(1);
    expect((await fan.client.get('/api/venues?type=Spaceport')).status).toBe(400);
    expect((await fan.client.get(`/api/venues/${randomUUID()}`)).status).toBe(404);
    expect((await fan.client.get('/api/venues/not-an-id')).body.message).toBe(
      "The venue you're looking for doesn't exist or has been removed.",
    );
  });

  it('refuses the same name in the same city, or a link on file, naming the venue; suggests why', async () => {
    const fan = await member();
    const name = `The Mercury Lounge ${randomUUID().slice(0, 6)}`;
    const first = await fan.client.post('/api/venues', {
      venue: venue(name, { socialUrls: [`https://www.instagram.com/merc${randomUUID().slice(0, 6)}`] }),
    });
    expect(first.status).toBe(201);
    const other = await member();
    const events = await eventCount();
    const sameName = await other.client.post('/api/venues', {
      venue: venue(name.replace('The ', '').toUpperCase(), { city: ' new york ' }),
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe(
      `${name} is already listed in this city. Use "Is this it?" to confirm it instead.`,
    );
    const profile = (await other.client.get(`/api/venues/${first.body.id}`)).body;
    const sameLink = await other.client.post('/api/venues', {
      venue: venue('Another Room Entirely', { socialUrls: [profile.socialUrls[0].toUpperCase()] }),
    });
    expect(sameLink.status).toBe(409);
    expect(sameLink.body.message).toBe(
      `This link already belongs to ${name}. Use "Is this it?" to confirm ${name} instead.`,
    );
    expect(await eventCount()).toBe(events);
    // The same name in another city is another venue.
    expect(
      (await other.client.post('/api/venues', { venue: venue(name, { city: 'Boston', state: 'MA' }) })).status,
    ).toBe(201);

    const suggestions = await other.client.get(
      `/api/venues/search?q=${encodeURIComponent(name.slice(0, -3))}&city=New%20York&state=NY`,
    );
    expect(suggestions.status).toBe(200);
    expect(suggestions.body[0]).toMatchObject({ id: first.body.id, hasUserAdded: false });
    expect(suggestions.body[0].matchReasons).toEqual(['similar name']);
    const exact = await other.client.get(`/api/venues/search?q=${encodeURIComponent(name)}&city=New%20York&state=NY`);
    expect(exact.body[0].id).toBe(first.body.id);
    expect(exact.body[0].matchReasons).toEqual(['same name and city']);
    const byLink = await other.client.get(
      `/api/venues/search?q=zzzz&socialUrls=${encodeURIComponent(profile.socialUrls[0])}`,
    );
    expect(byLink.body[0].matchReasons).toEqual(['same Instagram link']);
    expect((await other.client.get('/api/venues/search?q=a')).status).toBe(400);
  });

  it('confirming a duplicate is recorded: +25 once, a second confirmation earns nothing', async () => {
    const adder = await member();
    const { body: added } = await adder.client.post('/api/venues', { venue: venue(`Confirm Club ${randomUUID()}`) });
    const fan = await member();
    const before = await balance(fan.client);
    const preview = await fan.client.get('/api/venues/reward-preview');
    expect(preview.body.confirmDuplicate).toBe(25);
    const confirmations = await Promise.all(
      Array.from({ length: 10 }, () => fan.client.post(`/api/venues/${added.id}/confirm-duplicate`, {})),
    );
    expect(confirmations.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(confirmations.filter((r) => r.body.alreadyConfirmed === false)).toHaveLength(1);
    expect(await balance(fan.client)).toBe(before + 25);
    const stream = await store.readStream(`venue-${added.id}`);
    expect(stream.map((e) => e.type)).toEqual(['VenueAdded', 'VenueDuplicateConfirmed']);
    const again = await fan.client.post(`/api/venues/${added.id}/confirm-duplicate`, {});
    expect(again.body).toEqual({ venueId: added.id, alreadyConfirmed: true, payola: { total: 0, lines: [] } });
    // It is now one of this fan's venues.
    expect((await fan.client.get('/api/venues/my')).body.map((v: { id: string }) => v.id)).toContain(added.id);
    expect((await fan.client.get(`/api/venues/${added.id}`)).body).toMatchObject({ hasUserConfirmed: true });
    const own = await adder.client.post(`/api/venues/${added.id}/confirm-duplicate`, {});
    expect(own.status).toBe(409);
    expect(own.body.message).toBe('You added this venue: load it to update it instead.');
    expect((await fan.client.post(`/api/venues/${randomUUID()}/confirm-duplicate`, {})).status).toBe(404);
  });

  it('only its adder updates a venue; the name-and-city and link keys move with it', async () => {
    const adder = await member();
    const oldName = `Loaded Hall ${randomUUID().slice(0, 6)}`;
    const { body: added } = await adder.client.post('/api/venues', {
      venue: venue(oldName, { websiteUrl: `https://${randomUUID().slice(0, 8)}.example.org` }),
    });
    const newName = `${oldName} Renamed`;
    const before = await balance(adder.client);
    const updated = await adder.client.patch(`/api/venues/${added.id}`, {
      venue: venue(newName, { capacity: 600, ageRestriction: '' }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: added.id, name: newName, payola: { total: 0 } });
    expect(await balance(adder.client)).toBe(before);
    const profile = (await adder.client.get(`/api/venues/${added.id}`)).body;
    expect(profile).toMatchObject({ name: newName, capacity: 600, ageRestriction: null, websiteUrl: null });
    // The old name and website are free again; the new name is taken.
    const other = await member();
    expect((await other.client.post('/api/venues', { venue: venue(oldName) })).status).toBe(201);
    expect((await other.client.post('/api/venues', { venue: venue(newName) })).status).toBe(409);
    const foreign = await other.client.patch(`/api/venues/${added.id}`, { venue: venue('Hijacked') });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('Only the fan who added this venue can update it.');
  });

  it('refuses bad input with clear 400s and writes nothing; only verified fans add', async () => {
    const fan = await member();
    const events = await eventCount();
    const attempt = (fields: Record<string, unknown>) =>
      fan.client.post('/api/venues', { venue: venue(`Bad ${randomUUID()}`, fields) });
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ name: ' ' }, 'Venue name is required'],
      [{ city: '' }, 'City is required'],
      [{ state: 'XX' }, 'State is required'],
      [{ venueType: 'Spaceport' }, 'Venue type is required'],
      [{ capacity: '12.5' }, 'Capacity must be a whole number'],
      [{ capacity: 'lots' }, 'Capacity must be a whole number'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ socialUrls: ['javascript:alert(1)'] }, /social profile link|web links/i],
      [{ websiteUrl: 'ftp://example.com' }, /web/i],
      [{ bio: 'x'.repeat(5001) }, /too long/],
      [{ name: 'x'.repeat(201) }, /too long/],
      [{ name: 'Bad\u0000Name' }, /name: remove the invisible control character \(NUL\)/],
      [{ socialUrls: ['instagram.com/room', 'https://www.instagram.com/room/'] }, 'This link is entered twice.'],
    ];
    for (const [fields, message] of cases) {
      const { status, body } = await attempt(fields);
      expect([fields, status]).toEqual([fields, 400]);
      expect(body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    }
    expect((await fan.client.post('/api/venues', { venue: 'nope' })).status).toBe(400);
    expect(await eventCount()).toBe(events);

    const unverified = await member('fan', false);
    const pro = await member('industry-pro');
    const afterSignUps = await eventCount();
    const refused = await unverified.client.post('/api/venues', { venue: venue(`Nope ${randomUUID()}`) });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only verified fans can add venues. Complete your identity verification first.');
    expect((await pro.client.post('/api/venues', { venue: venue(`Pro ${randomUUID()}`) })).status).toBe(403);
    expect((await api.client().post('/api/venues', { venue: venue(`Anon ${randomUUID()}`) })).status).toBe(401);
    const impostor = await fan.client.post('/api/venues', { venue: venue(`Imp ${randomUUID()}`), userId: pro.userId });
    expect(impostor.status).toBe(403);
    expect(await eventCount()).toBe(afterSignUps);
  });

  it('50 identical votes at once give one vote and +1; withdrawing -1; again 0; favourites toggle safely', async () => {
    const adder = await member();
    const { body: added } = await adder.client.post('/api/venues', { venue: venue(`Vote Room ${randomUUID()}`) });
    const voter = await member();
    const start = await balance(voter.client);
    const votes = await Promise.all(
      Array.from({ length: 50 }, () => voter.client.post(`/api/venues/${added.id}/vote`, { vote: true })),
    );
    expect(votes.map((v) => v.status)).toEqual(Array(50).fill(200));
    expect((await store.readStream(`venue-vote-${added.id}-${voter.userId}`)).map((e) => e.type)).toEqual([
      'VenueVoteCast',
    ]);
    expect(await balance(voter.client)).toBe(start + 1);
    expect((await voter.client.post(`/api/venues/${added.id}/vote`, { vote: false })).body).toEqual({
      voted: false,
      voteCount: 0,
    });
    expect(await balance(voter.client)).toBe(start);
    expect((await voter.client.post(`/api/venues/${added.id}/vote`, {})).body).toEqual({ voted: true, voteCount: 1 });
    expect(await balance(voter.client)).toBe(start);
    expect((await voter.client.get(`/api/venues/${added.id}`)).body).toMatchObject({
      voteCount: 1,
      userHasVoted: true,
    });

    const hearts = await Promise.all(
      Array.from({ length: 20 }, () => voter.client.post(`/api/venues/${added.id}/favorite`, { favorite: true })),
    );
    expect(hearts.every((r) => r.status === 200 && r.body.favorited)).toBe(true);
    expect((await store.readStream(`venue-favorite-${added.id}-${voter.userId}`)).length).toBe(1);
    expect((await voter.client.get('/api/venues/favorites')).body.map((v: { id: string }) => v.id)).toEqual([added.id]);
    expect((await voter.client.post(`/api/venues/${added.id}/favorite`, {})).body).toEqual({ favorited: false });
    expect((await voter.client.get('/api/venues/favorites')).body).toEqual([]);

    expect((await voter.client.post(`/api/venues/${randomUUID()}/vote`, { vote: true })).status).toBe(404);
    expect((await voter.client.post(`/api/venues/${added.id}/vote`, { vote: 'yes' })).status).toBe(400);
    expect((await api.client().post(`/api/venues/${added.id}/favorite`, {})).status).toBe(401);
  });

  it('pages the list with a cursor, newest first, without repeats', async () => {
    const fan = await member();
    const type = 'Blues Club';
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { body } = await fan.client.post('/api/venues', {
        venue: venue(`Page Club ${randomUUID().slice(0, 8)}`, { venueType: type }),
      });
      ids.push(body.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { id: string }[]; headers: Record<string, string> } = await fan.client.get(
        `/api/venues/my?type=${encodeURIComponent(type)}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.body.map((v) => v.id));
      cursor = page.headers['x-next-cursor'] ?? null;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    expect((await fan.client.get('/api/venues?cursor=nonsense')).status).toBe(400);
  });

  it('a rebuild of the venue read models from the log gives the same rows (ops verify)', async () => {
    expect(await verifyProjection(api.db.pool, venuesProjection, { batchSize: 3 })).toEqual([]);
  });
  it('20 identical venue adds from one fan at once: one venue, one reward, and clear 409s for the rest', async () => {
    const fan = await member();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fan.client.post('/api/venues', {
          venue: venue('Racing Room', { websiteUrl: 'https://racingroom.example.com' }),
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.message).toContain('Racing Room');
    }
    const added = await api.db.pool.query(
      "select count(*)::int as n from events where type = 'VenueAdded' and data->>'name' = 'Racing Room'",
    );
    expect(added.rows[0].n).toBe(1);
    // One reward (counted in the log: the balance also moves with the identity reward, paid by a reactor).
    const rewards = await api.db.pool.query(
      "select (data->>'amount')::int as amount from events where type = 'PayolaAwarded' and data->>'rule' = 'venue-added' and data->>'userId' = $1",
      [fan.userId],
    );
    expect(rewards.rows).toEqual([{ amount: 750 }]);
  });
});
