import { ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { TVoteResponse } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/utils';
import { toastVoteOrFavoriteError } from './feedback';
import { voteCountLabel } from './format';

export interface VoteToggleProps {
  /** The artist or venue voted for. */
  entry: { name: string; userHasVoted: boolean; voteCount: number };
  /** POST .../vote with the state asked for. */
  vote: UseMutationResult<TVoteResponse, Error, boolean>;
  className?: string;
}

/**
 * docs/product.md §4 "Vote on artist" (and docs/decisions.md: venues alike): not voted -> voted; a vote
 * already cast is withdrawn only after a confirmation. Each call asks for the state wanted, so a
 * double click cannot undo itself.
 */
export function VoteToggle({ entry, vote, className }: VoteToggleProps) {
  const [confirming, setConfirming] = useState(false);
  const voted = entry.userHasVoted;

  function send(wanted: boolean) {
    vote.mutate(wanted, {
      onSuccess: (result) => {
        setConfirming(false);
        toast({ title: result.voted ? 'Vote added' : 'Vote removed' });
      },
      onError: (error) => {
        setConfirming(false);
        toastVoteOrFavoriteError(error, 'vote');
      },
    });
  }

  return (
    <>
      <Button
        variant={voted ? 'primary' : 'outline'}
        aria-pressed={voted}
        onClick={() => (voted ? setConfirming(true) : send(true))}
        loading={vote.isPending && !confirming}
        className={cn(!voted && 'hover:border-accent/60', className)}
      >
        <ThumbsUp aria-hidden="true" className={cn('transition-transform duration-300', voted && '-rotate-12')} />
        <span>Vote</span>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-bold tabular-nums',
            voted ? 'bg-accent-foreground/15' : 'bg-surface-overlay',
          )}
        >
          {voteCountLabel(entry.voteCount)}
        </span>
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(open) => !vote.isPending && setConfirming(open)}
        title="Remove your vote?"
        description={`Your vote for ${entry.name} will be withdrawn. If that vote earned you Payola, the 1 PYL it earned is taken back.`}
        footer={
          <>
            <DialogClose>
              <Button variant="outline" disabled={vote.isPending}>
                Keep My Vote
              </Button>
            </DialogClose>
            <Button
              variant="destructive"
              onClick={() => send(false)}
              loading={vote.isPending}
              loadingText="Removing..."
            >
              Remove Vote
            </Button>
          </>
        }
      />
    </>
  );
}
