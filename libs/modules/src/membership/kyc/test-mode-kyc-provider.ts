import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { KycProvider, KycSession, VeriffDecision } from './kyc-provider.js';
import { readVeriffWebhook, veriffSignature } from './veriff-signature.js';

/**
 * The built-in identity check: no network, no widget. The user picks approve or decline; the
 * decision is built in Veriff's shape, signed, and handled by the same webhook code as Veriff's.
 */
export class TestModeKycProvider implements KycProvider {
  readonly mode = 'test';
  readonly providerName = 'veriff-test-mode';

  /** `secret` signs the test mode's decisions, exactly as Veriff signs real ones with the shared secret. */
  constructor(private readonly secret: string) {}

  createSession(): Promise<KycSession> {
    return Promise.resolve({ sessionId: randomUUID(), url: null });
  }

  sign(rawBody: Buffer | string): string {
    return veriffSignature(rawBody, this.secret);
  }

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): VeriffDecision | null {
    return readVeriffWebhook(rawBody, headers, this.secret);
  }
}
