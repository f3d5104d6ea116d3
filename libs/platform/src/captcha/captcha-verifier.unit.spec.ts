import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCaptchaVerifier, RecaptchaVerifier, TestModeCaptchaVerifier } from './captcha-verifier.js';

describe('built-in captcha check (test mode)', () => {
  it('accepts a token it issued, once, within 2 minutes', async () => {
    let now = 1_000_000;
    const captcha = new TestModeCaptchaVerifier('secret', () => now);
    const token = captcha.issueToken();
    expect(await captcha.verify(token)).toEqual({ ok: true });
    expect(await captcha.verify(token)).toMatchObject({ ok: false, reason: 'rejected' });

    const stale = captcha.issueToken();
    now += 2 * 60 * 1000;
    expect(await captcha.verify(stale)).toMatchObject({ ok: false, reason: 'rejected' });
  });

  it('refuses forged, foreign and malformed tokens', async () => {
    const captcha = new TestModeCaptchaVerifier('secret');
    const other = new TestModeCaptchaVerifier('another secret');
    const [head, expiry, nonce, signature] = captcha.issueToken().split('.');
    expect(await captcha.verify(other.issueToken())).toMatchObject({ ok: false });
    expect(await captcha.verify(`${head}.${Number(expiry) + 1000}.${nonce}.${signature}`)).toMatchObject({ ok: false });
    for (const token of ['', 'x', 'test.1.2', 'a.b.c.d.e'])
      expect(await captcha.verify(token)).toMatchObject({ ok: false });
  });

  it('is what runs without RECAPTCHA_SECRET_KEY', () => {
    const config = { RECAPTCHA_VERIFY_URL: 'https://example.com', SESSION_SECRET: 'x'.repeat(40) };
    expect(createCaptchaVerifier(config).mode).toBe('test');
    expect(createCaptchaVerifier({ ...config, RECAPTCHA_SECRET_KEY: 's', RECAPTCHA_SITE_KEY: 'k' })).toBeInstanceOf(
      RecaptchaVerifier,
    );
  });
});

describe('reCAPTCHA adapter (against a local siteverify stand-in)', () => {
  let server: Server;
  let url: string;
  const received: URLSearchParams[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: { success: true } };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        received.push(new URLSearchParams(raw));
        res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the secret, the token and the client address form-encoded, and trusts only success', async () => {
    const captcha = new RecaptchaVerifier({ secretKey: 'the-secret', siteKey: 'the-site', verifyUrl: url });
    expect(captcha.siteKey).toBe('the-site');
    expect(await captcha.verify('widget-token', '203.0.113.9')).toEqual({ ok: true });
    expect(Object.fromEntries(received.at(-1)!)).toEqual({
      secret: 'the-secret',
      response: 'widget-token',
      remoteip: '203.0.113.9',
    });

    answer = { status: 200, body: { success: false, 'error-codes': ['timeout-or-duplicate'] } };
    expect(await captcha.verify('used')).toEqual({ ok: false, reason: 'rejected', detail: 'timeout-or-duplicate' });

    answer = { status: 503, body: {} };
    expect(await captcha.verify('any')).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('reports an unreachable service as unavailable, not as a robot', async () => {
    const captcha = new RecaptchaVerifier({ secretKey: 's', siteKey: 'k', verifyUrl: 'http://127.0.0.1:1/x' });
    expect(await captcha.verify('token')).toMatchObject({ ok: false, reason: 'unavailable' });
  });
});
