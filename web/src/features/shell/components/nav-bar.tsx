import { Link, useLocation } from '@tanstack/react-router';
import { ArrowRight, ListPlus, Menu, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { TAuthUser } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { APP_NAME, MARKETING_SITE_URL } from '@/lib/config';
import { useSession } from '@/lib/session/auth-user-query';
import { cn } from '@/lib/utils';
import { BrandLogo } from './brand-logo';
import { MOBILE_MENU_ID, isActivePath, navLinksFor } from './nav-links';
import { formatPayola } from '@/lib/session/user-identity';

// The menus exist only for a signed-in user, and with them the radix dropdown (popper, floating-ui,
// focus and scroll locks): they load when the session has a user, not on a visitor's first page.
const loadUserMenu = () => import('./user-menu');
const loadMobileMenu = () => import('./mobile-menu');
const UserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })));
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

const logoLinkClasses =
  'rounded-xl transition-opacity hover:opacity-85 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring';

export function NavBar() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const { user, isLoading } = useSession();
  // The menu belongs to the page it was opened on, so any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = user !== null && menuOpenOn === pathname;
  const closeMenu = useCallback(() => setMenuOpenOn(null), []);
  const onLanding = pathname === '/';
  const onWaitlist = pathname === '/waitlist';
  const signedIn = user !== null;
  // Fetched as soon as there is a user, so the phone menu opens at once on the first tap.
  useEffect(() => {
    if (signedIn) void loadMobileMenu();
  }, [signedIn]);

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur-xl supports-[backdrop-filter]:bg-background/80">
      <nav aria-label="Main">
        <div className="container-page flex h-16 items-center justify-between gap-4 sm:h-18">
          {onLanding && MARKETING_SITE_URL ? (
            <a href={MARKETING_SITE_URL} aria-label={`${APP_NAME} main site`} className={logoLinkClasses}>
              <BrandLogo />
            </a>
          ) : (
            <Link to="/" aria-label={`${APP_NAME} home`} className={logoLinkClasses}>
              <BrandLogo />
            </Link>
          )}

          {user ? (
            <>
              <DesktopLinks user={user} pathname={pathname} />
              <div className="hidden md:flex">
                <Suspense fallback={null}>
                  <UserMenu user={user} />
                </Suspense>
              </div>
              <div className="flex items-center gap-2 md:hidden">
                {user.payolaBalance > 0 && (
                  <Badge variant="soft" size="md">
                    {formatPayola(user.payolaBalance)} PYL
                  </Badge>
                )}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Menu"
                  aria-expanded={menuOpen}
                  aria-controls={MOBILE_MENU_ID}
                  onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
                >
                  {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
                </Button>
              </div>
            </>
          ) : isLoading ? null : onWaitlist ? (
            <Button asChild size="sm">
              <Link to="/role-selection">
                Get Verified
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          ) : (
            <Button asChild size="sm" variant="outline">
              <Link to="/waitlist">
                <ListPlus aria-hidden="true" />
                Get Waitlisted
              </Link>
            </Button>
          )}
        </div>

        {user && menuOpen && (
          <Suspense fallback={null}>
            <MobileMenu user={user} pathname={pathname} onClose={closeMenu} />
          </Suspense>
        )}
      </nav>
    </header>
  );
}

function DesktopLinks({ user, pathname }: { user: TAuthUser; pathname: string }) {
  return (
    <ul className="hidden items-center gap-1 md:flex">
      {navLinksFor(user).map(({ to, label, icon: Icon }) => {
        const active = isActivePath(pathname, to);
        return (
          <li key={to}>
            <Link
              to={to}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'relative inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors duration-200',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                active
                  ? 'bg-accent-soft text-accent'
                  : 'text-muted-foreground hover:bg-surface-raised hover:text-foreground',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
              {to === '/payola' && user.payolaBalance > 0 && (
                <Badge variant="accent" size="sm" className="ml-0.5 tabular-nums">
                  {formatPayola(user.payolaBalance)}
                </Badge>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
