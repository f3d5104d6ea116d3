import type { TAuthUser } from '@app/contracts';

export type HomePath = '/login' | '/verification' | '/artists' | '/profile' | '/kyc-launch' | '/confirm-sign-up';

/** docs/product.md §2 "Home routing when signed in". */
export function homePathFor(
  user: Pick<TAuthUser, 'paymentCompleted' | 'role' | 'verified' | 'kycCompleted' | 'veriffStatus'> | null,
): HomePath {
  if (!user) return '/login';
  // The free Listener membership: no payment, no identity check; the confirmed email opens the app.
  if (user.role === 'listener') return user.paymentCompleted ? '/artists' : '/confirm-sign-up';
  if (!user.paymentCompleted) return '/verification';
  if ((user.role === 'fan' || user.role === 'industry-pro') && user.verified) return '/artists';
  // "If the identity check is completed with status approved, the profile view is shown."
  if (user.kycCompleted && user.veriffStatus === 'approved') return '/profile';
  return '/kyc-launch';
}
