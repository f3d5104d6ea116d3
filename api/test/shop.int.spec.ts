import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { generate } from 'otplib';
import { createDomainEventRegistry, SHOP_MESSAGES, type TCreateOfferRequest } from '@app/contracts';
import { generateOfferCode, offerCodeCheckSymbol } from '@app/domain';
import { EventStore, type Projection } from '@app/event-store';
import { artistsProjection, claimsProjection, venuesProjection } from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { changeOperator } from '@app/modules/operators';
import { milestoneProgressProjection, milestoneStreamId } from '@app/modules/outreach';
import { awardPayola, payolaLedgerProjection, payolaStreamId } from '@app/modules/payola';
import { redemptionStreamId, shopOffersProjection } from '@app/modules/shop';
import { startApi, type ApiHarness, type Client } from './api-harness.js';
import { signUpAccount, signUpMember } from './members.js';
import { readModelsCaughtUp } from './read-models.js';

/** Sign-ups and payments for a hundred fans: slow when the machine is shared. */
const TEST_TIMEOUT_MS = 300_000;
const PROJECTIONS = [
  usersProjection,
  payolaLedgerProjection,
  artistsProjection,
  venuesProjection,
  claimsProjection,
  milestoneProgressProjection,
  shopOffersProjection,
] as Projection[];
const repoRoot = path.resolve(import.meta.dirname, '../..');
const cli = path.join(repoRoot, 'worker/dist/ops/cli.js');

async function ops(databaseUrl: string, args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [cli, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

/** All at once: every request waits at one barrier, then all are sent in the same turn of the event loop. */
async function race<T>(n: number, send: (index: number) => Promise<T>): Promise<T[]> {
  let open!: () => void;
  const barrier = new Promise<void>((resolve) => (open = resolve));
  const runs = Array.from({ length: n }, async (_, index) => {
    await barrier;
    return send(index);
  });
  open();
  return Promise.all(runs);
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('the Payola shop: offers, exactly-once redemption, withdrawal refunds, the door (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let store: EventStore;
  let claimant: { client: Client; userId: string };
  let stranger: { client: Client; userId: string };
  let operator: { client: Client; userId: string };
  let artistId: string;

  /** A member whose payment completed (no identity check: redemption asks for the payment only). */
  async function payingFan(): Promise<{ client: Client; userId: string }> {
    const fan = await signUpAccount(api, 'fan');
    const intent = await fan.client.post('/api/create-payment-intent', { membershipAddon: true, selectedRole: 'fan' });
    const paid = await fan.client.post('/api/test-payments/confirm', {
      clientSecret: intent.body.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    return fan;
  }

  /** Payola on the fan's own stream, through the one award path, of an exact amount. */
  async function grant(userId: string, amount: number): Promise<void> {
    await awardPayola(
      store,
      api.db.pool,
      { userId, rule: 'identity-verified', description: 'Test grant', source: `test-grant:${randomUUID()}` },
      () => amount,
    );
  }

  async function balanceOf(client: Client): Promise<number> {
    const status = await client.get('/api/shop/status');
    expect(status.status).toBe(200);
    return status.body.balance as number;
  }

  function offer(overrides: Partial<TCreateOfferRequest> = {}): TCreateOfferRequest {
    return {
      owner: { kind: 'artist', entryId: artistId },
      kind: 'merch-discount',
      title: `20% off the tour shirt ${randomUUID().slice(0, 4)}`,
      description: 'Any size, any colour.',
      price: 100,
      perFanLimit: 100,
      validFrom: new Date(Date.now() - 60_000).toISOString(),
      validTo: inDays(30),
      codes: { generate: 10 },
      ...overrides,
    };
  }

  async function createOffer(overrides: Partial<TCreateOfferRequest> = {}, by: Client = claimant.client) {
    const created = await by.post('/api/shop/offers', offer(overrides));
    expect(created.status).toBe(201);
    return created.body.offer as { id: string; remaining: number; stock: number };
  }

  beforeAll(async () => {
    api = await startApi(PROJECTIONS, { RATE_LIMIT_FACTOR: '100' });
    store = new EventStore(api.db.pool, createDomainEventRegistry());
    const adder = await signUpMember(api, 'fan');
    claimant = await signUpMember(api, 'artist', false);
    stranger = await signUpMember(api, 'artist', false);

    // An operator past the second factor, granted in process as the ops CLI does.
    const opsClient = api.client();
    const email = `shop-op-${randomUUID()}@example.com`;
    const account = await opsClient.post('/api/create-account', {
      email,
      password: 'correct horse 1',
      firstName: 'Olga',
      lastName: 'Operator',
      role: 'fan',
      zipCode: '10001',
    });
    await changeOperator(api.db.pool, store, 'grant', email, 'test');
    const setup = await opsClient.post('/api/ops/second-factor/setup');
    const code = await generate({ secret: setup.body.secret });
    expect((await opsClient.post('/api/ops/second-factor/confirm', { code })).status).toBe(200);
    operator = { client: opsClient, userId: account.body.userId };

    // The artist, claimed by `claimant` through the product's own path: code on a link, operator approves.
    const added = await adder.client.post('/api/artists', {
      artist: {
        name: `The Shopkeepers ${randomUUID().slice(0, 6)}`,
        artistType: 'Band',
        genre: 'Rock',
        secondaryGenre: null,
        recordLabel: 'Own Label',
        bio: 'A band with a shop.',
        spotifyUrl: `https://open.spotify.com/artist/${randomUUID().replace(/-/g, '').slice(0, 22)}`,
        bandcampUrl: `https://${randomUUID().slice(0, 8)}.bandcamp.com`,
        soundcloudUrl: null,
        websiteUrl: null,
        socialUrls: [],
      },
      attested: true,
    });
    expect(added.status).toBe(201);
    artistId = added.body.id;
    const profile = await adder.client.get(`/api/artists/${artistId}`);
    const started = await claimant.client.post(`/api/artists/${artistId}/claim`, {});
    expect(started.status).toBe(201);
    const submitted = await claimant.client.post(`/api/artists/${artistId}/claim/submit`, {
      code: started.body.code,
      linkUrl: profile.body.links[0].url,
    });
    expect(submitted.status).toBe(200);
    await readModelsCaughtUp(api.db.pool, [claimsProjection.name]);
    const approved = await operator.client.post(`/api/ops/claims/${started.body.claimId}/approve`, {
      reason: 'Code found on their Spotify page',
    });
    expect(approved.status).toBe(200);
    await readModelsCaughtUp(api.db.pool, [claimsProjection.name]);
  }, TEST_TIMEOUT_MS);
  afterAll(() => api.close());

  it(
    'before the Listener milestone an offer can be created but not redeemed; once it is in the log, it can',
    async () => {
      const fan = await payingFan();
      await grant(fan.userId, 500);
      const created = await createOffer();
      expect(created).toMatchObject({ stock: 10, remaining: 10 });
      const status = await fan.client.get('/api/shop/status');
      expect(status.body).toMatchObject({
        open: false,
        targets: { verifiedFans: 10_000, verifiedArtists: 10_000 },
        balance: 500,
      });

      const refused = await fan.client.post(`/api/shop/offers/${created.id}/redeem`, {});
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(SHOP_MESSAGES.notOpen);
      expect(await balanceOf(fan.client)).toBe(500);

      await store.append(milestoneStreamId('listener-membership'), 'no_stream', [
        {
          type: 'MilestoneReached',
          data: { milestone: 'listener-membership', threshold: 10_000, verifiedFans: 10_000, verifiedArtists: 10_000 },
        },
      ]);
      expect((await fan.client.get('/api/shop/status')).body.open).toBe(true);
      const redeemed = await fan.client.post(`/api/shop/offers/${created.id}/redeem`, {});
      expect(redeemed.status).toBe(200);
      expect(redeemed.body).toMatchObject({ offerId: created.id, price: 100, balance: 400 });
      expect(redeemed.body.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]$/);

      // The ledger shows the debit with its cause; total earned is what was awarded.
      const history = await fan.client.get('/api/payola/history');
      expect(history.body[0]).toMatchObject({ action: 'Redeemed', category: 'shop', amount: -100, balance: 400 });
      expect(history.body[0].description).toBe(`Redeemed ${redeemed.body.title}`);
      expect((await fan.client.get('/api/payola/stats')).body).toEqual({ currentBalance: 400, totalEarned: 500 });

      // The fan's codes list it; the code went out by email through the outbox; the log holds no code in clear.
      const mine = await fan.client.get('/api/shop/redemptions');
      expect(mine.body.redemptions).toEqual([
        expect.objectContaining({ code: redeemed.body.code, status: 'unused', offerId: created.id }),
      ]);
      const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
      const emailQueue = new Queue('email', { connection: redis, prefix: process.env.QUEUE_PREFIX });
      try {
        const jobs = await emailQueue.getJobs(['waiting', 'delayed', 'active', 'completed']);
        const mail = jobs.map((job) => job.data as { subject: string; text: string });
        expect(mail.find((email) => email.subject === `Your code for ${redeemed.body.title}`)?.text).toContain(
          redeemed.body.code,
        );
      } finally {
        await emailQueue.obliterate({ force: true }).catch(() => undefined);
        await emailQueue.close();
        redis.disconnect();
      }
      const { rows: leaked } = await api.db.pool.query(`select 1 from events where data::text like $1`, [
        `%${redeemed.body.code}%`,
      ]);
      expect(leaked).toEqual([]);
      const offerAfter = await fan.client.get(`/api/shop/offers/${created.id}`);
      expect(offerAfter.body).toMatchObject({ remaining: 9, redeemedByYou: 1, status: 'active' });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'only the claimant creates offers for the entry (403 for another member); platform offers are for operators',
    async () => {
      const byStranger = await stranger.client.post('/api/shop/offers', offer());
      expect(byStranger.status).toBe(403);
      expect(byStranger.body.message).toBe(SHOP_MESSAGES.notYourEntry);
      const platform = offer({ owner: { kind: 'platform' }, kind: 'in-app-reward' });
      const byMember = await claimant.client.post('/api/shop/offers', platform);
      expect(byMember.status).toBe(403);
      expect(byMember.body.message).toBe(SHOP_MESSAGES.platformOperatorsOnly);
      const byOperator = await operator.client.post('/api/shop/offers', platform);
      expect(byOperator.status).toBe(201);
      expect(byOperator.body.offer.owner).toEqual({ kind: 'platform' });
      // Redeeming needs the membership payment (the session is the identity, the balance alone is not enough).
      const unpaid = await signUpAccount(api, 'fan');
      await grant(unpaid.userId, 1000);
      const anOffer = await createOffer();
      const refused = await unpaid.client.post(`/api/shop/offers/${anOffer.id}/redeem`, {});
      expect(refused.status).toBe(403);
      expect(await balanceOf(unpaid.client)).toBe(1000);
      // A price the client makes up is refused, not rounded.
      const fractional = await claimant.client.post('/api/shop/offers', { ...offer(), price: 9.5 });
      expect(fractional.status).toBe(400);
      expect(fractional.body.message).toContain('whole number');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'an uploaded CSV with a duplicate or a blank row is refused with the row named; a clean one is the stock',
    async () => {
      const duplicate = await claimant.client.post(
        '/api/shop/offers',
        offer({ codes: { csv: 'SUMMER-0001\nsummer-0002\nSUMMER-0001\n' } }),
      );
      expect(duplicate.status).toBe(400);
      expect(duplicate.body.message).toBe(SHOP_MESSAGES.csvDuplicate('SUMMER-0001', [1, 3]));
      const blank = await claimant.client.post('/api/shop/offers', offer({ codes: { csv: 'SUMMER-0001\n\nX-2\n' } }));
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe(SHOP_MESSAGES.csvBlank(2));
      const created = await createOffer({
        codes: { csv: `PARTNER-${randomUUID().slice(0, 6)}\r\nPARTNER-B${randomUUID().slice(0, 6)}\r\n` },
      });
      expect(created).toMatchObject({ stock: 2, remaining: 2 });
      const { rows } = await api.db.pool.query('select count(*)::int as n from shop_offer_codes where offer_id = $1', [
        created.id,
      ]);
      expect(rows[0].n).toBe(2);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    '100 concurrent redemptions by a fan whose balance covers 3: exactly 3 succeed, the balance is exact, 3 distinct codes',
    async () => {
      const fan = await payingFan();
      await grant(fan.userId, 350);
      const created = await createOffer({ codes: { generate: 20 } });
      const answers = await race(100, () => fan.client.post(`/api/shop/offers/${created.id}/redeem`, {}));
      const won = answers.filter((answer) => answer.status === 200);
      expect(won).toHaveLength(3);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(new Set(refused.map((answer) => answer.status))).toEqual(new Set([409]));
      expect(new Set(refused.map((answer) => answer.body.message))).toEqual(new Set([SHOP_MESSAGES.notEnoughPayola]));
      expect(new Set(won.map((answer) => answer.body.code)).size).toBe(3);
      expect(await balanceOf(fan.client)).toBe(50);
      const spends = (await store.readStream(payolaStreamId(fan.userId))).filter((e) => e.type === 'PayolaSpent');
      expect(spends).toHaveLength(3);
      await readModelsCaughtUp(api.db.pool, [payolaLedgerProjection.name, shopOffersProjection.name]);
      expect((await fan.client.get('/api/payola/stats')).body.currentBalance).toBe(50);
      expect((await fan.client.get(`/api/shop/offers/${created.id}`)).body.remaining).toBe(17);
      // On the write side too: the 97 refused took no code (each claimed one in its statement and rolled back).
      const { rows: free } = await api.db.pool.query<{ n: number }>(
        'select count(*)::int as n from shop_offer_codes where offer_id = $1 and redeemed_by is null',
        [created.id],
      );
      expect(free[0]!.n).toBe(17);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fans who cannot afford an offer racing those who can for its last 5 codes: the refused hold none, all 5 who can get one',
    async () => {
      // A redemption claims its code in the statement that reads the fan's balance and gives it back when the
      // spend is refused: a refused one must never make another fan hear "sold out".
      const poor = await Promise.all(Array.from({ length: 20 }, () => payingFan()));
      const rich = await Promise.all(Array.from({ length: 5 }, () => payingFan()));
      await Promise.all([...poor.map((fan) => grant(fan.userId, 50)), ...rich.map((fan) => grant(fan.userId, 100))]);
      const created = await createOffer({ codes: { generate: 5 } });
      const everyone = [...poor, ...rich];
      const answers = await race(everyone.length, (index) =>
        everyone[index]!.client.post(`/api/shop/offers/${created.id}/redeem`, {}),
      );
      const poorAnswers = answers.slice(0, poor.length);
      const richAnswers = answers.slice(poor.length);
      expect(richAnswers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(richAnswers.map((answer) => answer.body.code)).size).toBe(5);
      expect(
        poorAnswers.every((answer) => answer.status === 409 && answer.body.message === SHOP_MESSAGES.notEnoughPayola),
      ).toBe(true);
      expect(await Promise.all(poor.map((fan) => balanceOf(fan.client)))).toEqual(poor.map(() => 50));
    },
    TEST_TIMEOUT_MS,
  );

  it(
    '100 fans racing for the last 5 codes: exactly 5 get one, the others are told it is sold out and keep their Payola',
    async () => {
      const fans: { client: Client; userId: string }[] = [];
      for (let batch = 0; batch < 10; batch++) {
        fans.push(...(await Promise.all(Array.from({ length: 10 }, () => payingFan()))));
      }
      await Promise.all(fans.map((fan) => grant(fan.userId, 100)));
      const created = await createOffer({ codes: { generate: 5 } });
      const answers = await race(100, (index) => fans[index]!.client.post(`/api/shop/offers/${created.id}/redeem`, {}));
      const won = answers.filter((answer) => answer.status === 200);
      expect(won).toHaveLength(5);
      expect(new Set(won.map((answer) => answer.body.code)).size).toBe(5);
      const lost = answers.filter((answer) => answer.status !== 200);
      expect(lost.every((answer) => answer.status === 409 && answer.body.message === SHOP_MESSAGES.soldOut)).toBe(true);
      const balances = await Promise.all(fans.map((fan) => balanceOf(fan.client)));
      expect(balances.filter((balance) => balance === 0)).toHaveLength(5);
      expect(balances.filter((balance) => balance === 100)).toHaveLength(95);
      await readModelsCaughtUp(api.db.pool, [shopOffersProjection.name]);
      expect((await fans[0]!.client.get(`/api/shop/offers/${created.id}`)).body).toMatchObject({
        remaining: 0,
        status: 'sold-out',
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the per-fan limit holds under a race: 30 concurrent redemptions of a limit-2 offer by a rich fan give 2',
    async () => {
      const fan = await payingFan();
      await grant(fan.userId, 10_000);
      const created = await createOffer({ perFanLimit: 2, codes: { generate: 10 } });
      const answers = await race(30, () => fan.client.post(`/api/shop/offers/${created.id}/redeem`, {}));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
      expect(
        answers.filter((answer) => answer.status === 409 && answer.body.message === SHOP_MESSAGES.perFanLimit),
      ).toHaveLength(28);
      expect(await balanceOf(fan.client)).toBe(10_000 - 200);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the door: valid, then "Mark used" raced 20 times gives one success, then used (with when), expired, not ours, a typo',
    async () => {
      const fan = await payingFan();
      await grant(fan.userId, 1000);
      const created = await createOffer();
      const { body: redeemed } = await fan.client.post(`/api/shop/offers/${created.id}/redeem`, {});

      const valid = await claimant.client.post('/api/shop/codes/check', { code: redeemed.code.toLowerCase() });
      expect(valid.body).toMatchObject({ status: 'valid', code: redeemed.code, offer: { id: created.id } });
      // Another member's check of the same code says "not ours", and never whose it is.
      const notOurs = await stranger.client.post('/api/shop/codes/check', { code: redeemed.code });
      expect(notOurs.body).toEqual({
        code: redeemed.code,
        status: 'not-ours',
        message: SHOP_MESSAGES.codeNotOurs,
        offer: null,
        redeemedAt: null,
        usedAt: null,
      });
      // A well-formed code nobody has reads the same as another member's.
      const unknown = await claimant.client.post('/api/shop/codes/check', { code: generateOfferCode() });
      expect(unknown.body.status).toBe('not-ours');
      expect((await stranger.client.post('/api/shop/codes/use', { code: redeemed.code })).status).toBe(404);
      // A typo (one character changed) is caught by the check character, before any look-up.
      const symbols = redeemed.code.replace(/-/g, '');
      const typo = `${symbols[0] === 'A' ? 'B' : 'A'}${symbols.slice(1, 4)}-${symbols.slice(4, 8)}-${symbols[8]}`;
      const mistyped = await claimant.client.post('/api/shop/codes/check', { code: typo });
      expect(mistyped.status).toBe(400);
      expect(mistyped.body.message).toBe(SHOP_MESSAGES.codeMistyped);

      const marks = await race(20, () => claimant.client.post('/api/shop/codes/use', { code: redeemed.code }));
      const used = marks.filter((mark) => mark.status === 200);
      expect(used).toHaveLength(1);
      expect(marks.filter((mark) => mark.status === 409 && /^Already used on /.test(mark.body.message))).toHaveLength(
        19,
      );
      const events = await store.readStream(redemptionStreamId(redeemed.redemptionId));
      expect(events.map((event) => event.type)).toEqual(['OfferRedeemed', 'OfferCodeUsed']);
      const after = await claimant.client.post('/api/shop/codes/check', { code: redeemed.code });
      expect(after.body).toMatchObject({ status: 'used', usedAt: used[0]!.body.usedAt });
      expect(after.body.message).toMatch(/^Already used on /);

      // A code of an offer past its end date reads expired (the end moved into the past on the write side).
      const second = await fan.client.post(`/api/shop/offers/${created.id}/redeem`, {});
      await api.db.pool.query(
        `update shop_offer_terms set valid_to = now() - interval '1 minute' where offer_id = $1`,
        [created.id],
      );
      const expired = await claimant.client.post('/api/shop/codes/check', { code: second.body.code });
      expect(expired.body.status).toBe('expired');
      expect((await claimant.client.post('/api/shop/codes/use', { code: second.body.code })).status).toBe(409);
      expect(offerCodeCheckSymbol('ABCDEFGH')).toHaveLength(1);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'two racing withdrawals: one withdraws and refunds each unused code once, the used one is not refunded, the other is told',
    async () => {
      const fans = await Promise.all(Array.from({ length: 3 }, () => payingFan()));
      await Promise.all(fans.map((fan) => grant(fan.userId, 300)));
      const created = await createOffer({ price: 120 });
      const codes = [];
      for (const fan of fans) {
        const redeemed = await fan.client.post(`/api/shop/offers/${created.id}/redeem`, {});
        expect(redeemed.status).toBe(200);
        codes.push(redeemed.body.code as string);
      }
      expect((await claimant.client.post('/api/shop/codes/use', { code: codes[0] })).status).toBe(200);

      const answers = await race(2, (index) =>
        (index === 0 ? claimant : operator).client.post(`/api/shop/offers/${created.id}/withdraw`, {
          reason: 'Tour cancelled',
        }),
      );
      const done = answers.filter((answer) => answer.status === 200);
      expect(done).toHaveLength(1);
      expect(done[0]!.body).toMatchObject({ refunded: 2, refundedPayola: 240 });
      const other = answers.find((answer) => answer.status !== 200);
      expect(other).toMatchObject({ status: 409, body: { message: SHOP_MESSAGES.alreadyWithdrawn } });

      expect(await Promise.all(fans.map((fan) => balanceOf(fan.client)))).toEqual([180, 300, 300]);
      for (const fan of fans.slice(1)) {
        const refunds = (await store.readStream(payolaStreamId(fan.userId))).filter((e) => e.type === 'PayolaRefunded');
        expect(refunds).toHaveLength(1);
      }
      // A third withdrawal, later, refunds nothing again; the withdrawn offer redeems nothing.
      expect((await operator.client.post(`/api/shop/offers/${created.id}/withdraw`, {})).status).toBe(409);
      const late = await fans[1]!.client.post(`/api/shop/offers/${created.id}/redeem`, {});
      expect(late).toMatchObject({ status: 409, body: { message: SHOP_MESSAGES.withdrawn } });
      const check = await claimant.client.post('/api/shop/codes/check', { code: codes[1] });
      expect(check.body.status).toBe('withdrawn');
      // Only its owner or an operator may withdraw.
      const another = await createOffer();
      expect((await stranger.client.post(`/api/shop/offers/${another.id}/withdraw`, {})).status).toBe(403);

      await readModelsCaughtUp(api.db.pool, [payolaLedgerProjection.name, shopOffersProjection.name]);
      const history = await fans[1]!.client.get('/api/payola/history');
      expect(history.body[0]).toMatchObject({ action: 'Refunded', category: 'shop', amount: 120, balance: 300 });
      const mine = await fans[1]!.client.get('/api/shop/redemptions');
      expect(mine.body.redemptions[0]).toMatchObject({ status: 'refunded' });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'redemptions racing a withdrawal: each one that got a code is refunded, none is charged for a withdrawn offer',
    async () => {
      const fans: { client: Client; userId: string }[] = [];
      for (let batch = 0; batch < 3; batch++) {
        fans.push(...(await Promise.all(Array.from({ length: 10 }, () => payingFan()))));
      }
      await Promise.all(fans.map((fan) => grant(fan.userId, 100)));
      const created = await createOffer({ price: 100, codes: { generate: 50 } });
      const answers = await race(31, (index) =>
        index === 30
          ? claimant.client.post(`/api/shop/offers/${created.id}/withdraw`, {})
          : fans[index]!.client.post(`/api/shop/offers/${created.id}/redeem`, {}),
      );
      const withdrawal = answers[30]!;
      expect(withdrawal.status).toBe(200);
      const redeemed = answers.slice(0, 30).filter((answer) => answer.status === 200);
      const refused = answers.slice(0, 30).filter((answer) => answer.status !== 200);
      expect(refused.every((answer) => answer.status === 409 && answer.body.message === SHOP_MESSAGES.withdrawn)).toBe(
        true,
      );
      // Whatever the interleaving, the withdrawal refunded exactly the redemptions that committed.
      expect(withdrawal.body.refunded).toBe(redeemed.length);
      expect(await Promise.all(fans.map((fan) => balanceOf(fan.client)))).toEqual(fans.map(() => 100));
      const { rows } = await api.db.pool.query(
        `select count(*) filter (where refunded_at is null and redeemed_by is not null)::int as unrefunded,
                count(*) filter (where voided_at is not null)::int as voided
         from shop_offer_codes where offer_id = $1`,
        [created.id],
      );
      expect(rows[0]).toEqual({ unrefunded: 0, voided: 50 - redeemed.length });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'lists offers by kind, entry, title search and what the fan can afford, a keyset page at a time; my offers count them',
    async () => {
      const tag = `Zq${randomUUID().slice(0, 6)}`;
      const cheap = await createOffer({ title: `${tag} sticker 100%_off`, kind: 'merch-discount', price: 50 });
      const dear = await createOffer({ title: `${tag} vinyl`, kind: 'vinyl-discount', price: 5000 });
      const platform = await createOffer(
        { title: `${tag} badge`, kind: 'in-app-reward', owner: { kind: 'platform' }, price: 10 },
        operator.client,
      );
      const fan = await payingFan();
      await grant(fan.userId, 100);
      const ids = async (query: string) => {
        const page = await fan.client.get(`/api/shop/offers?${query || `search=${tag}`}`);
        expect(page.status).toBe(200);
        return (page.body.offers as { id: string }[]).map((offer) => offer.id);
      };
      expect(await ids('')).toEqual([platform.id, dear.id, cheap.id]);
      expect(await ids(`search=${tag}&kind=vinyl-discount`)).toEqual([dear.id]);
      expect(await ids(`search=${tag}&entryKind=artist&entryId=${artistId}`)).toEqual([dear.id, cheap.id]);
      expect(await ids(`search=${tag}&entryKind=platform`)).toEqual([platform.id]);
      expect(await ids(`search=${tag}&affordable=true`)).toEqual([platform.id, cheap.id]);
      // `_` and `%` typed in the search match themselves (unescaped, `_` would match every title).
      expect(await ids(`search=${encodeURIComponent('_')}&includeInactive=true`)).toEqual([cheap.id]);
      expect(await ids(`search=${encodeURIComponent('0%_o')}&includeInactive=true`)).toEqual([cheap.id]);
      const first = await fan.client.get(`/api/shop/offers?search=${tag}&limit=2`);
      expect(first.body.offers.map((offer: { id: string }) => offer.id)).toEqual([platform.id, dear.id]);
      const second = await fan.client.get(`/api/shop/offers?search=${tag}&limit=2&cursor=${first.body.nextCursor}`);
      expect(second.body).toEqual({ offers: [expect.objectContaining({ id: cheap.id })], nextCursor: null });
      const bad = await fan.client.get('/api/shop/offers?cursor=abc');
      expect(bad.status).toBe(400);
      // The artist's name comes from the catalogue.
      expect(second.body.offers[0].owner).toEqual({ kind: 'artist', entryId: artistId, name: expect.any(String) });

      const mine = await claimant.client.get('/api/shop/my-offers');
      expect(mine.body.entries).toEqual([{ kind: 'artist', entryId: artistId, name: expect.any(String) }]);
      expect(mine.body.canOfferPlatform).toBe(false);
      expect(mine.body.offers.map((offer: { id: string }) => offer.id)).toEqual(
        expect.arrayContaining([cheap.id, dear.id]),
      );
      expect(mine.body.offers.map((offer: { id: string }) => offer.id)).not.toContain(platform.id);
      const others = await stranger.client.get('/api/shop/my-offers');
      expect(others.body).toEqual({ offers: [], entries: [], canOfferPlatform: false });
      expect((await operator.client.get('/api/shop/my-offers')).body.canOfferPlatform).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a vote withdrawal never takes a balance below zero in the log',
    async () => {
      const fan = await payingFan();
      await grant(fan.userId, 100);
      const created = await createOffer({ price: 100 });
      expect((await fan.client.post(`/api/shop/offers/${created.id}/redeem`, {})).status).toBe(200);
      // The -1 of a withdrawn vote finds 0 Payola: nothing is recorded rather than a negative balance.
      await awardPayola(store, api.db.pool, {
        userId: fan.userId,
        rule: 'upvote-withdrawn',
        description: 'Withdrew your vote',
        source: `vote-withdrawn:${randomUUID()}`,
      });
      expect(await balanceOf(fan.client)).toBe(0);
      const types = (await store.readStream(payolaStreamId(fan.userId))).map((event) => event.type);
      expect(types).toEqual(['PayolaAwarded', 'PayolaSpent']);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'ops verify finds the shop and the ledger identical to a rebuild after all this, and ops replay changes nothing',
    async () => {
      await readModelsCaughtUp(
        api.db.pool,
        PROJECTIONS.map((projection) => projection.name),
      );
      const names = [payolaLedgerProjection.name, shopOffersProjection.name];
      const dump = async () => {
        const out: Record<string, unknown[]> = {};
        for (const table of ['payola_ledger', 'payola_balances', 'shop_offers', 'shop_redemptions']) {
          const { rows } = await api.db.pool.query(`select t::text as row from "${table}" t order by 1`);
          out[table] = rows.map((row) => row.row);
        }
        return out;
      };
      const before = await dump();
      expect(before.shop_redemptions!.length).toBeGreaterThan(10);
      const verified = await ops(api.db.url, ['verify', ...names]);
      expect(verified).toEqual({ code: 0, stdout: expect.not.stringMatching(/differ/i) });
      expect((await ops(api.db.url, ['replay', ...names])).code).toBe(0);
      expect(await dump()).toEqual(before);
    },
    TEST_TIMEOUT_MS,
  );
});
