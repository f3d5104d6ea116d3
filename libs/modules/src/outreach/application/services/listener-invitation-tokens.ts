import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '@app/platform';
import { listenerInvitationLink } from '../emails/outreach.emails.js';

/** 256 random bits, URL-safe (43 characters): unguessable, and it says nothing about whose it is. */
function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Gives a waitlist entry its invitation link, in the transaction that stages the email: only the
 * token's hash is kept (a leaked table holds no usable link). A second invitation replaces the first.
 */
export async function issueListenerInvitation(db: Queryable, emailKey: string, publicUrl: string): Promise<string> {
  const token = newInvitationToken();
  await db.query('update waitlist_entries set invitation_token_hash = $2 where email_key = $1', [
    emailKey,
    hashInvitationToken(token),
  ]);
  return listenerInvitationLink(publicUrl, token);
}
