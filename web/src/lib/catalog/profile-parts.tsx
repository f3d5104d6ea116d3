import { Link } from '@tanstack/react-router';
import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** The frame of an artist or venue profile: a soft accent glow and the way back to its list. */
export function ProfileShell({
  backTo,
  backLabel,
  children,
}: {
  backTo: '/artists' | '/venues';
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <section className="relative isolate flex flex-1 overflow-hidden py-8 sm:py-12">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-56 left-1/2 h-[28rem] w-[52rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-accent/[0.08] blur-[120px]" />
      </div>
      <div className="container-page">
        <div className="mx-auto w-full max-w-5xl">
          <Button asChild variant="ghost" size="sm" className="-ml-3">
            <Link to={backTo}>
              <ArrowLeft aria-hidden="true" />
              {backLabel}
            </Link>
          </Button>
          {children}
        </div>
      </div>
    </section>
  );
}

/** One fact of a profile ('Added By', 'Date Added') on its own card. */
export function FactCard({ icon: Icon, title, value }: { icon: LucideIcon; title: string; value: string }) {
  return (
    <Card className="flex-row items-center gap-4 p-5 sm:p-6">
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-accent-soft text-accent">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <p className="mt-0.5 font-display text-lg font-semibold">{value}</p>
      </div>
    </Card>
  );
}
