import { useState } from 'react';
import { z } from 'zod';
import { ARTIST_GENRES, ARTIST_TYPES } from '@app/domain';
import { ZEditArtistRequest, ZEditArtistResponse, type TArtist } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { apiPatch, serverMessageOr } from '@/lib/api-client';
import { useCatalogWriteMutation } from '@/lib/catalog/catalog-queries';
import { useContractForm } from '@/lib/use-contract-form';

type TArtistGenre = (typeof ARTIST_GENRES)[number];

const TYPE_OPTIONS = ARTIST_TYPES.map((type) => ({ value: type, label: type }));
const GENRE_OPTIONS = ARTIST_GENRES.map((genre) => ({ value: genre, label: genre }));
const ZDetails = ZEditArtistRequest.shape.artist;
/**
 * The form's fields are strings (a select's 'None' is ''); the contract's own rules and messages apply.
 * Its optional fields also take null and undefined, which zod's pipe types refuse as a string's next step.
 */
const fromText = <T,>(schema: z.ZodType<T, string | null | undefined>) =>
  z.string().pipe(schema as z.ZodType<T, string>);
const ZDetailsForm = z.object({
  name: ZDetails.shape.name,
  artistType: ZDetails.shape.artistType,
  genre: ZDetails.shape.genre,
  secondaryGenre: z
    .string()
    .transform((value) => value || null)
    .pipe(ZDetails.shape.secondaryGenre as z.ZodType<TArtistGenre | null, string | null>),
  recordLabel: fromText(ZDetails.shape.recordLabel),
  bio: fromText(ZDetails.shape.bio),
});
type TDetails = z.output<typeof ZDetailsForm>;

/** The claimant edits the artist's details (the add form's fields; links stay as they are). */
export function EditArtistDialog({ artist }: { artist: TArtist }) {
  const [open, setOpen] = useState(false);
  const edit = useCatalogWriteMutation('/api/artists', (details: TDetails) =>
    apiPatch(`/api/artists/${encodeURIComponent(artist.id)}`, { artist: details }, ZEditArtistResponse),
  );
  const form = useContractForm(ZDetailsForm, {
    name: artist.name,
    artistType: artist.artistType as (typeof ARTIST_TYPES)[number],
    genre: artist.genre as (typeof ARTIST_GENRES)[number],
    secondaryGenre: artist.secondaryGenre ?? '',
    recordLabel: artist.recordLabel ?? '',
    bio: artist.bio ?? '',
  });
  const { errors } = form.formState;
  const { register } = form;
  const save = form.handleSubmit((details) =>
    edit.mutate(details, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Details saved', description: 'The profile and its history show your changes.' });
      },
    }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        edit.reset();
        if (next) form.reset();
      }}
      title={`Edit ${artist.name}`}
      description="What you change here shows on the profile at once and in its history."
      trigger={<Button variant="secondary">Edit details</Button>}
    >
      <form {...form.formProps} onSubmit={save} className="flex flex-col gap-5">
        <Field label="Artist Name" error={errors.name?.message} required>
          <Input autoComplete="off" {...register('name')} />
        </Field>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Field label="Act Type" error={errors.artistType?.message} required>
            <Select options={TYPE_OPTIONS} {...register('artistType')} />
          </Field>
          <Field label="Primary Genre" error={errors.genre?.message} required>
            <Select options={GENRE_OPTIONS} {...register('genre')} />
          </Field>
          <Field label="Secondary Genre" error={errors.secondaryGenre?.message} optional>
            <Select placeholder="None" options={GENRE_OPTIONS} {...register('secondaryGenre')} />
          </Field>
          <Field label="Record Label" error={errors.recordLabel?.message} optional>
            <Input autoComplete="off" {...register('recordLabel')} />
          </Field>
        </div>
        <Field label="Story" error={errors.bio?.message} optional>
          <Textarea rows={5} {...register('bio')} />
        </Field>
        {edit.isError && (
          <p role="alert" className="text-sm text-destructive-text">
            {serverMessageOr(edit.error, 'Your changes could not be saved. Please try again.')}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose>
            <Button type="button" variant="ghost">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" loading={edit.isPending} loadingText="Saving...">
            Save changes
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
