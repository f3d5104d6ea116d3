import type { TAuthUser } from '@app/contracts';

/** The identity check was approved (the auth check's veriffStatus, or the verified flag it sets). */
export function isIdentityApproved(user: Pick<TAuthUser, 'veriffStatus' | 'verified'>): boolean {
  return user.veriffStatus === 'approved' || user.verified;
}
