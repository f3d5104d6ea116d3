import type { TAuthUser } from '@app/contracts';

/** docs/product.md §2 "Navigation bar": initials of first and last name, else the email's first letter, else 'U'. */
export function userInitials(user: Pick<TAuthUser, 'firstName' | 'lastName' | 'email'>): string {
  const initials = `${user.firstName?.trim()[0] ?? ''}${user.lastName?.trim()[0] ?? ''}`;
  if (initials) return initials.toUpperCase();
  const fromEmail = user.email?.trim()[0];
  return fromEmail ? fromEmail.toUpperCase() : 'U';
}

export function userFirstName(user: Pick<TAuthUser, 'firstName'>): string {
  return user.firstName?.trim() || 'User';
}

export function userFullName(user: Pick<TAuthUser, 'firstName' | 'lastName'>): string {
  return [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ') || 'User';
}

/**
 * 'Fan #N' with the real founding fan number, or null before the payment assigns one. (The spec's
 * default of 1 would show a number the user does not have; docs/decisions.md: numbers shown to users are real.)
 */
export function fanNumberLabel(user: Pick<TAuthUser, 'foundingFanNumber'>): string | null {
  return user.foundingFanNumber === null ? null : `Fan #${user.foundingFanNumber}`;
}

export function formatPayola(amount: number): string {
  return amount.toLocaleString();
}
