import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** What the server learned from a widget token. `unavailable`: the captcha service did not answer. */
export type CaptchaVerdict = { ok: true } | { ok: false; reason: 'rejected' | 'unavailable'; detail?: string };

/**
 * The human-verification port. `recaptcha` asks Google's siteverify about each token; `test` is the
 * built-in check (no account, no network) whose widget gets a signed token from our own api. Forms
 * call `verify` on the same path either way.
 */
export interface CaptchaVerifier {
  readonly mode: 'recaptcha' | 'test';
  /** The site key the widget renders with; null in test mode. */
  readonly siteKey: string | null;
  verify(token: string, remoteIp?: string): Promise<CaptchaVerdict>;
}

export const CAPTCHA_VERIFIER = Symbol('CAPTCHA_VERIFIER');

/** Google's siteverify answer (reCAPTCHA v2); an answer not of this shape counts as no answer. */
const ZSiteverifyResponse = z.object({
  success: z.boolean().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/** reCAPTCHA v2: a form-encoded POST of secret and token to siteverify; tokens are single-use, 2 minutes. */
export class RecaptchaVerifier implements CaptchaVerifier {
  readonly mode = 'recaptcha';

  constructor(
    private readonly options: { secretKey: string; siteKey: string; verifyUrl: string; timeoutMs?: number },
  ) {}

  get siteKey(): string {
    return this.options.siteKey;
  }

  async verify(token: string, remoteIp?: string): Promise<CaptchaVerdict> {
    const body = new URLSearchParams({ secret: this.options.secretKey, response: token });
    if (remoteIp) body.set('remoteip', remoteIp);
    let answer: z.infer<typeof ZSiteverifyResponse>;
    try {
      const response = await fetch(this.options.verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
      if (!response.ok) return { ok: false, reason: 'unavailable', detail: `siteverify answered ${response.status}` };
      answer = ZSiteverifyResponse.parse(await response.json());
    } catch (error) {
      return { ok: false, reason: 'unavailable', detail: String(error) };
    }
    if (answer.success === true) return { ok: true };
    return { ok: false, reason: 'rejected', detail: (answer['error-codes'] ?? []).join(',') || 'not successful' };
  }
}

/** Like reCAPTCHA's: a token is good for 2 minutes, once. */
export const TEST_CAPTCHA_TOKEN_TTL_MS = 2 * 60 * 1000;
const USED_TOKENS_KEPT = 10_000;

/**
 * The built-in check. Ticking the widget's box asks the api for a token (`issueToken`), signed with a
 * secret derived from SESSION_SECRET, valid for 2 minutes and accepted once per api process. A form
 * without one, or with a forged, stale or reused one, is refused exactly as reCAPTCHA would refuse it.
 */
export class TestModeCaptchaVerifier implements CaptchaVerifier {
  readonly mode = 'test';
  readonly siteKey = null;
  private readonly used = new Map<string, number>();

  constructor(
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  issueToken(): string {
    const payload = `test.${this.now() + TEST_CAPTCHA_TOKEN_TTL_MS}.${randomBytes(12).toString('base64url')}`;
    return `${payload}.${this.sign(payload)}`;
  }

  verify(token: string): Promise<CaptchaVerdict> {
    return Promise.resolve(this.check(token));
  }

  private check(token: string): CaptchaVerdict {
    const parts = token.split('.');
    if (parts.length !== 4 || parts[0] !== 'test') return { ok: false, reason: 'rejected', detail: 'malformed' };
    const [, expiry, nonce, signature] = parts;
    const payload = parts.slice(0, 3).join('.');
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: 'rejected', detail: 'bad signature' };
    }
    const expiresAt = Number(expiry);
    const now = this.now();
    if (!(expiresAt > now)) return { ok: false, reason: 'rejected', detail: 'timeout-or-duplicate' };
    for (const [key, expiry] of this.used)
      if (expiry <= now || this.used.size > USED_TOKENS_KEPT) this.used.delete(key);
    if (this.used.has(nonce)) return { ok: false, reason: 'rejected', detail: 'timeout-or-duplicate' };
    this.used.set(nonce, expiresAt);
    return { ok: true };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}

/** reCAPTCHA when its secret key is configured, otherwise the built-in test mode. */
export function createCaptchaVerifier(config: {
  RECAPTCHA_SECRET_KEY?: string;
  RECAPTCHA_SITE_KEY?: string;
  RECAPTCHA_VERIFY_URL: string;
  SESSION_SECRET: string;
}): CaptchaVerifier {
  if (!config.RECAPTCHA_SECRET_KEY) {
    const secret = createHmac('sha256', config.SESSION_SECRET).update('payola test mode captcha').digest('hex');
    return new TestModeCaptchaVerifier(secret);
  }
  if (!config.RECAPTCHA_SITE_KEY) throw new Error('RECAPTCHA_SITE_KEY is required when RECAPTCHA_SECRET_KEY is set');
  return new RecaptchaVerifier({
    secretKey: config.RECAPTCHA_SECRET_KEY,
    siteKey: config.RECAPTCHA_SITE_KEY,
    verifyUrl: config.RECAPTCHA_VERIFY_URL,
  });
}
