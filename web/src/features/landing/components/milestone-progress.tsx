import { useQuery } from '@tanstack/react-query';
import { Coins, LockOpen, Radio } from 'lucide-react';
import type { TMilestoneId, TMilestoneProgress } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { listenerTargetsText, milestoneProgressQuery } from '@/lib/milestones';

const numbers = new Intl.NumberFormat('en-US');

const MILESTONE_TEXT: Record<TMilestoneId, { title: string; text: string; icon: typeof Radio }> = {
  'listener-membership': {
    title: 'Free Listener membership',
    text: 'Opens the free Listener membership and Payola redemption for rewards and ticket, merch and vinyl discounts.',
    icon: Radio,
  },
  'utility-token': {
    title: 'Payola utility token',
    text: 'Payola becomes a utility token and payment system.',
    icon: Coins,
  },
};

function ProgressBar({ label, value, max }: { label: string; value: number; max: number }) {
  const percent = Math.min(100, (value / max) * 100);
  const id = `${label}-${max}`.replace(/\W+/g, '-').toLowerCase();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={id} className="font-medium">
          {label}
        </span>
        <span className="text-muted-foreground tabular-nums">
          <span className="font-semibold text-foreground">{numbers.format(value)}</span> / {numbers.format(max)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(value, max)}
        aria-valuetext={`${numbers.format(value)} of ${numbers.format(max)}`}
        className="h-2.5 overflow-hidden rounded-full bg-surface-overlay"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-700 ease-out"
          style={{ width: `${value > 0 ? Math.max(percent, 1) : 0}%` }}
        />
      </div>
    </div>
  );
}

/** The configured targets (a laptop demo may set fans and artists apart); production's are 10,000 of each. */
function unlocksAt({ verifiedFans, verifiedArtists }: TMilestoneProgress['milestones'][number]['targets']): string {
  if (verifiedFans === verifiedArtists) return `At ${numbers.format(verifiedFans)} of each`;
  return `At ${numbers.format(verifiedFans)} fans and ${numbers.format(verifiedArtists)} artists`;
}

function MilestoneCard({
  milestone,
  progress,
}: {
  milestone: TMilestoneProgress['milestones'][number];
  progress: TMilestoneProgress;
}) {
  const { title, text, icon: Icon } = MILESTONE_TEXT[milestone.id];
  return (
    <Card className="gap-6 p-6 sm:p-7">
      <div className="flex items-start justify-between gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-accent-soft text-accent ring-1 ring-accent/25">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        {milestone.reachedAt ? (
          <Badge variant="accent">
            <LockOpen aria-hidden="true" />
            Unlocked
          </Badge>
        ) : (
          <Badge variant="outline">{unlocksAt(milestone.targets)}</Badge>
        )}
      </div>
      <div>
        <h3 className="font-display text-xl font-semibold tracking-tight">{title}</h3>
        <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
      </div>
      <div className="mt-auto flex flex-col gap-4">
        <ProgressBar label="Verified fans" value={progress.verifiedFans} max={milestone.targets.verifiedFans} />
        <ProgressBar
          label="Verified artists"
          value={progress.verifiedArtists}
          max={milestone.targets.verifiedArtists}
        />
      </div>
    </Card>
  );
}

/** Live progress toward both milestones (docs/decisions.md "Counting milestones"). */
export function MilestoneProgress() {
  const progress = useQuery(milestoneProgressQuery);
  return (
    <section aria-labelledby="milestones-title" className="border-t border-border/70 py-20 sm:py-28">
      <div className="container-page">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-[0.18em] text-accent uppercase">Live progress</p>
          <h2 id="milestones-title" className="mt-3 text-3xl font-bold tracking-tight sm:text-5xl">
            Every verification counts
          </h2>
          <p className="mt-4 text-base text-muted-foreground sm:text-lg">
            Verified fans and verified artists unlock what comes next, together.
          </p>
        </div>
        <div className="mt-12 grid gap-5 md:grid-cols-2" aria-busy={progress.isPending || undefined}>
          {progress.data ? (
            progress.data.milestones.map((milestone) => (
              <MilestoneCard key={milestone.id} milestone={milestone} progress={progress.data} />
            ))
          ) : progress.isError ? (
            <p className="text-muted-foreground md:col-span-2">
              Live progress is unavailable right now. It opens at {listenerTargetsText(undefined)}.
            </p>
          ) : (
            <>
              <Skeleton className="h-72" />
              <Skeleton className="h-72" />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
