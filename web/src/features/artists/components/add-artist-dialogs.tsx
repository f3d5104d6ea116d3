import { BadgeCheck, ExternalLink, PartyPopper, Plus, Users } from 'lucide-react';
import {
  LINK_PLATFORM_LABELS,
  type TAddArtistResponse,
  type TArtistRewardPreview,
  type TArtistSearchResult,
} from '@app/contracts';
import {
  EntryResultDialog,
  EntrySummary,
  PayolaEarned,
  RewardNote,
  SameEntryDialog,
  useLastShown,
  type ResultDialogProps,
} from '@/lib/catalog/dialog-parts';
import { formatPayola } from '@/lib/catalog/format';
import type { VerifiedResult } from '../lib/add-artist-reducer';
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

/** docs/product.md §2 'Is this the same artist?': the artist on file, and what confirming it earns. */
export function SameArtistDialog({ artist: current, preview, newLinks, ...actions }: SameArtistDialogProps) {
  const artist = useLastShown(current);
  const reward = preview ? preview.verifyArtist + preview.perLink * newLinks : null;
  return (
    <SameEntryDialog
      open={current !== null}
      title="Is this the same artist?"
      description="Compare it with the artist you are adding. If it is them, confirm it and your new links are added to their profile."
      rejectLabel="No, different artist"
      confirmLabel="Yes, confirm & add links"
      {...actions}
    >
      {artist && (
        <>
          <ArtistSummary artist={artist} />
          {reward !== null && preview && (
            <RewardNote>
              Confirming earns you <strong className="text-accent">+{formatPayola(reward)} Payola</strong>
              <span className="block text-muted-foreground">
                {preview.verifyArtist} for confirming
                {newLinks > 0 &&
                  (newLinks === 1
                    ? ` + ${preview.perLink} for your new link`
                    : ` + ${preview.perLink} for each of your ${newLinks} new links`)}
              </span>
            </RewardNote>
          )}
        </>
      )}
    </SameEntryDialog>
  );
}

function ArtistSummary({ artist }: { artist: TArtistSearchResult }) {
  return (
    <EntrySummary name={artist.name}>
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
    </EntrySummary>
  );
}

const VIEW_ARTISTS = (
  <>
    <Users aria-hidden="true" />
    View Artists
  </>
);

/** docs/product.md §2: the founding-fan dialog after a new artist is added. */
export function ArtistAddedDialog(props: ResultDialogProps<TAddArtistResponse>) {
  return (
    <EntryResultDialog
      {...props}
      icon={PartyPopper}
      title={(result) => `You're Fan #${result.fanNumber}!`}
      description="Founding Fan Forever!"
      another={[Plus, 'Add Another Artist']}
      viewTo="/artists"
      view={VIEW_ARTISTS}
    >
      {(result) => (
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
    </EntryResultDialog>
  );
}

/** docs/product.md §2: the dialog after confirming ("verifying") an artist already on file. */
export function ArtistVerifiedDialog(props: ResultDialogProps<VerifiedResult>) {
  return (
    <EntryResultDialog
      {...props}
      icon={BadgeCheck}
      title="Thank You for Verifying!"
      description={({ response }) => `You are fan #${response.fanNumber} to verify this artist`}
      another={[BadgeCheck, 'Verify Another Artist']}
      viewTo="/artists"
      view={VIEW_ARTISTS}
    >
      {({ response, name }) => (
        <div className="flex flex-col gap-4">
          <PayolaEarned amount={response.payola.total}>
            {response.linksAdded > 0 && (
              <p className="mt-1 text-xs text-muted-foreground">
                {response.linksAdded} new {response.linksAdded === 1 ? 'link' : 'links'} added to {name}
              </p>
            )}
          </PayolaEarned>
          {response.alreadyVerified && (
            <p className="text-sm text-muted-foreground">
              You had already verified {name}: only links new to their profile earn Payola this time.
            </p>
          )}
        </div>
      )}
    </EntryResultDialog>
  );
}
