import { ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import type { TArtist } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/utils';
import { useVoteMutation } from '../api/artists';
import { voteCountLabel } from '../lib/format';
import { toastVoteOrFavoriteError } from './feedback';

/**
 * Spec §4 "Vote on artist": not voted -> voted; a vote already cast is withdrawn only after a
 * confirmation. Each call asks for the state wanted, so a double click cannot undo itself.
 */
export function VoteButton({
  artist,
  className,
}: {
  artist: Pick<TArtist, 'id' | 'name' | 'userHasVoted' | 'voteCount'>;
  className?: string;
}) {
  const vote = useVoteMutation(artist.id);
  const [confirming, setConfirming] = useState(false);
  const voted = artist.userHasVoted;

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
          {voteCountLabel(artist.voteCount)}
        </span>
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(open) => !vote.isPending && setConfirming(open)}
        title="Remove your vote?"
        description={`Your vote for ${artist.name} will be withdrawn. If that vote earned you Payola, the 1 PYL it earned is taken back.`}
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
