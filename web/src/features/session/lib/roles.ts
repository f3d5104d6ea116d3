import type { TRole } from '@app/contracts';

export const ROLE_LABELS: Record<TRole, string> = {
  fan: 'Fan',
  artist: 'Artist',
  venue: 'Venue',
  'service-provider': 'Service Provider',
  'industry-pro': 'Industry Pro',
};

/** The role as shown to people; 'Member' when unknown (spec §2 "Navigation bar"). */
export function roleLabel(role: TRole | null | undefined): string {
  return role ? ROLE_LABELS[role] : 'Member';
}
