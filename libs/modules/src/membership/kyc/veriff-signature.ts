import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ZVeriffDecisionWebhook } from '@app/contracts';
import { KycWebhookPayloadError, KycWebhookSignatureError, type VeriffDecision } from './kyc-provider.js';

/** Veriff sends its signature in either header, depending on the integration's age. */
export const VERIFF_SIGNATURE_HEADERS = ['x-hmac-signature', 'vrf-hmac-signature'] as const;

/** Veriff's request and webhook signature: hex HMAC-SHA256 of the exact body bytes. */
export function veriffSignature(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

function signatureHeader(headers: IncomingHttpHeaders): string {
  for (const name of VERIFF_SIGNATURE_HEADERS) {
    const value = headers[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new KycWebhookSignatureError('Webhook signature header was sent twice.');
    return value.trim();
  }
  throw new KycWebhookSignatureError('Missing webhook signature (x-hmac-signature).');
}

/** Throws KycWebhookSignatureError unless the body carries a valid signature under `secret`. */
export function assertVeriffSignature(rawBody: Buffer, headers: IncomingHttpHeaders, secret: string): void {
  const given = signatureHeader(headers);
  // Buffer.from(hex) silently drops what is not hex; only a well-formed digest is compared.
  if (!/^[0-9a-f]{64}$/i.test(given)) throw new KycWebhookSignatureError('Malformed webhook signature.');
  const expected = Buffer.from(veriffSignature(rawBody, secret), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) {
    throw new KycWebhookSignatureError('Invalid webhook signature.');
  }
}

function isoTime(value: string | null | undefined, receivedAt: Date): string {
  const time = value ? new Date(value) : receivedAt;
  return Number.isNaN(time.getTime()) ? receivedAt.toISOString() : time.toISOString();
}

/** Verifies a decision webhook and reads the fields we act on (both providers use this). */
export function readVeriffWebhook(
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
  secret: string,
  receivedAt = new Date(),
): VeriffDecision | null {
  assertVeriffSignature(rawBody, headers, secret);
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new KycWebhookPayloadError('The webhook body is not JSON.');
  }
  const parsed = ZVeriffDecisionWebhook.safeParse(json);
  if (!parsed.success) return null;
  const { verification } = parsed.data;
  return {
    sessionId: verification.id,
    vendorData: verification.vendorData ?? null,
    status: verification.status,
    decisionTime: isoTime(verification.decisionTime, receivedAt),
    firstName: verification.person?.firstName ?? null,
    lastName: verification.person?.lastName ?? null,
  };
}
