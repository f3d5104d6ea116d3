import type { ComponentProps, Dispatch } from 'react';
import type { TVenueSearchResult } from '@app/contracts';
import { US_STATES, VENUE_AGE_RESTRICTIONS, VENUE_SOUND_SYSTEMS, VENUE_TYPES } from '@app/domain';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { FormSection, LINK_INPUT_PROPS } from '@/lib/catalog/form-section';
import type { AddVenueAction, AddVenueState } from '../lib/add-venue-reducer';
import type { VenueForm, VenueFormValues } from '../lib/venue-form';
import { SimilarVenues } from './similar-venues';
import { SocialLinksFieldset } from './social-links-fieldset';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const TYPE_OPTIONS = options(VENUE_TYPES);
const STATE_OPTIONS = options(US_STATES);
const AGE_OPTIONS = options(VENUE_AGE_RESTRICTIONS);
const SOUND_OPTIONS = options(VENUE_SOUND_SYSTEMS);

/** The optional contact and visit details, two to a row on wider screens (also the claimant's edit form). */
export const DETAIL_FIELDS: { name: keyof VenueFormValues; label: string; input: ComponentProps<typeof Input> }[] = [
  { name: 'phoneNumber', label: 'Phone', input: { type: 'tel', autoComplete: 'off' } },
  { name: 'email', label: 'Email', input: { type: 'email', autoComplete: 'off' } },
  { name: 'websiteUrl', label: 'Website', input: { ...LINK_INPUT_PROPS, placeholder: 'https://yourvenue.com' } },
  { name: 'bookingContact', label: 'Booking Contact', input: { autoComplete: 'off' } },
  { name: 'accessibility', label: 'Accessibility', input: { autoComplete: 'off' } },
  { name: 'parking', label: 'Parking', input: { autoComplete: 'off' } },
];

interface VenueIdentitySectionProps {
  form: VenueForm;
  state: Pick<AddVenueState, 'socialRows' | 'socialErrors'>;
  similar: TVenueSearchResult[];
  dispatch: Dispatch<AddVenueAction>;
}

/** docs/product.md §2 "Add venue", section 1: the venue's name (searched for duplicates as it is typed) and details. */
export function VenueIdentitySection({ form, state, similar, dispatch }: VenueIdentitySectionProps) {
  const { errors } = form.formState;
  const { register } = form;
  return (
    <FormSection number={1} title="Venue Identity" description="Where is it, and what kind of place is it?">
      <div className="flex flex-col gap-5">
        <Field label="Venue Name" error={errors.name?.message} required>
          <SearchInput autoComplete="off" placeholder="Start typing the venue's name" {...register('name')} />
        </Field>
        {similar.length > 0 && (
          <SimilarVenues
            results={similar}
            onConfirm={(venue) => dispatch({ type: 'candidate', candidate: venue })}
            onLoad={(venue) => dispatch({ type: 'toLoad', venue })}
            onDismiss={() => dispatch({ type: 'dismiss', ids: similar.map((v) => v.id) })}
          />
        )}
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
        <SocialLinksFieldset rows={state.socialRows} errors={state.socialErrors} dispatch={dispatch} />
      </div>
    </FormSection>
  );
}

/** The venue's type, size and place, two to a row on wider screens (the add form's and the claimant's edit). */
export function VenuePlaceFields({ form }: { form: Pick<VenueForm, 'formState' | 'register'> }) {
  const { errors } = form.formState;
  const { register } = form;
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <Field label="Venue Type" error={errors.venueType?.message} required>
        <Select placeholder="Choose a venue type" options={TYPE_OPTIONS} {...register('venueType')} />
      </Field>
      <Field label="Capacity" error={errors.capacity?.message} optional>
        <Input type="text" inputMode="numeric" autoComplete="off" {...register('capacity')} />
      </Field>
      <Field label="Street Address" error={errors.streetAddress?.message} optional className="sm:col-span-2">
        <Input autoComplete="street-address" {...register('streetAddress')} />
      </Field>
      <Field label="City" error={errors.city?.message} required>
        <Input autoComplete="address-level2" {...register('city')} />
      </Field>
      <Field label="State" error={errors.state?.message} required>
        <Select placeholder="Choose a state" options={STATE_OPTIONS} {...register('state')} />
      </Field>
      <Field label="Country" error={errors.country?.message} optional>
        <Input autoComplete="country-name" {...register('country')} />
      </Field>
      <Field label="Age Restriction" error={errors.ageRestriction?.message} optional>
        <Select placeholder="Not specified" options={AGE_OPTIONS} {...register('ageRestriction')} />
      </Field>
      <Field label="Sound System" error={errors.soundSystem?.message} optional>
        <Select placeholder="Not specified" options={SOUND_OPTIONS} {...register('soundSystem')} />
      </Field>
    </div>
  );
}
