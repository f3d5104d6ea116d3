import { BadgeCheck, Coins, MicVocal } from 'lucide-react';
import { cn } from '@/lib/utils';

const bars = [0.45, 0.8, 0.6, 1, 0.7, 0.9, 0.5, 0.75, 0.4, 0.85, 0.65, 0.95, 0.55, 0.7, 0.45, 0.8];

/** Illustration of a member card for the hero. Purely decorative, so hidden from assistive technology. */
export function MembershipCardArt({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('relative mx-auto w-full max-w-[26rem] select-none', className)}>
      <div className="absolute inset-6 -z-10 rounded-[2rem] bg-accent/25 blur-3xl" />

      <div className="relative rotate-0 rounded-[1.75rem] bg-gradient-to-br from-accent/70 via-border-strong to-border p-px shadow-raised transition-transform duration-500 lg:rotate-[-3deg] lg:hover:rotate-0">
        <div className="relative overflow-hidden rounded-[calc(1.75rem-1px)] bg-[radial-gradient(120%_80%_at_100%_0%,rgb(198_244_50/0.16),transparent_55%),linear-gradient(160deg,#1c1c22,#0d0d10)] p-6 pb-12 sm:p-7 sm:pb-14">
          <div className="flex items-center justify-between">
            <span className="text-xs font-semibold tracking-[0.22em] text-muted-foreground uppercase">Member card</span>
            <span className="rounded-full bg-accent px-3 py-1 text-xs font-bold text-accent-foreground">
              Founding Fan
            </span>
          </div>

          <p className="mt-10 font-display text-6xl font-extrabold tracking-tight sm:text-7xl">
            Fan <span className="text-accent">#42</span>
          </p>
          <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
            <BadgeCheck className="size-4 text-accent" />
            Identity verified
          </p>

          <div className="mt-8 flex h-14 items-end gap-1.5">
            {bars.map((height, index) => (
              <span
                key={index}
                className="w-full origin-bottom animate-equalizer rounded-full bg-gradient-to-t from-accent/40 to-accent"
                style={{ height: `${height * 100}%`, animationDelay: `${(index % 5) * -180}ms` }}
              />
            ))}
          </div>

          <div className="mt-7 flex items-end justify-between border-t border-white/10 pt-5">
            <div>
              <p className="text-xs tracking-wide text-subtle-foreground uppercase">Payola balance</p>
              <p className="mt-1 flex items-center gap-2 font-display text-2xl font-bold">
                <Coins className="size-5 text-accent" />
                1,000 <span className="text-base font-semibold text-muted-foreground">PYL</span>
              </p>
            </div>
            <p className="text-right text-xs text-subtle-foreground">
              Member since
              <br />
              <span className="text-sm font-semibold text-foreground">Day one</span>
            </p>
          </div>
        </div>
      </div>

      <div className="absolute -bottom-7 left-4 flex items-center gap-3 rounded-2xl border border-border-strong bg-surface-raised/95 py-3 pr-5 pl-3 shadow-raised backdrop-blur sm:-left-8 lg:-left-10">
        <span className="inline-flex size-10 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <MicVocal className="size-5" />
        </span>
        <span className="flex flex-col">
          <span className="text-sm font-semibold">Artist verified</span>
          <span className="text-xs font-semibold text-accent">+25 PYL earned</span>
        </span>
      </div>
    </div>
  );
}
