import { usersProjection } from '@app/modules/identity';
import { startApi, type ApiHarness } from './api-harness.js';

const account = (email: string, extra: object = {}) => ({
  email,
  password: 'correct horse 1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'fan',
  zipCode: '90210',
  ...extra,
});

describe('probe', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi([usersProjection]);
  });
  afterAll(async () => {
    await api.close();
  });

  it('nul', async () => {
    const r = await api.client().post('/api/create-account', account('nul@example.com', { firstName: 'A\u0000b' }));
    console.log('nul', r.status, r.body);
    const r2 = await api.client().post('/api/create-account', account('sur@example.com', { lastName: 'A\ud800b' }));
    console.log('surrogate', r2.status, r2.body);
    const r3 = await api.client().post('/api/create-account', account('zip@example.com', { zipCode: '1234\u0000' }));
    console.log('zip', r3.status, r3.body);
  });
  it('health sessions', async () => {
    const before = await api.db.pool.query('select count(*)::int n from session');
    for (let i = 0; i < 3; i++) {
      const r = await api.client().get('/api/health');
      console.log('health', r.status, r.headers['set-cookie']);
    }
    const after = await api.db.pool.query('select count(*)::int n from session');
    console.log('sessions', before.rows[0].n, after.rows[0].n);
  });
  it('forgot concurrent', async () => {
    await api.client().post('/api/create-account', account('fp@example.com'));
    const c = api.client();
    const rs = await Promise.all([1, 2, 3, 4].map(() => c.post('/api/forgot-password', { email: 'fp@example.com' })));
    console.log(
      'forgot',
      rs.map((r) => [r.status, r.body.error]),
    );
  });
  it('login missing', async () => {
    const c = api.client();
    const r = await c.post('/api/login', { email: 'ada@example.com' });
    console.log('login missing pw', r.status, r.body);
    const r2 = await c.post('/api/login', { email: 'not-an-email', password: 'x' });
    console.log('login bad email', r2.status, r2.body);
    const r3 = await c.post('/api/login', { email: ['a@b.co'], password: 'x' });
    console.log('login array email', r3.status, r3.body);
  });
});
