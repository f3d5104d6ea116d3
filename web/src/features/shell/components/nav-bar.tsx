import { Link, useLocation } from '@tanstack/react-router';
import { ArrowRight, ListPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { APP_NAME, MARKETING_SITE_URL } from '@/config';
import { BrandLogo } from './brand-logo';

const logoLinkClasses = 'rounded-xl transition-opacity hover:opacity-85 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring';

export function NavBar() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const onLanding = pathname === '/';
  const onWaitlist = pathname === '/waitlist';

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur-xl supports-[backdrop-filter]:bg-background/80">
      <nav aria-label="Main" className="container-page flex h-16 items-center justify-between gap-4 sm:h-18">
        {onLanding ? (
          <a href={MARKETING_SITE_URL} aria-label={`${APP_NAME} main site`} className={logoLinkClasses}>
            <BrandLogo />
          </a>
        ) : (
          <Link to="/" aria-label={`${APP_NAME} home`} className={logoLinkClasses}>
            <BrandLogo />
          </Link>
        )}

        {onWaitlist ? (
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
      </nav>
    </header>
  );
}
