import { Coins, Disc3, MapPin, type LucideIcon } from 'lucide-react';

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

/** docs/product.md §2: a link is active when the path starts with it; '/' only matches exactly. */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
