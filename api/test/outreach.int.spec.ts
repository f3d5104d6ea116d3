import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createDomainEventRegistry, OUTREACH_MESSAGES } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { RATE_LIMITS } from '@app/modules/identity';
import { milestoneProgressProjection } from '@app/modules/outreach';
import { startApi, type ApiHarness, type Client } from './api-harness.js';

const SUPPORT = 'support-desk@payola.test';

const waitlistForm = (email: string) => ({
  firstName: 'Kim',
  lastName: 'Gordon',
  email,
  country: 'USA',
  state: 'NY',
  city: 'New York',
  musicGenres: ['Rock', 'Noise Pop'],
  customGenres: ['Noise Pop'],
  preferredContactMethods: ['Email', 'WhatsApp'],
  mobilePhone: '',
  whatsappNumber: '+1 555 0100',
});

const contactForm = (email: string) => ({
  firstName: 'Thurston',
  lastName: 'Moore',
  email,
  phone: '',
  role: 'Tour Manager',
  subject: 'Partnership',
  message: 'We would love to talk about a partnership.',
});

describe('waitlist and contact (real PostgreSQL and Redis, built-in captcha)', () => {
  let api: ApiHarness;
  let redis: Redis;
  let emailQueue: Queue;

  beforeAll(async () => {
    api = await startApi([milestoneProgressProjection], { SUPPORT_EMAIL: SUPPORT });
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    emailQueue = new Queue('email', { connection: redis, prefix: process.env.QUEUE_PREFIX });
  });
  afterAll(async () => {
    await emailQueue.obliterate({ force: true }).catch(() => undefined);
    await emailQueue.close();
    redis.disconnect();
    await api.close();
  });

  async function token(browser: Client): Promise<string> {
    const response = await browser.post('/api/captcha/test-token');
    expect(response.status).toBe(201);
    return response.body.token as string;
  }

  async function emailsTo(address: string) {
    const jobs = await emailQueue.getJobs(['waiting', 'delayed', 'active', 'completed']);
    return jobs.filter((job) => job.data.to === address).map((job) => job.data as Record<string, string>);
  }

  /** The events of a type as the event store reads them: personal fields opened with their subject's key. */
  async function events(type: string) {
    const { rows } = await api.db.pool.query<{ stream_id: string }>(
      'select distinct stream_id from events where type = $1',
      [type],
    );
    const store = new EventStore(api.db.pool, createDomainEventRegistry());
    const read = await Promise.all(rows.map((row) => store.readStream(row.stream_id, api.db.pool, [type])));
    return read.flat().map((event) => ({ stream_id: event.streamId, data: event.data as Record<string, unknown> }));
  }

  it('tells the widget to use the built-in check', async () => {
    const response = await api.client().get('/api/captcha');
    expect(response.body).toEqual({ mode: 'test', siteKey: null });
  });

  it('puts an address on the waitlist once, answering a repeat exactly like the first sign-up', async () => {
    const browser = api.client();
    const first = await browser.post('/api/waitlist', {
      ...waitlistForm('kim@example.com'),
      recaptchaToken: await token(browser),
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ ok: true, message: OUTREACH_MESSAGES.waitlistJoined });

    const again = await api.client().post('/api/waitlist', {
      ...waitlistForm(' KIM@Example.com '),
      recaptchaToken: await token(browser),
    });
    expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });

    const joined = await events('WaitlistJoined');
    expect(joined).toHaveLength(1);
    expect(joined[0]!.data).toMatchObject({
      email: 'kim@example.com',
      state: 'NY',
      musicGenres: ['Rock', 'Noise Pop'],
      customGenres: ['Noise Pop'],
      preferredContactMethods: ['Email', 'WhatsApp'],
      mobilePhone: null,
      whatsappNumber: '+1 555 0100',
    });
    expect(JSON.stringify(joined[0]!.data)).not.toContain('recaptcha');
    const confirmations = await emailsTo('kim@example.com');
    expect(confirmations.map((email) => email.subject)).toEqual(["You're on the Payola Listener waitlist"]);
    expect(confirmations[0]!.text).toContain("We'll notify you when the free Listener membership becomes available.");
  });

  it('refuses a form without a captcha, or with a forged or reused one, and records and sends nothing', async () => {
    const browser = api.client();
    const missing = await browser.post('/api/waitlist', waitlistForm('robot@example.com'));
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.recaptchaToken).toEqual(['Please complete the reCAPTCHA verification']);

    const forged = await browser.post('/api/waitlist', {
      ...waitlistForm('robot@example.com'),
      recaptchaToken: 'test.9999999999999.abc.def',
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(OUTREACH_MESSAGES.captchaFailed);

    const used = await token(browser);
    expect(
      (await browser.post('/api/contact', { ...contactForm('robot@example.com'), recaptchaToken: used })).status,
    ).toBe(201);
    const reused = await browser.post('/api/waitlist', { ...waitlistForm('robot@example.com'), recaptchaToken: used });
    expect(reused.status).toBe(400);

    const contactMissing = await browser.post('/api/contact', contactForm('robot2@example.com'));
    expect(contactMissing.status).toBe(400);

    expect((await events('WaitlistJoined')).filter((e) => e.data.email === 'robot@example.com')).toEqual([]);
    expect(await emailsTo('robot2@example.com')).toEqual([]);
  });

  it("answers each invalid field with the spec's message, never a 500", async () => {
    const browser = api.client();
    const response = await browser.post('/api/waitlist', {
      firstName: ' ',
      lastName: '',
      email: 'not-an-email',
      country: '',
      city: '',
      musicGenres: [],
      preferredContactMethods: [],
      recaptchaToken: '',
    });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Please enter a valid email address'],
      country: ['Country is required'],
      city: ['City is required'],
      musicGenres: ['Please select at least one music genre'],
      preferredContactMethods: ['Please select at least one contact method'],
      recaptchaToken: ['Please complete the reCAPTCHA verification'],
    });

    const contact = await browser.post('/api/contact', {
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.com',
      role: '',
      subject: '',
      message: 'too short',
      recaptchaToken: 'x',
    });
    expect(contact.status).toBe(400);
    expect(contact.body.fieldErrors).toEqual({
      role: ['Please select your role in the music industry'],
      subject: ['Subject is required'],
      message: ['Message must be at least 10 characters long'],
    });

    for (const body of [null, { musicGenres: 'Rock' }, { preferredContactMethods: ['Fax'] }]) {
      const odd = await browser.post('/api/waitlist', body as object);
      expect(odd.status).toBe(400);
    }
    // A bare string goes out as a form body, which a JSON api refuses by its type.
    expect((await browser.post('/api/waitlist', 'text' as unknown as object)).status).toBe(415);
  });

  it('forwards a contact message to support (reply goes to the sender) and confirms it to the sender', async () => {
    const browser = api.client();
    const response = await browser.post('/api/contact', {
      ...contactForm('thurston@example.com'),
      recaptchaToken: await token(browser),
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ ok: true, message: OUTREACH_MESSAGES.contactSent });

    const sent = (await events('ContactMessageSent')).find((e) => e.data.email === 'thurston@example.com');
    expect(sent?.data).toMatchObject({ role: 'Tour Manager', subject: 'Partnership', phone: null });
    const forwarded = (await emailsTo(SUPPORT)).find((email) => email.replyTo === 'thurston@example.com');
    expect(forwarded?.subject).toBe('Contact form: Partnership');
    expect(forwarded?.text).toContain('Role: Tour Manager');
    expect(forwarded?.text).toContain('We would love to talk about a partnership.');
    const confirmation = await emailsTo('thurston@example.com');
    expect(confirmation.map((email) => email.subject)).toEqual(['We received your message: Partnership']);
  });

  it('limits how often one address may send', async () => {
    const browser = api.client();
    const email = 'chatty@example.com';
    const { points } = RATE_LIMITS.contact.perEmail;
    for (let i = 0; i < points; i++) {
      const ok = await browser.post('/api/contact', { ...contactForm(email), recaptchaToken: await token(browser) });
      expect(ok.status).toBe(201);
    }
    const limited = await browser.post('/api/contact', { ...contactForm(email), recaptchaToken: await token(browser) });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await emailsTo(email)).toHaveLength(points);
  });

  it('reports live progress toward both milestones', async () => {
    const store = new EventStore(api.db.pool, createDomainEventRegistry());
    const userId = 'progress-fan';
    await store.append(`user-${userId}`, 'no_stream', [
      {
        type: 'AccountCreated',
        data: {
          userId,
          email: 'p@example.com',
          firstName: 'P',
          lastName: 'F',
          role: 'fan',
          zipCode: '12345',
          passwordHash: 'x',
        },
      },
      {
        type: 'KycApproved',
        data: { userId, sessionId: 's', decisionTime: new Date().toISOString(), firstName: null, lastName: null },
      },
    ]);
    await store.append('artist-progress', 'no_stream', [
      { type: 'ArtistVerified', data: { artistId: 'progress', userId, fanNumber: 1 } },
    ]);
    for (let i = 0; i < 200; i++) {
      const { rows } = await api.db.pool.query('select verified_artists from outreach_milestone_counts');
      if (rows[0]?.verified_artists === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const response = await api.client().get('/api/milestones');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      verifiedFans: 1,
      verifiedArtists: 1,
      milestones: [
        {
          id: 'listener-membership',
          threshold: 10_000,
          targets: { verifiedFans: 10_000, verifiedArtists: 10_000 },
          reachedAt: null,
        },
        {
          id: 'utility-token',
          threshold: 100_000,
          targets: { verifiedFans: 100_000, verifiedArtists: 100_000 },
          reachedAt: null,
        },
      ],
    });
  });

  it('tells someone who joins after the Listener membership opened that it is open, instead of "we\'ll notify you"', async () => {
    await api.db.pool.query(
      "insert into outreach_invitation_campaigns (milestone, milestone_event) values ('listener-membership', 1)",
    );
    const browser = api.client();
    const late = await browser.post('/api/waitlist', {
      ...waitlistForm('late@example.com'),
      recaptchaToken: await token(browser),
    });
    expect(late.status).toBe(201);
    expect((await emailsTo('late@example.com')).map((email) => email.subject)).toEqual([
      'The free Listener membership is open',
    ]);
    const { rows } = await api.db.pool.query(
      "select listener_invited_at is not null as invited from waitlist_entries where email_key = 'late@example.com'",
    );
    expect(rows).toEqual([{ invited: true }]);
  });
});
