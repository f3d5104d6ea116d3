import { randomUUID } from 'node:crypto';
import { createDomainEventRegistry } from '@app/contracts';
import { EventStore, verifyProjection } from '@app/event-store';
import { usersProjection } from '@app/modules/identity';
import { payolaLedgerProjection } from '@app/modules/payola';
import { startApi, type ApiHarness } from './api-harness.js';
import { signUpMember } from './members.js';

describe('My Profile: PATCH /api/users/{id} and check-username (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let store: EventStore;

  beforeAll(async () => {
    api = await startApi([usersProjection, payolaLedgerProjection]);
    store = new EventStore(api.db.pool, createDomainEventRegistry());
  });
  afterAll(() => api.close());

  const member = () => signUpMember(api, 'fan', false);
  const uniqueName = () => `fan_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

  it('saves names, phone, genres and settings as events and answers the saved user', async () => {
    const { client, userId } = await member();
    const check = (await client.get('/api/auth/check')).body.user;
    expect(check).toMatchObject({
      username: null,
      genres: [],
      privacySettings: { profilePublic: true, chartsPublic: false, artistsContact: false },
      notificationSettings: { profileNotifications: true, upvotesNotifications: false },
    });
    const saved = await client.patch(`/api/users/${userId}`, {
      firstName: ' Robin ',
      phone: '+1 512 555 0100',
      genres: ['Indie', '', 'Jazz', 'Indie'],
      privacySettings: { chartsPublic: true },
      notificationSettings: { profileNotifications: false },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      firstName: 'Robin',
      phone: '+1 512 555 0100',
      genres: ['Indie', 'Jazz'],
      privacySettings: { profilePublic: true, chartsPublic: true },
      notificationSettings: { profileNotifications: false },
    });
    const types = (await store.readStream(`user-${userId}`)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['ProfileUpdated', 'SettingsChanged']));
    // Saving the same values again records nothing.
    const before = (await store.readStream(`user-${userId}`)).length;
    await client.patch(`/api/users/${userId}`, { firstName: 'Robin', privacySettings: { chartsPublic: true } });
    expect((await store.readStream(`user-${userId}`)).length).toBe(before);
    expect((await client.get('/api/auth/check')).body.user.privacySettings.chartsPublic).toBe(true);
  });

  it('only the signed-in user, only their own fields', async () => {
    const { client, userId } = await member();
    const other = await member();
    const foreign = await client.patch(`/api/users/${other.userId}`, { firstName: 'Mallory' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('You can only change your own profile.');
    expect((await api.client().patch(`/api/users/${userId}`, { firstName: 'Anon' })).status).toBe(401);
    for (const field of ['role', 'payolaBalance', 'verified', 'paymentCompleted', 'foundingFanNumber']) {
      const refused = await client.patch(`/api/users/${userId}`, { firstName: 'Sneaky', [field]: 1 });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(`${field} cannot be changed here.`);
    }
    const bad = [
      [{ genres: ['a', 'b', 'c', 'd'] }, 'Choose at most 3 genres'],
      [{ email: 'nope' }, 'Please enter a valid email address'],
      [{ firstName: '' }, 'First name is required'],
      [{ privacySettings: { chartsPublic: 'yes' } }, /boolean/i],
      [{ username: '!!!' }, 'Please enter a username'],
    ] as const;
    for (const [body, message] of bad) {
      const response = await client.patch(`/api/users/${userId}`, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    }
    expect((await client.get('/api/auth/check')).body.user.firstName).not.toBe('Sneaky');
  });

  it('usernames: cleaned, checked, one owner under 50 concurrent claims, and freed by a change', async () => {
    const name = uniqueName();
    const claimants = await Promise.all(Array.from({ length: 5 }, () => member()));
    expect((await claimants[0]!.client.post('/api/users/check-username', { username: name })).body).toEqual({
      available: true,
    });
    const claims = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const { client, userId } = claimants[i % claimants.length]!;
        return client.patch(`/api/users/${userId}`, { username: name.toUpperCase() });
      }),
    );
    const owners = new Set(claims.filter((c) => c.status === 200).map((c) => c.body.id));
    expect(owners.size).toBe(1);
    expect(claims.every((c) => c.status === 200 || c.status === 409)).toBe(true);
    expect(claims.find((c) => c.status === 409)?.body.message).toBe('Username is already taken');
    const owner = claimants.find((c) => owners.has(c.userId))!;
    const loser = claimants.find((c) => !owners.has(c.userId))!;
    expect((await owner.client.get('/api/auth/check')).body.user.username).toBe(name);
    expect((await loser.client.post('/api/users/check-username', { username: name })).body.available).toBe(false);
    expect((await owner.client.post('/api/users/check-username', { username: name })).body.available).toBe(true);

    // Changing it frees the old one.
    const renamed = await owner.client.patch(`/api/users/${owner.userId}`, { username: `${name}_2` });
    expect(renamed.body.username).toBe(`${name}_2`);
    const taken = await loser.client.patch(`/api/users/${loser.userId}`, { username: `  ${name}!` });
    expect(taken.status).toBe(200);
    expect(taken.body.username).toBe(name);
  });

  it('email: an unchanged address (any letter case) is no change; a new one needs the password and a link', async () => {
    const { client, userId } = await member();
    const email = (await client.get('/api/auth/check')).body.user.email as string;
    const before = (await store.readStream(`user-${userId}`)).length;
    const same = await client.patch(`/api/users/${userId}`, { email: email.toUpperCase(), firstName: 'Art' });
    expect(same.status).toBe(200);
    expect(same.body.email).toBe(email);
    expect((await store.readStream(`user-${userId}`)).length).toBe(before);
    const moved = await client.patch(`/api/users/${userId}`, { email: `moved-${randomUUID()}@example.com` });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe(
      'Changing your email needs your current password, and a confirmation from the new address.',
    );
    // The whole flow: account-security.int.spec.ts.
  });

  it('a rebuild of the users read model from the log gives the same rows (ops verify)', async () => {
    expect(await verifyProjection(api.db.pool, usersProjection, { batchSize: 7 })).toEqual([]);
  });
});
