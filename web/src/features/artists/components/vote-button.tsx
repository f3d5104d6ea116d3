import type { TArtist } from '@app/contracts';
import { VoteToggle } from '@/lib/catalog/vote-toggle';
import { useVoteMutation } from '../api/artists';

export function VoteButton({
  artist,
  className,
}: {
  artist: Pick<TArtist, 'id' | 'name' | 'userHasVoted' | 'voteCount'>;
  className?: string;
}) {
  return <VoteToggle entry={artist} vote={useVoteMutation(artist.id)} className={className} />;
}
