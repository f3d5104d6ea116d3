import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { usersProjection } from '@app/modules/identity';
import { createVerificationRewardReactor, payolaLedgerProjection } from '@app/modules/payola';
import { startApi, type ApiHarness } from './api-harness.js';

describe('GET /api/payola/stats and /api/payola/history', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi([usersProjection, payolaLedgerProjection], {}, (pool) => [
      createVerificationRewardReactor(new EventStore(pool, createDomainEventRegistry())),
    ]);
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
    const fan = api.client();
    const { body } = await fan.post('/api/create-account', {
      email: 'payola-fan@example.com',
      password: 'correct horse 1',
      firstName: 'Pay',
      lastName: 'Ola',
      role: 'fan',
      zipCode: '10001',
    });
    const other = api.client();
    await other.post('/api/create-account', {
      email: 'other@example.com',
      password: 'correct horse 1',
      firstName: 'Other',
      lastName: 'Fan',
      role: 'fan',
      zipCode: '10001',
    });
    expect((await fan.get('/api/payola/stats')).body).toEqual({ currentBalance: 0, totalEarned: 0 });

    const store = new EventStore(api.db.pool, createDomainEventRegistry());
    await store.append(`user-${body.userId}`, 'any', [
      {
        type: 'KycApproved',
        data: {
          userId: body.userId,
          sessionId: 's1',
          decisionTime: new Date().toISOString(),
          firstName: 'Pay',
          lastName: 'Ola',
        },
      },
    ]);

    const stats = await eventually(
      async () => (await fan.get('/api/payola/stats')).body,
      (s) => s.currentBalance === 1000,
    );
    expect(stats).toEqual({ currentBalance: 1000, totalEarned: 1000 });
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
    const check = await eventually(
      async () => (await fan.get('/api/auth/check')).body,
      (c) => c.user?.payolaBalance === 1000,
    );
    expect(check.user.payolaBalance).toBe(1000);

    expect((await other.get('/api/payola/stats')).body).toEqual({ currentBalance: 0, totalEarned: 0 });
    expect((await other.get('/api/payola/history')).body).toEqual([]);
  });

  it('answers 401 when not signed in', async () => {
    const anonymous = api.client();
    expect((await anonymous.get('/api/payola/stats')).status).toBe(401);
    expect((await anonymous.get('/api/payola/history')).status).toBe(401);
  });
});
