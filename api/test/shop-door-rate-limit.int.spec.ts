import type { Projection } from '@app/event-store';
import { artistsProjection, claimsProjection, venuesProjection } from '@app/modules/catalog';
import { RATE_LIMITS } from '@app/modules/identity';
import { shopOffersProjection } from '@app/modules/shop';
import { generateOfferCode } from '@app/domain';
import { startApi, type ApiHarness } from './api-harness.js';
import { signUpAccount } from './members.js';

/**
 * The door's code check cannot be used to try codes by the thousand: per member (and per address) it
 * answers 429 with Retry-After once the limit is spent, and "Mark used" counts against the same limit.
 */
describe('the shop door is rate-limited per member (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    // The door asks the catalogue which entries the member claimed: its read models must exist.
    api = await startApi([artistsProjection, venuesProjection, claimsProjection, shopOffersProjection] as Projection[]);
  }, 120_000);
  afterAll(() => api.close());

  it('answers 429 with Retry-After after the per-member limit of checks, marks included', async () => {
    const member = await signUpAccount(api, 'artist');
    const limit = RATE_LIMITS['shop-code'].perUser.points;
    // Sequentially in small batches: the point is the count, not the race.
    for (let sent = 0; sent < limit - 1; sent += 50) {
      const batch = Math.min(50, limit - 1 - sent);
      const answers = await Promise.all(
        Array.from({ length: batch }, () => member.client.post('/api/shop/codes/check', { code: generateOfferCode() })),
      );
      expect(
        answers
          .filter((answer) => answer.status !== 200 || answer.body.status !== 'not-ours')
          .map((a) => [a.status, a.body]),
      ).toEqual([]);
    }
    const last = await member.client.post('/api/shop/codes/use', { code: generateOfferCode() });
    expect(last.status).toBe(404);
    const refused = await member.client.post('/api/shop/codes/check', { code: generateOfferCode() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another member still checks: the limit is theirs, not the door's for everyone.
    const other = await signUpAccount(api, 'artist');
    expect((await other.client.post('/api/shop/codes/check', { code: generateOfferCode() })).status).toBe(200);
  }, 120_000);
});
