import { Link2, Sparkles } from 'lucide-react';
import { ARTIST_ATTESTATION } from '@app/contracts';
import { MIN_ARTIST_LINKS } from '@app/domain';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import type { ArtistFormValues } from '../lib/artist-form';

interface AddArtistSubmitProps {
  values: ArtistFormValues;
  filled: number;
  attested: boolean;
  onAttest: (attested: boolean) => void;
  /** An artist on file is loaded: the button saves its new links (no attestation). */
  loaded: boolean;
  /** The form's links the loaded artist does not have yet. */
  newLinks: number;
  pending: boolean;
}

/** The foot of the add-artist form: the attestation and the submit button in its docs/product.md §4 state. */
export function AddArtistSubmit({ attested, onAttest, loaded, ...button }: AddArtistSubmitProps) {
  return (
    <Card className="gap-5 p-6 sm:p-7">
      {!loaded && <Checkbox label={ARTIST_ATTESTATION} checked={attested} onCheckedChange={onAttest} />}
      {loaded ? <SaveLinksButton {...button} /> : <AddButton attested={attested} {...button} />}
    </Card>
  );
}

function SaveLinksButton({ newLinks, pending }: { newLinks: number; pending: boolean }) {
  return (
    <Button
      type="submit"
      size="lg"
      block
      variant={newLinks === 0 ? 'secondary' : 'primary'}
      disabled={newLinks === 0}
      loading={pending}
      loadingText="Saving Links..."
    >
      <Link2 aria-hidden="true" />
      {newLinks === 0 ? 'Add a new link to save' : `Save ${newLinks} New ${newLinks === 1 ? 'Link' : 'Links'}`}
    </Button>
  );
}

/** docs/product.md §4 "Artist submit button", in this order. */
function AddButton({
  values,
  filled,
  attested,
  pending,
}: Pick<AddArtistSubmitProps, 'values' | 'filled' | 'attested' | 'pending'>) {
  const tooFewLinks = filled < MIN_ARTIST_LINKS;
  const missingRequired = !values.artistType || !values.name.trim() || !values.genre;
  if (tooFewLinks || missingRequired) {
    return (
      <Button
        type="submit"
        size="lg"
        variant="secondary"
        block
        disabled
        className="h-auto min-h-13 py-3 whitespace-normal"
      >
        {tooFewLinks ? 'Add at least 2 profile links to continue' : 'Complete required fields to continue'}
      </Button>
    );
  }
  return (
    <Button
      type="submit"
      size="lg"
      block
      disabled={!attested}
      loading={pending}
      loadingText="Adding Artist..."
      className="font-display tracking-wide"
    >
      <Sparkles aria-hidden="true" />
      ADD THIS AMAZING ARTIST!
    </Button>
  );
}
