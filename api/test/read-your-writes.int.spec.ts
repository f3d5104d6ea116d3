import { randomUUID } from 'node:crypto';
import { READ_MODELS_PENDING_HEADER } from '@app/contracts';
import { artistsProjection } from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { payolaLedgerProjection } from '@app/modules/payola';
import { startApi, type ApiHarness } from './api-harness.js';

const pending = READ_MODELS_PENDING_HEADER.toLowerCase();

/**
 * The worker is down (nothing projects): every write still answers 2xx because it is stored, says
 * honestly that the read models have not caught up, and is never contradicted by the next request.
 */
describe('with the worker down: no 2xx followed by a denial, and lag reported, not hidden', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi([usersProjection, payolaLedgerProjection, artistsProjection], {}, () => [], {
      project: false,
    });
  });
  afterAll(() => api.close());

  it('sign-up, payment and identity approval are honoured at once: the fan adds and votes on an artist', async () => {
    const client = api.client();
    const signUp = await client.post('/api/create-account', {
      email: `lag-${randomUUID()}@example.com`,
      password: 'correct horse 1',
      firstName: 'Lag',
      lastName: 'Ging',
      role: 'fan',
      zipCode: '10001',
    });
    expect(signUp.status).toBe(201);
    expect(signUp.headers[pending]).toBe('identity-users');

    const intent = await client.post('/api/create-payment-intent', { membershipAddon: true, selectedRole: 'fan' });
    expect(intent.status).toBe(201);
    const paid = await client.post('/api/test-payments/confirm', {
      clientSecret: intent.body.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    // Nothing to wait for: the auth check folds the payment from the log.
    expect(paid.headers[pending]).toBeUndefined();

    // The auth check (which routes the web app) already shows the payment and the founding number.
    const afterPayment = await client.get('/api/auth/check');
    expect(afterPayment.body.user).toMatchObject({ paymentCompleted: true, foundingFanNumber: expect.any(Number) });

    expect((await client.post('/api/kyc/session')).status).toBe(200);
    const approved = await client.post('/api/kyc/test-decision', { decision: 'approved' });
    expect(approved.status).toBe(200);
    expect((await client.get('/api/auth/check')).body.user).toMatchObject({ verified: true, kycCompleted: true });

    // The very next actions that need payment and an approved identity are allowed.
    const added = await client.post('/api/artists', {
      artist: {
        name: 'Lagging Band',
        artistType: 'Solo Artist',
        genre: 'Electronic',
        secondaryGenre: 'Pop',
        recordLabel: 'One Little Independent',
        bio: 'Always a little behind.',
        spotifyUrl: 'https://open.spotify.com/artist/7w29UYBi0qsHi5RTcv3lmA',
        bandcampUrl: null,
        soundcloudUrl: null,
        websiteUrl: null,
        socialUrls: ['instagram.com/laggingband'],
      },
      attested: true,
    });
    expect(added.status).toBe(201);
    expect(added.headers[pending]).toBe('catalog-artists, payola-ledger');
    const voted = await client.post(`/api/artists/${added.body.id}/vote`, { vote: true });
    expect(voted.status).toBe(200);
    expect(voted.body).toEqual({ voted: true, voteCount: 1 });

    // Once the worker is back and caught up, answers stop saying so.
    await api.startProjections();
    const withdrawn = await client.post(`/api/artists/${added.body.id}/vote`, { vote: false });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.headers[pending]).toBeUndefined();
    expect((await client.get('/api/auth/check')).body.user).toMatchObject({ paymentCompleted: true, verified: true });
  });
});
