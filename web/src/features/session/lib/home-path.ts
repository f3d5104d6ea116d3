import type { TAuthUser } from '@app/contracts';

export type HomePath = '/login' | '/verification' | '/artists' | '/kyc-launch';

/** Spec §2 "Home routing when signed in". */
export function homePathFor(user: Pick<TAuthUser, 'paymentCompleted' | 'role' | 'verified'> | null): HomePath {
  if (!user) return '/login';
  if (!user.paymentCompleted) return '/verification';
  if ((user.role === 'fan' || user.role === 'industry-pro') && user.verified) return '/artists';
  return '/kyc-launch';
}
