import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { usersProjection } from '@app/modules/identity';
import { payolaLedgerProjection } from '@app/modules/payola';
import { startApi, type ApiHarness } from './api-harness.js';
import { signUpAccount, signUpMember } from './members.js';

describe('GET /api/payola/stats and /api/payola/history', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi([usersProjection, payolaLedgerProjection]);
  });
  afterAll(() => api.close());

  async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let i = 0; i < 100; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((r) => setTimeout(r, 30));
    }
    return read();
  }

  it('shows the signed-in fan their own balance and history, and nobody else', async () => {
    const { client: other } = await signUpAccount(api);
    // Paid and approved through the product's path: the approval's answer already shows the reward.
    const { client: fan } = await signUpMember(api);
    expect((await fan.get('/api/payola/stats')).body).toEqual({ currentBalance: 1000, totalEarned: 1000 });
    const history = await fan.get('/api/payola/history');
    expect(history.body).toEqual([
      {
        id: expect.any(String),
        action: 'Identity verified',
        category: 'verification',
        description: 'Welcome bonus for verifying your identity',
        amount: 1000,
        balance: 1000,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    expect((await fan.get('/api/auth/check')).body.user.payolaBalance).toBe(1000);

    expect((await other.get('/api/payola/stats')).body).toEqual({ currentBalance: 0, totalEarned: 0 });
    expect((await other.get('/api/payola/history')).body).toEqual([]);
  });

  it('pages and filters the history on the server, newest first, with the total in X-Total-Count', async () => {
    const fan = api.client();
    const { body } = await fan.post('/api/create-account', {
      email: 'long-history@example.com',
      password: 'correct horse 1',
      firstName: 'Long',
      lastName: 'History',
      role: 'fan',
      zipCode: '10001',
    });
    const store = new EventStore(api.db.pool, createDomainEventRegistry());
    const award = (i: number) => ({
      type: 'PayolaAwarded' as const,
      data: {
        userId: body.userId,
        amount: 10,
        rule: i % 2 ? 'artist-link' : 'upvote',
        action: i % 2 ? 'Artist link added' : 'Upvote',
        category: i % 2 ? 'artists' : 'community',
        description: i === 7 ? 'Links for 100%_Pure' : `Reward ${i}`,
        source: `test-${i}`,
      },
    });
    await store.append(
      `payola-${body.userId}`,
      'no_stream',
      Array.from({ length: 23 }, (_, i) => award(i + 1)),
    );
    const page = async (query: string) => {
      const response = await fan.get(`/api/payola/history${query}`);
      return {
        status: response.status,
        total: Number(response.headers['x-total-count']),
        descriptions: (response.body as { description: string }[]).map((e) => e.description),
      };
    };
    await eventually(
      () => page(''),
      (p) => p.total === 23,
    );

    const first = await page('');
    expect(first.descriptions).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14].map((i) => `Reward ${i}`));
    expect(first.total).toBe(23);
    expect(await page('?page=3')).toEqual({
      status: 200,
      total: 23,
      descriptions: ['Reward 3', 'Reward 2', 'Reward 1'],
    });
    expect(await page('?page=4')).toEqual({ status: 200, total: 23, descriptions: [] });

    const links = await page('?category=artists&pageSize=50');
    expect(links.total).toBe(12);
    expect(await page('?action=Upvote&pageSize=3')).toMatchObject({
      total: 11,
      descriptions: ['Reward 22', 'Reward 20', 'Reward 18'],
    });
    // Search ignores case and takes % and _ as the letters they are.
    expect(await page('?search=100%25_pure')).toEqual({ status: 200, total: 1, descriptions: ['Links for 100%_Pure'] });
    expect((await page('?search=%25')).total).toBe(1);
    expect((await page(`?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total).toBe(0);
    expect((await page(`?since=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`)).total).toBe(23);

    const tooBig = await fan.get('/api/payola/history?pageSize=1000');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toMatch(/100/);
    expect((await fan.get('/api/payola/history?page=0')).status).toBe(400);
    expect((await fan.get('/api/payola/history?since=yesterday')).status).toBe(400);
    // The year 0 is a valid ISO instant PostgreSQL cannot read (found by the contract fuzz test): 400, not 500.
    const yearZero = await fan.get('/api/payola/history?since=0000-01-01T00%3A00%3A00Z');
    expect([yearZero.status, yearZero.body.fieldErrors]).toEqual([400, { since: [expect.stringMatching(/date/)] }]);
    expect((await page('?since=0001-01-01T00%3A00%3A00%2B14%3A00')).total).toBe(23);
  });

  it('answers 401 when not signed in', async () => {
    const anonymous = api.client();
    expect((await anonymous.get('/api/payola/stats')).status).toBe(401);
    expect((await anonymous.get('/api/payola/history')).status).toBe(401);
  });
});
