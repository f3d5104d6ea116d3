import { useState } from 'react';
import { ZAddVenueResponse, type TVenue } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { apiPatch, serverMessageOr } from '@/lib/api-client';
import { useCatalogWriteMutation } from '@/lib/catalog/catalog-queries';
import { useContractForm } from '@/lib/use-contract-form';
import { formValuesOf, venueInputOf, ZVenueForm, type VenueFormValues } from '../lib/venue-form';
import { DETAIL_FIELDS, VenuePlaceFields } from './venue-identity-section';

/**
 * The claimant edits the venue's details: the add form's fields and messages (ZVenueForm), the venue on
 * file as their start; its social links stay as they are. A save is the venue's `VenueUpdated`, which
 * the profile and its history show.
 */
export function EditVenueDialog({ venue }: { venue: TVenue }) {
  const [open, setOpen] = useState(false);
  const edit = useCatalogWriteMutation('/api/venues', (values: VenueFormValues) =>
    apiPatch(
      `/api/venues/${encodeURIComponent(venue.id)}`,
      { venue: venueInputOf(values, venue.socialUrls) },
      ZAddVenueResponse,
    ),
  );
  const form = useContractForm(ZVenueForm, formValuesOf(venue).values);
  const { errors } = form.formState;
  const { register } = form;
  const save = form.handleSubmit((values) =>
    edit.mutate(values, {
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
        if (next) form.reset(formValuesOf(venue).values);
      }}
      title={`Edit ${venue.name}`}
      description="What you change here shows on the profile at once and in its history."
      trigger={<Button variant="secondary">Edit details</Button>}
    >
      <form {...form.formProps} onSubmit={save} className="flex flex-col gap-5">
        <Field label="Venue Name" error={errors.name?.message} required>
          <Input autoComplete="off" {...register('name')} />
        </Field>
        <VenuePlaceFields form={form} />
        <Field label="Description" error={errors.bio?.message} optional>
          <Textarea rows={4} {...register('bio')} />
        </Field>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          {DETAIL_FIELDS.map(({ name, label, input }) => (
            <Field key={name} label={label} error={errors[name]?.message} optional>
              <Input {...input} {...register(name)} />
            </Field>
          ))}
        </div>
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
