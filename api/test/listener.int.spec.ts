import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { ACCOUNT_MESSAGES, createDomainEventRegistry, LISTENER_MESSAGES } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { artistsProjection } from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { milestoneStreamId, sendListenerInvitations } from '@app/modules/outreach';
import { grantMonthlyMembership, payolaLedgerProjection } from '@app/modules/payola';
import { startApi, type ApiHarness, type Client } from './api-harness.js';
import { signUpMember } from './members.js';

const PUBLIC_URL = 'http://localhost:3000';

const listenerForm = (email: string) => ({
  firstName: 'Kim',
  lastName: 'Deal',
  email,
  password: 'correct horse 1',
  role: 'listener',
  zipCode: '10001',
});

describe('the Listener membership (real PostgreSQL and Redis, built-in captcha)', () => {
  let api: ApiHarness;
  let store: EventStore;
  let redis: Redis;
  let emailQueue: Queue;

  beforeAll(async () => {
    api = await startApi([usersProjection, payolaLedgerProjection, artistsProjection], {
      RATE_LIMIT_FACTOR: '20',
      PUBLIC_URL,
    });
    store = new EventStore(api.db.pool, createDomainEventRegistry());
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    emailQueue = new Queue('email', { connection: redis, prefix: process.env.QUEUE_PREFIX });
  });
  afterAll(async () => {
    await emailQueue.obliterate({ force: true }).catch(() => undefined);
    await emailQueue.close();
    redis.disconnect();
    await api.close();
  });

  async function captcha(browser: Client): Promise<string> {
    const response = await browser.post('/api/captcha/test-token');
    expect(response.status).toBe(201);
    return response.body.token as string;
  }

  /** The emails staged for an address, newest last, once the outbox relay has queued them. */
  async function emailsTo(address: string, atLeast = 1, waitMs = 10_000) {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const jobs = await emailQueue.getJobs(['waiting', 'delayed', 'active', 'completed']);
      const mine = jobs
        .filter((job) => job.data.to === address)
        .sort((a, b) => a.timestamp - b.timestamp)
        .map((job) => job.data as Record<string, string>);
      if (mine.length >= atLeast || Date.now() > deadline) return mine;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const linkIn = (text: string, path: string) => {
    const match = new RegExp(`${PUBLIC_URL}${path}\\?[^\\s"<]+`).exec(text);
    if (!match) throw new Error(`no ${path} link in: ${text}`);
    return new URL(match[0].replace(/&amp;/g, '&'));
  };

  /** What the milestone recorder appends when the configured thresholds are crossed (tested in outreach). */
  const reachListenerMilestone = () =>
    store.append(milestoneStreamId('listener-membership'), 'no_stream', [
      {
        type: 'MilestoneReached',
        data: { milestone: 'listener-membership', threshold: 2, verifiedFans: 2, verifiedArtists: 2 },
      },
    ]);

  /** A confirmed Listener, through the product's path: captcha, sign-up, the emailed link. */
  async function confirmedListener(): Promise<{ client: Client; userId: string; email: string }> {
    const client = api.client();
    const email = `listener-${randomUUID()}@example.com`;
    const created = await client.post('/api/create-account', {
      ...listenerForm(email),
      recaptchaToken: await captcha(client),
    });
    expect(created.status).toBe(201);
    const [confirmation] = await emailsTo(email);
    const token = linkIn(confirmation!.text!, '/confirm-sign-up').searchParams.get('token');
    expect((await client.post('/api/confirm-sign-up', { token })).status).toBe(200);
    return { client, userId: created.body.userId as string, email };
  }

  it('refuses a Listener sign-up before the milestone, saying it is not yet open, and creates nothing', async () => {
    const browser = api.client();
    const email = 'early@example.com';
    const refused = await browser.post('/api/create-account', {
      ...listenerForm(email),
      recaptchaToken: await captcha(browser),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(LISTENER_MESSAGES.notYetOpen);
    const { rows } = await api.db.pool.query("select 1 from events where type = 'AccountCreated'");
    expect(rows).toHaveLength(0);
    // The paying roles are not gated.
    const fan = await browser.post('/api/create-account', { ...listenerForm('fan-early@example.com'), role: 'fan' });
    expect(fan.status).toBe(201);
  });

  it('once open: needs the human check, emails a link, and opens the app only when the link is used', async () => {
    await reachListenerMilestone();
    const browser = api.client();
    const email = 'kim.deal@example.com';
    const noCaptcha = await browser.post('/api/create-account', listenerForm(email));
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.body.message).toBe(LISTENER_MESSAGES.captchaRequired);
    const forged = await browser.post('/api/create-account', { ...listenerForm(email), recaptchaToken: 'forged' });
    expect(forged.status).toBe(400);

    const created = await browser.post('/api/create-account', {
      ...listenerForm(email),
      recaptchaToken: await captcha(browser),
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ userId: expect.any(String), confirmationSentTo: email });
    const before = await browser.get('/api/auth/check');
    expect(before.body.user).toMatchObject({ role: 'listener', paymentCompleted: false, verified: false });
    // Nothing to pay, no identity check: both refused in words a person understands.
    const pay = await browser.post('/api/create-payment-intent', { membershipAddon: false, selectedRole: 'listener' });
    expect(pay.status).toBe(403);
    expect(pay.body.message).toBe(LISTENER_MESSAGES.nothingToPay);
    const kyc = await browser.post('/api/kyc/session');
    expect(kyc.status).toBe(403);
    expect(kyc.body.message).toBe(LISTENER_MESSAGES.noIdentityCheck);

    const [confirmation] = await emailsTo(email);
    expect(confirmation!.subject).toBe('Confirm your email to start your Listener membership');
    const link = linkIn(confirmation!.text!, '/confirm-sign-up');
    const wrong = await api
      .client()
      .post('/api/confirm-sign-up', { token: `${created.body.userId}.${'x'.repeat(43)}` });
    expect(wrong.status).toBe(400);
    expect((await browser.get('/api/auth/check')).body.user.paymentCompleted).toBe(false);

    const confirmed = await api.client().post('/api/confirm-sign-up', { token: link.searchParams.get('token') });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ ok: true, message: LISTENER_MESSAGES.emailConfirmed, email });
    // A second click on the same link is no error.
    expect((await api.client().post('/api/confirm-sign-up', { token: link.searchParams.get('token') })).status).toBe(
      200,
    );
    expect((await browser.get('/api/auth/check')).body.user).toMatchObject({
      role: 'listener',
      paymentCompleted: true,
      verified: false,
    });
  });

  it('sends the link again on request: only the newest works, and nothing once confirmed', async () => {
    const browser = api.client();
    const email = `resend-${randomUUID()}@example.com`;
    await browser.post('/api/create-account', { ...listenerForm(email), recaptchaToken: await captcha(browser) });
    const resent = await browser.post('/api/confirm-sign-up/resend');
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(LISTENER_MESSAGES.confirmationResent);
    const [first, second] = await emailsTo(email, 2);
    const token = (mail: Record<string, string> | undefined) =>
      linkIn(mail!.text!, '/confirm-sign-up').searchParams.get('token');
    expect(token(first)).not.toBe(token(second));
    expect((await api.client().post('/api/confirm-sign-up', { token: token(first) })).status).toBe(400);
    expect((await api.client().post('/api/confirm-sign-up', { token: token(second) })).status).toBe(200);
    const again = await browser.post('/api/confirm-sign-up/resend');
    expect(again.body.message).toBe(LISTENER_MESSAGES.alreadyConfirmed);
    // The relay queues within milliseconds: two seconds without a third email is nothing sent.
    expect(await emailsTo(email, 3, 2000)).toHaveLength(2);
    // Signed out: 401; a paying role has no such link.
    expect((await api.client().post('/api/confirm-sign-up/resend')).status).toBe(401);
    const fan = api.client();
    await fan.post('/api/create-account', { ...listenerForm(`fan-${randomUUID()}@example.com`), role: 'fan' });
    expect((await fan.post('/api/confirm-sign-up/resend')).status).toBe(403);
  });

  let artistId: string;

  it('a Listener favourites, but adding, verifying and voting are refused with a clear 403, and nothing is earned', async () => {
    const fan = await signUpMember(api, 'fan');
    const artist = (name: string) => ({
      name,
      artistType: 'Band',
      genre: 'Rock',
      secondaryGenre: null,
      recordLabel: null,
      bio: 'Boston band.',
      spotifyUrl: `https://open.spotify.com/artist/${randomUUID().replace(/-/g, '').slice(0, 22)}`,
      bandcampUrl: null,
      soundcloudUrl: null,
      websiteUrl: `https://band-${randomUUID().slice(0, 6)}.example.com`,
      socialUrls: [],
    });
    const added = await fan.client.post('/api/artists', { artist: artist('Pixies'), attested: true });
    expect(added.body).toMatchObject({ id: expect.any(String) });
    artistId = added.body.id as string;

    const listener = await confirmedListener();
    const favourite = await listener.client.post(`/api/artists/${artistId}/favorite`, { favorite: true });
    expect(favourite.status).toBe(200);
    const favourites = (await listener.client.get('/api/artists/favorites')).body as { id: string }[];
    expect(favourites.map((a) => a.id)).toEqual([artistId]);
    expect((await listener.client.get(`/api/artists/${artistId}`)).body).toMatchObject({ userHasFavorited: true });

    const attempts = [
      listener.client.post('/api/artists', { artist: artist('The Breeders'), attested: true }),
      listener.client.post('/api/artists/verify', { artistId }),
      listener.client.post(`/api/artists/${artistId}/vote`, { vote: true }),
      listener.client.post('/api/venues', {
        venue: {
          name: 'The Rat',
          venueType: 'Live Music Club',
          streetAddress: '528 Commonwealth Ave',
          city: 'Boston',
          state: 'MA',
          capacity: '350',
          ageRestriction: '21+',
          soundSystem: 'Professional PA System',
          bio: 'Kenmore Square club.',
          phoneNumber: '(617) 555-0100',
          email: 'booking@example.com',
          bookingContact: 'Jim Harold',
          accessibility: 'Step-free entrance',
          parking: 'Street parking',
          socialUrls: [''],
        },
      }),
    ];
    for (const refused of await Promise.all(attempts)) {
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(LISTENER_MESSAGES.browseOnly);
    }
    // The monthly job grants the paying fan's month, and the Listener nothing (no paid membership month).
    expect(await grantMonthlyMembership(api.db.pool, store)).toBeGreaterThanOrEqual(1);
    expect((await listener.client.get('/api/payola/stats')).body.currentBalance).toBe(0);
    const { rows } = await api.db.pool.query('select 1 from events where stream_id = $1', [
      `payola-${listener.userId}`,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('an unconfirmed Listener may not favourite yet, and is told to confirm the email', async () => {
    const browser = api.client();
    await browser.post('/api/create-account', {
      ...listenerForm(`unconfirmed-${randomUUID()}@example.com`),
      recaptchaToken: await captcha(browser),
    });
    const refused = await browser.post(`/api/artists/${artistId}/favorite`, { favorite: true });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(LISTENER_MESSAGES.confirmEmailFirst);
  });

  it("the invitation email's link pre-fills the sign-up from the waitlist entry, without the address in the URL", async () => {
    const browser = api.client();
    const email = 'waitlisted.listener@example.com';
    // Joined before the milestone: invited by the worker's sender once it is reached (the campaign).
    await api.db.pool.query("delete from outreach_invitation_campaigns where milestone = 'listener-membership'");
    const joined = await browser.post('/api/waitlist', {
      firstName: 'Tanya',
      lastName: 'Donelly',
      email,
      country: 'USA',
      state: 'MA',
      city: 'Newport',
      musicGenres: ['Rock', 'Indie'],
      customGenres: ['Dream Pop'],
      preferredContactMethods: ['Email'],
      mobilePhone: '',
      whatsappNumber: '',
      recaptchaToken: await captcha(browser),
    });
    expect(joined.status).toBe(201);
    await api.db.pool.query(
      "insert into outreach_invitation_campaigns (milestone, milestone_event) values ('listener-membership', 1) on conflict do nothing",
    );
    expect(await sendListenerInvitations(api.db.pool, PUBLIC_URL)).toBeGreaterThanOrEqual(1);

    // Staged by the worker's sender (the worker's relay queues it): read from the outbox.
    const { rows: staged } = await api.db.pool.query<{ message: Record<string, string> }>(
      "select message from email_outbox where message->>'to' = $1",
      [email],
    );
    const invitation = staged
      .map((row) => row.message)
      .find((m) => m.subject === 'The free Listener membership is open');
    const link = linkIn(invitation!.text!, '/create-account');
    expect(link.toString()).not.toContain('donelly');
    expect(link.toString()).not.toContain(encodeURIComponent(email));
    const token = link.searchParams.get('invite')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const prefill = await api.client().get(`/api/waitlist/invitations/${token}`);
    expect(prefill.status).toBe(200);
    expect(prefill.body).toEqual({
      firstName: 'Tanya',
      lastName: 'Donelly',
      email,
      genres: ['Rock', 'Indie', 'Dream Pop'],
    });
    // Signing up with what it pre-filled keeps the genres on the profile (3 at most, as My Profile).
    const signUp = api.client();
    const created = await signUp.post('/api/create-account', {
      ...listenerForm(email),
      firstName: prefill.body.firstName,
      lastName: prefill.body.lastName,
      genres: prefill.body.genres,
      recaptchaToken: await captcha(signUp),
    });
    expect(created.status).toBe(201);
    expect((await signUp.get('/api/auth/check')).body.user).toMatchObject({
      firstName: 'Tanya',
      genres: ['Rock', 'Indie', 'Dream Pop'],
    });
    // A made-up token finds nothing; a malformed one is a plain 400. Only the hash is stored.
    const unknown = await api.client().get(`/api/waitlist/invitations/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(LISTENER_MESSAGES.invitationInvalid);
    expect((await api.client().get('/api/waitlist/invitations/not-a-token')).status).toBe(400);
    const { rows } = await api.db.pool.query('select 1 from waitlist_entries where invitation_token_hash = $1', [
      token,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('racing Listener sign-ups with one email give one account; the others hear the address is taken', async () => {
    const email = `race-${randomUUID()}@example.com`;
    const browsers = Array.from({ length: 12 }, () => api.client());
    // Every captcha first, so the sign-ups themselves leave together.
    const tokens = await Promise.all(browsers.map(captcha));
    const answers = await Promise.all(
      browsers.map((browser, i) =>
        browser.post('/api/create-account', { ...listenerForm(email.toUpperCase()), recaptchaToken: tokens[i] }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const others = answers.filter((a) => a.status !== 201);
    expect(others.map((a) => a.status)).toEqual(Array(11).fill(409));
    expect(others.every((a) => a.body.message === ACCOUNT_MESSAGES.emailTaken)).toBe(true);
    const winner = `user-${answers.find((a) => a.status === 201)!.body.userId}`;
    const { rows } = await api.db.pool.query<{ type: string }>(
      'select type from events where stream_id = $1 order by stream_version',
      [winner],
    );
    expect(rows.map((row) => row.type)).toEqual(['AccountCreated', 'SignUpEmailConfirmationRequested']);
    // One account holds the address, and no losing sign-up left an account behind.
    const held = await api.db.pool.query<{ user_id: string }>(
      'select user_id from email_reservations where email_normalized = $1',
      [email.toLowerCase()],
    );
    expect(held.rows).toEqual([{ user_id: winner.slice('user-'.length) }]);
  });
});
