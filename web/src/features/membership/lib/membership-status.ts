import type { TAuthUser, TRole } from '@app/contracts';
import { ROLE_LABELS } from '@/features/session/lib/roles';

/** The identity check was approved (the auth check's veriffStatus, or the verified flag it sets). */
export function isIdentityApproved(user: Pick<TAuthUser, 'veriffStatus' | 'verified'>): boolean {
  return user.veriffStatus === 'approved' || user.verified;
}

/** Spec §2 "KYC launch": 'Welcome, Founding Fan!' for fans; a role welcome for everyone else. */
export function roleWelcomeHeading(role: TRole): string {
  return role === 'fan' ? 'Welcome, Founding Fan!' : `Welcome, ${ROLE_LABELS[role]}!`;
}
