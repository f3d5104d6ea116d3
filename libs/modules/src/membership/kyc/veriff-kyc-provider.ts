import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import {
  KycProviderError,
  type KycProvider,
  type KycSession,
  type KycSessionRequest,
  type VeriffDecision,
} from './kyc-provider.js';
import { readVeriffWebhook, veriffSignature } from './veriff-signature.js';

export interface VeriffProviderOptions {
  apiKey: string;
  sharedSecret: string;
  /** https://stationapi.veriff.com, or a local stand-in in tests. */
  baseUrl: string;
  /** Where Veriff sends the user's browser when the check is done. */
  callbackUrl: string;
  timeoutMs?: number;
}

const ZCreateSessionResponse = z.object({
  verification: z.object({ id: z.string().min(1), url: z.string().min(1) }),
});

/** Veriff's API over fetch: requests carry the API key and an HMAC of the exact body sent. */
export class VeriffKycProvider implements KycProvider {
  readonly mode = 'veriff';
  readonly providerName = 'veriff';

  constructor(private readonly options: VeriffProviderOptions) {}

  async createSession({ userId, firstName, lastName }: KycSessionRequest): Promise<KycSession> {
    const body = JSON.stringify({
      verification: {
        callback: this.options.callbackUrl,
        // Echoed back in the decision; the session row, not this, decides whose decision it is.
        vendorData: userId,
        endUserId: userId,
        person: { firstName, lastName },
      },
    });
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl.replace(/\/+$/, '')}/v1/sessions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-auth-client': this.options.apiKey,
          'x-hmac-signature': veriffSignature(body, this.options.sharedSecret),
        },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new KycProviderError('Veriff could not be reached', { cause: error });
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new KycProviderError(`Veriff answered ${response.status}: ${text.slice(0, 300)}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new KycProviderError('Veriff answered with something that is not JSON');
    }
    const parsed = ZCreateSessionResponse.safeParse(json);
    if (!parsed.success) throw new KycProviderError('Veriff answered without a verification id and url');
    return { sessionId: parsed.data.verification.id, url: parsed.data.verification.url };
  }

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): VeriffDecision | null {
    return readVeriffWebhook(rawBody, headers, this.options.sharedSecret);
  }
}
