import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useReducer, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { VENUE_MESSAGES, type TVenueSearchResult } from '@app/contracts';
import { toast } from '@/components/ui/toast';
import { canAddEntries } from '@/lib/catalog/add-flow';
import { useDuplicateSearch } from '@/lib/catalog/use-duplicate-search';
import { useSession } from '@/lib/session/auth-user-query';
import { useContractForm } from '@/lib/use-contract-form';
import { venueRewardPreviewQueryOptions, venueSearchQueryOptions, type VenueSearchParams } from '../api/venues';
import { addVenueReducer, INITIAL_ADD_VENUE_STATE, socialRowId, type AddVenueAction } from './add-venue-reducer';
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS } from './list-search';
import {
  checkSocialLinks,
  EMPTY_VENUE_FORM,
  formValuesOf,
  venueInputOf,
  ZVenueForm,
  type VenueFormValues,
} from './venue-form';
import { useVenueWrites } from './use-venue-writes';

/** docs/product.md §2 "Add venue (/add-venue)": the form, the duplicate search and what each step does. */
export function useAddVenueFlow() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const form = useContractForm(ZVenueForm, EMPTY_VENUE_FORM);
  const values = useWatch({ control: form.control }) as VenueFormValues;
  const preview = useQuery(venueRewardPreviewQueryOptions());
  const [state, dispatch] = useReducer(addVenueReducer, INITIAL_ADD_VENUE_STATE);
  const { socialRows } = state;

  // docs/product.md §5: the venue search starts at 2 characters, 500 ms after typing pauses.
  const similar = useDuplicateSearch({
    params: {
      q: values.name.trim(),
      city: values.city.trim() || undefined,
      state: values.state || undefined,
      websiteUrl: values.websiteUrl.trim() || undefined,
      socialUrls: socialRows.map((row) => row.trim()).filter(Boolean),
    } satisfies VenueSearchParams,
    debounceMs: SEARCH_DEBOUNCE_MS,
    minLength: MIN_SEARCH_LENGTH,
    active: !state.loaded && user !== null,
    dismissed: state.dismissed,
    query: venueSearchQueryOptions,
  });

  function restart(action: AddVenueAction) {
    form.reset(EMPTY_VENUE_FORM);
    dispatch(action);
  }

  const writes = useVenueWrites({ form, user, state, dispatch, restart });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canAddEntries(user)) return dispatch({ type: 'verificationRequired', open: true });
    const rowErrors = checkSocialLinks(values, socialRows);
    dispatch({ type: 'socialErrors', errors: rowErrors });
    void form.handleSubmit(() => {
      const first = Object.keys(rowErrors)[0];
      if (first !== undefined) return document.getElementById(socialRowId(Number(first)))?.focus();
      writes.save(venueInputOf(form.getValues(), socialRows));
    })();
  }

  /** 'Load Venue': a venue this fan added fills the form, to change and save. */
  function load(venue: TVenueSearchResult) {
    const { values: loadedValues, socialRows: rows } = formValuesOf(venue);
    form.reset(loadedValues);
    dispatch({ type: 'load', venue, socialRows: rows });
    toast({
      title: VENUE_MESSAGES.loaded,
      description: `${venue.name} is in the form: change what you need and save.`,
    });
    void queryClient.invalidateQueries({ queryKey: ['/api/venues', venue.id] });
  }

  return { form, state, dispatch, preview: preview.data, similar, writes, restart, submit, load };
}
