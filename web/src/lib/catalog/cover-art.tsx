import { cn } from '@/lib/utils';
import { initialsOf, hashOf } from './format';

/** Placeholder art: a dark record-sleeve gradient lit by the accent, varied per entry by its name. */
const SLEEVES = [
  'bg-[radial-gradient(120%_90%_at_15%_10%,rgb(198_244_50/0.42),transparent_55%),linear-gradient(135deg,#1d1d24,#0c0c0f)]',
  'bg-[radial-gradient(110%_100%_at_85%_15%,rgb(198_244_50/0.36),transparent_55%),radial-gradient(90%_80%_at_10%_100%,rgb(124_92_255/0.28),transparent_60%),linear-gradient(160deg,#18181f,#0b0b0e)]',
  'bg-[radial-gradient(100%_100%_at_50%_110%,rgb(198_244_50/0.4),transparent_60%),linear-gradient(200deg,#1f1f27,#0c0c10)]',
  'bg-[radial-gradient(120%_90%_at_90%_90%,rgb(198_244_50/0.34),transparent_55%),radial-gradient(80%_80%_at_0%_0%,rgb(45_212_191/0.22),transparent_60%),linear-gradient(120deg,#15151b,#0a0a0d)]',
  'bg-[radial-gradient(120%_100%_at_0%_50%,rgb(198_244_50/0.38),transparent_55%),radial-gradient(70%_70%_at_100%_0%,rgb(244_114_182/0.2),transparent_60%),linear-gradient(180deg,#1a1a21,#0b0b0e)]',
];

export interface CoverArtProps {
  name: string;
  imageUrl: string | null;
  /** 'card' fills a card's header; 'profile' is the large square on the profile. */
  variant?: 'card' | 'profile';
  className?: string;
}

/** An artist's or venue's image, or initials on placeholder art. Decorative: the name is always next to it. */
export function CoverArt({ name, imageUrl, variant = 'card', className }: CoverArtProps) {
  const hash = hashOf(name);
  return (
    <div
      aria-hidden="true"
      className={cn(
        'relative isolate flex items-center justify-center overflow-hidden',
        SLEEVES[hash % SLEEVES.length],
        className,
      )}
    >
      {imageUrl ? (
        <img src={imageUrl} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
      ) : (
        <>
          {/* The grooves of a record, faint, behind the initials. */}
          <div className="absolute top-1/2 left-1/2 -z-10 aspect-square w-[150%] -translate-x-1/2 -translate-y-1/2 rounded-full bg-[repeating-radial-gradient(circle,rgb(255_255_255/0.035)_0_1px,transparent_1px_7px)]" />
          <span
            className={cn(
              'font-display font-extrabold tracking-[-0.04em] text-foreground/90 drop-shadow-[0_4px_24px_rgb(0_0_0/0.6)]',
              variant === 'profile' ? 'text-7xl sm:text-8xl' : 'text-3xl sm:text-5xl',
            )}
          >
            {initialsOf(name)}
          </span>
        </>
      )}
    </div>
  );
}
