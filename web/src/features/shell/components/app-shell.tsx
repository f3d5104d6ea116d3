import { lazy, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { removeLandingShell } from '@/lib/landing-shell';
import { NavBar } from './nav-bar';
import { SiteFooter } from './site-footer';

// Toasts only ever follow something the user did, so the toaster (and its library) loads after the
// first page is up instead of with it; a toast raised before it is there is shown once it is.
const Toaster = lazy(() => import('@/components/ui/toast').then((module) => ({ default: module.Toaster })));

export function AppShell({ children }: { children: ReactNode }) {
  // The prerendered landing page (index.html) stays up until this first render of the app is in the
  // DOM; a layout effect swaps them before the browser paints again, so the screen never goes blank.
  useLayoutEffect(removeLandingShell, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-accent px-4 py-2 font-semibold text-accent-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <NavBar />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <SiteFooter />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </div>
  );
}
