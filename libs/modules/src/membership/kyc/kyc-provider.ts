import type { IncomingHttpHeaders } from 'node:http';
import type { TKycMode } from '@app/contracts';
import { DomainError } from '@app/domain';

export interface KycSessionRequest {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface KycSession {
  sessionId: string;
  /** Where the widget opens the check; null in test mode, where the user picks the outcome. */
  url: string | null;
}

/** A decision webhook after its signature was checked: the fields we act on, normalised. */
export interface VeriffDecision {
  /** Veriff's verification id, which is our session id. */
  sessionId: string;
  /** The user id we sent when creating the session, as echoed back (never trusted alone). */
  vendorData: string | null;
  /** Veriff's status string (approved, declined, resubmission_requested, expired, abandoned, review...). */
  status: string;
  /** ISO 8601 in UTC; the time of receipt when Veriff sends none. */
  decisionTime: string;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The identity verification service. `veriff` talks to Veriff; `test` never leaves the machine, but
 * its decisions are signed and verified exactly like Veriff's.
 */
export interface KycProvider {
  readonly mode: TKycMode;
  /** How the session is recorded in events and in kyc_sessions. */
  readonly providerName: 'veriff' | 'veriff-test-mode';
  createSession(request: KycSessionRequest): Promise<KycSession>;
  /**
   * Checks the HMAC signature over the raw body (throws KycWebhookSignatureError) and reads the
   * decision; null for a signed body that is not a decision (Veriff's other notifications).
   */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): VeriffDecision | null;
}

export const KYC_PROVIDER = Symbol('KYC_PROVIDER');

/** The webhook's signature is missing or does not match its body. */
export class KycWebhookSignatureError extends DomainError {
  readonly kind = 'unauthenticated';
}

/** The signed webhook body is not JSON. */
export class KycWebhookPayloadError extends DomainError {
  readonly kind = 'invalid';
}

/** The identity service could not create a session (network, credentials, unexpected answer). */
export class KycProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KycProviderError';
  }
}
