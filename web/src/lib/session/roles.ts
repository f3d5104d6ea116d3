import { Briefcase, Building2, Headphones, MicVocal, Radio, Wrench, type LucideIcon } from 'lucide-react';
import type { TRole } from '@app/contracts';

export const ROLE_LABELS: Record<TRole, string> = {
  fan: 'Fan',
  artist: 'Artist',
  venue: 'Venue',
  'service-provider': 'Service Provider',
  'industry-pro': 'Industry Pro',
  listener: 'Listener',
};

/** One icon per role, wherever a role is pictured (role cards, the welcome after verification). */
export const ROLE_ICONS: Record<TRole, LucideIcon> = {
  fan: Headphones,
  artist: MicVocal,
  venue: Building2,
  'service-provider': Wrench,
  'industry-pro': Briefcase,
  listener: Radio,
};

/** The role as shown to people; 'Member' when unknown (docs/product.md §2 "Navigation bar"). */
export function roleLabel(role: TRole | null | undefined): string {
  return role ? ROLE_LABELS[role] : 'Member';
}

/**
 * Listeners browse and favourite; adding, verifying and voting are a verified fan's (the server refuses
 * them too). The web app hides those actions for them.
 */
export function browsesOnly(user: { role: TRole } | null | undefined): boolean {
  return user?.role === 'listener';
}
