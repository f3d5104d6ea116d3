import { Coins, Disc3, MapPin, type LucideIcon } from 'lucide-react';
import { browsesOnly } from '@/lib/session/roles';
import type { TRole } from '@app/contracts';

/** The id of the phone menu (mobile-menu.tsx), which the menu button controls. */
export const MOBILE_MENU_ID = 'mobile-menu';

export interface NavLinkItem {
  to: '/artists' | '/venues' | '/payola';
  label: string;
  icon: LucideIcon;
}

export const NAV_LINKS: readonly NavLinkItem[] = [
  { to: '/artists', label: 'Artists', icon: Disc3 },
  { to: '/venues', label: 'Venues', icon: MapPin },
  { to: '/payola', label: 'Payola', icon: Coins },
];

/** The links a member sees: a Listener neither earns nor spends Payola, so has no Payola page to go to. */
export function navLinksFor(user: { role: TRole }): readonly NavLinkItem[] {
  return browsesOnly(user) ? NAV_LINKS.filter((link) => link.to !== '/payola') : NAV_LINKS;
}

/** docs/product.md §2: a link is active when the path starts with it; '/' only matches exactly. */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
