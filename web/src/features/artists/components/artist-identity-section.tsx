import type { Dispatch } from 'react';
import type { TArtistSearchResult } from '@app/contracts';
import { ARTIST_GENRES, ARTIST_TYPES } from '@app/domain';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { FormSection } from '@/lib/catalog/form-section';
import { cn } from '@/lib/utils';
import type { AddArtistAction } from '../lib/add-artist-reducer';
import type { ArtistForm } from '../lib/artist-form';
import { SimilarArtists } from './similar-artists';

const TYPE_OPTIONS = ARTIST_TYPES.map((type) => ({ value: type, label: type }));
const GENRE_OPTIONS = ARTIST_GENRES.map((genre) => ({ value: genre, label: genre }));

interface ArtistIdentitySectionProps {
  form: ArtistForm;
  /** An artist on file is loaded: its identity is shown, not edited. */
  loaded: boolean;
  similar: TArtistSearchResult[];
  loadingId: string | null;
  onLoad: (artist: TArtistSearchResult) => void;
  dispatch: Dispatch<AddArtistAction>;
}

/** docs/product.md §2 add artist, section 1: the name (searched for duplicates as it is typed), act type, genres, label. */
export function ArtistIdentitySection({
  form,
  loaded,
  similar,
  loadingId,
  onLoad,
  dispatch,
}: ArtistIdentitySectionProps) {
  const { errors } = form.formState;
  return (
    <FormSection
      number={1}
      title="Artist Identity"
      description="Who are they? We check for artists already here as you type."
    >
      <div className="flex flex-col gap-5">
        <Field label="Artist Name" error={errors.name?.message} required>
          <SearchInput
            autoComplete="off"
            placeholder="Start typing the artist's name"
            readOnly={loaded}
            className={cn(loaded && 'opacity-60')}
            {...form.register('name')}
          />
        </Field>
        {similar.length > 0 && (
          <SimilarArtists
            results={similar}
            loadingId={loadingId}
            onConfirm={(artist) => dispatch({ type: 'candidate', candidate: artist })}
            onLoad={onLoad}
            onDismiss={() => dispatch({ type: 'dismiss', ids: similar.map((a) => a.id) })}
          />
        )}
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Field label="Act Type" error={errors.artistType?.message} required>
            <Select
              placeholder="Choose an act type"
              options={TYPE_OPTIONS}
              disabled={loaded}
              {...form.register('artistType')}
            />
          </Field>
          <Field label="Primary Genre" error={errors.genre?.message} required>
            <Select
              placeholder="Choose a genre"
              options={GENRE_OPTIONS}
              disabled={loaded}
              {...form.register('genre')}
            />
          </Field>
          <Field label="Secondary Genre" error={errors.secondaryGenre?.message} optional>
            <Select placeholder="None" options={GENRE_OPTIONS} disabled={loaded} {...form.register('secondaryGenre')} />
          </Field>
          <Field
            label="Record Label"
            error={errors.recordLabel?.message}
            optional
            help="Leave blank if independent or unknown."
          >
            <Input
              autoComplete="off"
              readOnly={loaded}
              className={cn(loaded && 'opacity-60')}
              {...form.register('recordLabel')}
            />
          </Field>
        </div>
      </div>
    </FormSection>
  );
}
