import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OUTREACH_MESSAGES } from '@app/contracts';
import { startApi, type ApiHarness } from './api-harness.js';

/** The same forms with RECAPTCHA_SECRET_KEY set: every token is checked by (a stand-in for) Google's siteverify. */
describe('waitlist with reCAPTCHA configured', () => {
  let api: ApiHarness;
  let siteverify: Server;
  const asked: URLSearchParams[] = [];

  beforeAll(async () => {
    siteverify = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        asked.push(form);
        const success = form.get('secret') === 'server-secret' && form.get('response') === 'solved-by-a-human';
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify(
            success ? { success, hostname: 'localhost' } : { success, 'error-codes': ['invalid-input-response'] },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
    const { port } = siteverify.address() as AddressInfo;
    api = await startApi([], {
      RECAPTCHA_SECRET_KEY: 'server-secret',
      RECAPTCHA_SITE_KEY: 'public-site-key',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    });
  });
  afterAll(async () => {
    await api.close();
    await new Promise<void>((resolve) => siteverify.close(() => resolve()));
    for (const name of ['RECAPTCHA_SECRET_KEY', 'RECAPTCHA_SITE_KEY', 'RECAPTCHA_VERIFY_URL']) delete process.env[name];
  });

  const form = (recaptchaToken: string) => ({
    firstName: 'Kim',
    lastName: 'Deal',
    email: 'kim.deal@example.com',
    country: 'USA',
    city: 'Dayton',
    musicGenres: ['Indie'],
    preferredContactMethods: ['Email'],
    recaptchaToken,
  });

  it('gives the widget the site key and turns the built-in check off', async () => {
    expect((await api.client().get('/api/captcha')).body).toEqual({ mode: 'recaptcha', siteKey: 'public-site-key' });
    expect((await api.client().post('/api/captcha/test-token')).status).toBe(404);
  });

  it('records a sign-up only when siteverify says the token is good', async () => {
    const browser = api.client();
    const refused = await browser.post('/api/waitlist', form('made-up'));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(OUTREACH_MESSAGES.captchaFailed);

    const accepted = await browser.post('/api/waitlist', form('solved-by-a-human'));
    expect(accepted.status).toBe(201);
    expect(asked.at(-1)?.get('secret')).toBe('server-secret');
    expect(asked.at(-1)?.get('remoteip')).toBeTruthy();
    const { rows } = await api.db.pool.query("select count(*)::int as n from events where type = 'WaitlistJoined'");
    expect(rows[0].n).toBe(1);
  });
});
