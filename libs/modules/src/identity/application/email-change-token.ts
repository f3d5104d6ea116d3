import { newResetToken } from './reset-token.js';

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[A-Za-z0-9_-]{43}$/;

/**
 * The token of an email-change link: the user's id, then 256 random bits. The id says which stream
 * holds the request (only the token's sha256 is kept there, as for reset tokens), so no lookup table
 * is needed; the random part is what proves the link came from the new inbox.
 */
export function newEmailChangeToken(userId: string): string {
  return `${userId}.${newResetToken()}`;
}

/** The user an email-change token names, or null when it is not shaped like one. */
export function userIdOfEmailChangeToken(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}
