import { Link } from '@tanstack/react-router';
import { Flag, KeyRound, Layers, LayoutDashboard, ShieldCheck, Tag, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The console's frame: its own heading strip and navigation (one link per screen; on a phone the links
 * wrap onto a second row rather than run off the screen).
 */
const SCREENS = [
  { to: '/ops', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/ops/members', label: 'Members', icon: UserRound },
  { to: '/ops/claims', label: 'Claims', icon: KeyRound },
  { to: '/ops/reports', label: 'Reports', icon: Flag },
  { to: '/ops/offers', label: 'Offers', icon: Tag },
  // A page the api serves (bull-board), not a route of the app: a plain link loads it.
  { to: '/ops/queues', label: 'Queues', icon: Layers, server: true },
] as const;

const LINK_CLASS =
  'inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[status=active]:bg-accent data-[status=active]:text-accent-foreground';

export function OpsShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="relative isolate flex flex-1 overflow-hidden py-8 sm:py-12">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-56 left-1/2 h-[26rem] w-[52rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-accent/[0.07] blur-[120px]" />
      </div>
      <div className="container-page">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-8">
          <header className="flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
            <div>
              <p className="flex items-center gap-2 text-sm font-semibold tracking-[0.18em] text-accent uppercase">
                <ShieldCheck aria-hidden="true" className="size-4" />
                Operators console
              </p>
              <h1 className="mt-2 text-3xl font-extrabold tracking-[-0.03em] sm:text-4xl">{title}</h1>
            </div>
            <nav aria-label="Console" className="max-w-full self-start lg:self-auto">
              <ul className="flex flex-wrap gap-1 rounded-3xl border border-border bg-surface p-1 sm:rounded-full">
                {SCREENS.map((screen) => (
                  <li key={screen.to}>
                    {'server' in screen ? (
                      <a href={screen.to} className={LINK_CLASS}>
                        <screen.icon aria-hidden="true" className="size-4" />
                        {screen.label}
                      </a>
                    ) : (
                      <Link to={screen.to} activeOptions={{ exact: true }} className={LINK_CLASS}>
                        <screen.icon aria-hidden="true" className="size-4" />
                        {screen.label}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          </header>
          {children}
        </div>
      </div>
    </section>
  );
}
