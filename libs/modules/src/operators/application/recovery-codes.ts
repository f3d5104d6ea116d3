import { createHash, randomInt } from 'node:crypto';

/** How many recovery codes an enrolment issues. */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten random base32 letters (50 bits), shown as "abcde-fghij" so they are easy to copy by hand. */
export function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/**
 * What is stored of a recovery code. A fast hash is enough here, unlike for passwords: the codes are
 * random (50 bits, not chosen by a person), guesses are rate-limited, and an exact-match lookup lets
 * one conditional UPDATE both find and spend a code, which is what makes a code single-use under races.
 */
export function hashRecoveryCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]+/g, '');
  return createHash('sha256').update(normalized).digest('hex');
}
