import { Link } from '@tanstack/react-router';
import { BadgeCheck, Coins, ExternalLink, PartyPopper, Plus, Users } from 'lucide-react';
import {
  LINK_PLATFORM_LABELS,
  type TAddArtistResponse,
  type TArtistRewardPreview,
  type TArtistSearchResult,
  type TVerifyArtistResponse,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { DialogIcon, PayolaEarned, useLastShown } from '@/lib/catalog/dialog-parts';
import { formatPayola } from '@/lib/catalog/format';
import { ArtistBadges } from './artist-badges';

interface SameArtistDialogProps {
  artist: TArtistSearchResult | null;
  preview: TArtistRewardPreview | undefined;
  /** How many of the form's links the artist does not have yet (each earns the link reward). */
  newLinks: number;
  pending: boolean;
  onConfirm: () => void;
  onReject: () => void;
  onClose: () => void;
}

/** Spec §2 'Is this the same artist?': the artist on file, and what confirming it earns. */
export function SameArtistDialog({
  artist: current,
  preview,
  newLinks,
  pending,
  onConfirm,
  onReject,
  onClose,
}: SameArtistDialogProps) {
  const artist = useLastShown(current);
  const reward = preview ? preview.verifyArtist + preview.perLink * newLinks : null;
  return (
    <Dialog
      open={current !== null}
      onOpenChange={(open) => !open && !pending && onClose()}
      title="Is this the same artist?"
      description="Compare it with the artist you are adding. If it is them, confirm it and your new links are added to their profile."
      footer={
        <>
          <Button variant="outline" onClick={onReject} disabled={pending}>
            No, different artist
          </Button>
          <Button onClick={onConfirm} loading={pending} loadingText="Confirming...">
            <BadgeCheck aria-hidden="true" />
            Yes, confirm &amp; add links
          </Button>
        </>
      }
    >
      {artist && (
        <div className="flex flex-col gap-5">
          <div className="rounded-2xl border border-border bg-surface p-4">
            <p className="font-display text-xl font-bold break-words">{artist.name}</p>
            <div className="mt-2">
              <ArtistBadges artist={artist} size="sm" />
            </div>
            {artist.bio && (
              <p className="mt-3 line-clamp-4 text-sm leading-relaxed whitespace-pre-line text-muted-foreground">
                {artist.bio}
              </p>
            )}
            {artist.links.length > 0 && (
              <ul aria-label={`${artist.name}'s links`} className="mt-3 flex flex-col gap-1.5 text-sm">
                {artist.links.map((link) => (
                  <li key={`${link.platform} ${link.url}`}>
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1.5 rounded-sm font-medium underline decoration-accent/60 underline-offset-4 hover:text-accent"
                    >
                      {LINK_PLATFORM_LABELS[link.platform]}
                      <ExternalLink aria-hidden="true" className="size-3.5" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {reward !== null && preview && (
            <div className="flex items-center gap-3 rounded-2xl border border-accent/30 bg-accent-soft p-4 text-sm">
              <Coins aria-hidden="true" className="size-6 shrink-0 text-accent" />
              <p>
                Confirming earns you <strong className="text-accent">+{formatPayola(reward)} Payola</strong>
                <span className="block text-muted-foreground">
                  {preview.verifyArtist} for confirming
                  {newLinks > 0 &&
                    (newLinks === 1
                      ? ` + ${preview.perLink} for your new link`
                      : ` + ${preview.perLink} for each of your ${newLinks} new links`)}
                </span>
              </p>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}

interface ResultDialogProps<T> {
  result: T | null;
  onClose: () => void;
  /** 'Add Another Artist' / 'Verify Another Artist': back to a fresh form. */
  onAnother: () => void;
}

/** Spec §2: the founding-fan dialog after a new artist is added. */
export function ArtistAddedDialog({ result: current, onClose, onAnother }: ResultDialogProps<TAddArtistResponse>) {
  const result = useLastShown(current);
  return (
    <Dialog
      open={current !== null}
      onOpenChange={(open) => !open && onClose()}
      icon={
        <DialogIcon>
          <PartyPopper aria-hidden="true" />
        </DialogIcon>
      }
      title={result ? `You're Fan #${result.fanNumber}!` : ''}
      description="Founding Fan Forever!"
      footer={
        <>
          <Button variant="outline" onClick={onAnother}>
            <Plus aria-hidden="true" />
            Add Another Artist
          </Button>
          <Button asChild>
            <Link to="/artists">
              <Users aria-hidden="true" />
              View Artists
            </Link>
          </Button>
        </>
      }
    >
      {result && (
        <div className="flex flex-col gap-4">
          <p className="text-sm leading-relaxed text-muted-foreground">
            <strong className="text-foreground">{result.name}</strong> is on Payola now, and you are the fan who put
            them there.
          </p>
          <PayolaEarned amount={result.payola.total}>
            {result.payola.lines.length > 1 && (
              <ul className="mt-2 flex flex-col gap-0.5 text-xs text-muted-foreground">
                {result.payola.lines.map((line, index) => (
                  <li key={`${line.rule}-${index}`}>
                    +{formatPayola(line.amount)} {line.description}
                  </li>
                ))}
              </ul>
            )}
          </PayolaEarned>
        </div>
      )}
    </Dialog>
  );
}

export interface VerifiedResult {
  response: TVerifyArtistResponse;
  name: string;
}

/** Spec §2: the dialog after confirming ("verifying") an artist already on file. */
export function ArtistVerifiedDialog({ result: current, onClose, onAnother }: ResultDialogProps<VerifiedResult>) {
  const result = useLastShown(current);
  const response = result?.response;
  return (
    <Dialog
      open={current !== null}
      onOpenChange={(open) => !open && onClose()}
      icon={
        <DialogIcon>
          <BadgeCheck aria-hidden="true" />
        </DialogIcon>
      }
      title="Thank You for Verifying!"
      description={response ? `You are fan #${response.fanNumber} to verify this artist` : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onAnother}>
            <BadgeCheck aria-hidden="true" />
            Verify Another Artist
          </Button>
          <Button asChild>
            <Link to="/artists">
              <Users aria-hidden="true" />
              View Artists
            </Link>
          </Button>
        </>
      }
    >
      {result && response && (
        <div className="flex flex-col gap-4">
          <PayolaEarned amount={response.payola.total}>
            {response.linksAdded > 0 && (
              <p className="mt-1 text-xs text-muted-foreground">
                {response.linksAdded} new {response.linksAdded === 1 ? 'link' : 'links'} added to {result.name}
              </p>
            )}
          </PayolaEarned>
          {response.alreadyVerified && (
            <p className="text-sm text-muted-foreground">
              You had already verified {result.name}: only links new to their profile earn Payola this time.
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
