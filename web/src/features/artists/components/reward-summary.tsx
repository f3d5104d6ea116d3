import { Coins } from 'lucide-react';
import type { TArtistRewardPreview } from '@app/contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPayola } from '@/lib/catalog/format';

interface RewardSummaryProps {
  preview: TArtistRewardPreview | undefined;
  /** The Link Hub inputs that count toward the link reward. */
  links: number;
  /** Adding links to an artist this fan already verified: no add bonus. */
  linksOnly?: boolean;
  /**
   * The fan video message going with a new artist: 'ready' once its video is attached and its message
   * written (only then is it sent, and paid), 'needs-message' with a video but no words yet.
   */
  fanMessage?: 'ready' | 'needs-message';
}

/** docs/product.md §2 "Add artist": the potential rewards (link reward, bonus, total), from this fan's real numbers. */
export function RewardSummary({ preview, links, linksOnly = false, fanMessage }: RewardSummaryProps) {
  const linkReward = preview ? preview.perLink * links : 0;
  const bonus = preview && !linksOnly ? preview.addArtist : 0;
  const video = !linksOnly && fanMessage ? fanMessage : null;
  const videoReward = preview && video === 'ready' ? preview.fanMessage : 0;
  return (
    <section
      aria-labelledby="potential-rewards"
      className="overflow-hidden rounded-3xl border border-accent/30 bg-[radial-gradient(120%_120%_at_100%_0%,rgb(198_244_50/0.14),transparent_55%)] bg-surface p-6 shadow-card sm:p-7"
    >
      <h2 id="potential-rewards" className="flex items-center gap-2 font-display text-xl font-semibold tracking-tight">
        <Coins aria-hidden="true" className="size-5 text-accent" />
        Potential Rewards
      </h2>
      {!preview ? (
        <div className="mt-4 flex flex-col gap-3" aria-hidden="true">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-7 w-2/3" />
        </div>
      ) : (
        <dl className="mt-4 flex flex-col gap-2.5 text-sm">
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-muted-foreground">
              {linksOnly ? 'New link reward' : 'Link reward'} ({links} × {preview.perLink})
            </dt>
            <dd className="font-semibold tabular-nums">+{formatPayola(linkReward)}</dd>
          </div>
          {!linksOnly && (
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-muted-foreground">Bonus for adding this artist</dt>
              <dd className="font-semibold tabular-nums">+{formatPayola(bonus)}</dd>
            </div>
          )}
          {video && (
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-muted-foreground">
                Fan video message
                {video === 'needs-message' && (
                  <span className="block text-xs text-subtle-foreground">
                    Write your message to earn +{formatPayola(preview.fanMessage)}
                  </span>
                )}
              </dt>
              <dd className="font-semibold tabular-nums">+{formatPayola(videoReward)}</dd>
            </div>
          )}
          <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-border pt-3">
            <dt className="font-semibold">Total</dt>
            <dd className="font-display text-2xl font-extrabold text-accent tabular-nums">
              {formatPayola(linkReward + bonus + videoReward)} <span className="text-base font-bold">PYL</span>
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
