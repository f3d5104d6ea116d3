import { usersProjection } from '@app/modules/identity';
import { startApi, type ApiHarness } from './api-harness.js';
import { signUpMember } from './members.js';

describe('reserved usernames (impersonation of staff, routes and roles)', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi([usersProjection]);
  });
  afterAll(() => api.close());

  it('admin, payola_support and login are never available, and a save is refused as taken', async () => {
    const { client, userId } = await signUpMember(api, 'industry-pro', false);
    for (const username of ['admin', 'Payola_Support', 'login', 'SUPPORT']) {
      const check = await client.post('/api/users/check-username', { username });
      expect(check.body).toEqual({ available: false });
      const save = await client.patch(`/api/users/${userId}`, { username });
      expect(save.status).toBe(409);
      expect(save.body.message).toBe('Username is already taken');
    }
    expect((await client.patch(`/api/users/${userId}`, { username: 'supportive_listener' })).status).toBe(200);
  });
});
