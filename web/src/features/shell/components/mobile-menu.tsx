import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LogOut, ScanLine, Settings } from 'lucide-react';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import type { TAuthUser } from '@app/contracts';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { logOut } from '@/lib/session/log-out';
import { useChecksCodes } from '@/lib/shop-door';
import { roleLabel } from '@/lib/session/roles';
import { cn } from '@/lib/utils';
import { MOBILE_MENU_ID, isActivePath, navLinksFor } from './nav-links';
import { fanNumberLabel, formatPayola, userFullName, userInitials } from '@/lib/session/user-identity';

interface MobileMenuProps {
  user: TAuthUser;
  pathname: string;
  onClose: () => void;
}

/** The phone menu panel under the header (docs/product.md §2 "Mobile"); the hamburger in NavBar toggles it. */
export function MobileMenu({ user, pathname, onClose }: MobileMenuProps) {
  const queryClient = useQueryClient();
  const isFan = user.role === 'fan';
  const checksCodes = useChecksCodes(user.paymentCompleted);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <>
      {/* Portalled: the header's backdrop-filter would otherwise contain a fixed element. */}
      {createPortal(
        <div
          aria-hidden="true"
          onClick={onClose}
          className="fixed inset-x-0 top-16 bottom-0 z-30 animate-overlay-in bg-black/60 backdrop-blur-sm sm:top-18 md:hidden"
        />,
        document.body,
      )}
      <div
        id={MOBILE_MENU_ID}
        className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] sm:max-h-[calc(100dvh-4.5rem)] animate-fade-in overflow-y-auto border-b border-border bg-background shadow-raised md:hidden"
      >
        <div className="container-page flex flex-col gap-5 py-5">
          <div className="flex items-center gap-3 rounded-2xl border border-border bg-surface p-4">
            <Avatar src={user.profileImageUrl} fallback={userInitials(user)} size="lg" />
            <div className="flex min-w-0 flex-col gap-1">
              <p className="truncate font-semibold">{userFullName(user)}</p>
              <p className="truncate text-sm text-muted-foreground">{user.email}</p>
              <div className="mt-1 flex flex-wrap gap-1.5">
                <Badge variant="outline" size="sm">
                  {roleLabel(user.role)}
                </Badge>
                {isFan && (
                  <>
                    {fanNumberLabel(user) && (
                      <Badge variant="default" size="sm">
                        {fanNumberLabel(user)}
                      </Badge>
                    )}
                    <Badge variant="accent" size="sm">
                      Founding Fan
                    </Badge>
                  </>
                )}
              </div>
            </div>
          </div>

          <ul className="flex flex-col gap-1">
            {navLinksFor(user).map(({ to, label, icon: Icon }) => {
              const active = isActivePath(pathname, to);
              return (
                <li key={to}>
                  <Link
                    to={to}
                    onClick={onClose}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex min-h-12 items-center gap-3 rounded-xl px-4 text-base font-semibold transition-colors',
                      active ? 'bg-accent-soft text-accent' : 'text-foreground hover:bg-surface-raised',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-5" />
                    {label}
                    {to === '/payola' && user.payolaBalance > 0 && (
                      <Badge variant="accent" size="sm" className="ml-auto">
                        {formatPayola(user.payolaBalance)} PYL
                      </Badge>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>

          <div className="flex flex-col gap-3 border-t border-border pt-5">
            {checksCodes && (
              <Button asChild variant="outline" block>
                <Link to="/shop/check" onClick={onClose}>
                  <ScanLine aria-hidden="true" />
                  Check a code
                </Link>
              </Button>
            )}
            <Button asChild variant="outline" block>
              <Link to="/profile" onClick={onClose}>
                <Settings aria-hidden="true" />
                Profile &amp; Settings
              </Link>
            </Button>
            <Button
              variant="ghost"
              block
              className="text-destructive-text hover:bg-destructive/15"
              onClick={() => logOut(queryClient)}
            >
              <LogOut aria-hidden="true" />
              Log Out
            </Button>
          </div>
        </div>
      </div>
    </>
  );
}
