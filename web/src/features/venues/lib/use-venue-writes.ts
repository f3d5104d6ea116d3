import type { Dispatch } from 'react';
import { VENUE_MESSAGES, type TVenueInput, type TVenueSearchResult } from '@app/contracts';
import { toast } from '@/components/ui/toast';
import { serverMessageOr } from '@/lib/api-client';
import { canAddEntries, refusedAsUnverified, serverFieldErrors } from '@/lib/catalog/add-flow';
import { useAddVenueMutation, useConfirmVenueDuplicateMutation, useUpdateVenueMutation } from '../api/venues';
import type { AddVenueAction, AddVenueState } from './add-venue-reducer';
import { formErrorsOf, type VenueForm } from './venue-form';

interface VenueWritesInput {
  form: VenueForm;
  user: { role: string; verified: boolean } | null;
  state: AddVenueState;
  dispatch: Dispatch<AddVenueAction>;
  /** Clears the inputs, then applies `action` (one that starts the form again). */
  restart: (action: AddVenueAction) => void;
}

/** docs/product.md §4 "Venue flow": POST /api/venues, PATCH of a loaded venue, and 'Confirm Duplicate', with their answers. */
export function useVenueWrites({ form, user, state, dispatch, restart }: VenueWritesInput) {
  const addVenue = useAddVenueMutation();
  const updateVenue = useUpdateVenueMutation();
  const confirmDuplicate = useConfirmVenueDuplicateMutation();

  /** Opens 'Verification Required' when the server refused this fan as unverified. */
  function askedToVerify(error: unknown): boolean {
    if (!refusedAsUnverified(error, VENUE_MESSAGES.verifiedFansOnly)) return false;
    dispatch({ type: 'verificationRequired', open: true });
    return true;
  }

  function onSaveError(error: unknown) {
    if (askedToVerify(error)) return;
    toast({
      title: VENUE_MESSAGES.addFailedTitle,
      description: serverMessageOr(error, 'Please try again.'),
      variant: 'destructive',
    });
    const fieldErrors = serverFieldErrors(error);
    if (!fieldErrors) return;
    const { fields, social } = formErrorsOf(fieldErrors, state.socialRows);
    form.setServerErrors(fields);
    dispatch({ type: 'socialErrors', errors: social });
  }

  /** Adds the venue, or saves the changes to the loaded one. */
  function save(venue: TVenueInput) {
    const { loaded } = state;
    if (loaded) {
      updateVenue.mutate(
        { id: loaded.id, body: { venue } },
        {
          onSuccess: (result) => {
            toast({ title: 'Venue updated', description: `Your changes to ${result.name} are saved.` });
            restart({ type: 'startFresh', mode: 'add' });
          },
          onError: onSaveError,
        },
      );
      return;
    }
    addVenue.mutate({ venue }, { onSuccess: (result) => restart({ type: 'added', result }), onError: onSaveError });
  }

  function confirm(venue: TVenueSearchResult) {
    if (!canAddEntries(user)) {
      dispatch({ type: 'verificationRequired', open: true });
      return;
    }
    confirmDuplicate.mutate(venue.id, {
      onSuccess: (result) => {
        // docs/product.md §4 "Venue flow": the toast, then the form starts again.
        toast(
          result.alreadyConfirmed
            ? { title: 'Already confirmed', description: `You confirmed ${venue.name} before.` }
            : { title: VENUE_MESSAGES.duplicateConfirmedTitle, description: VENUE_MESSAGES.duplicateConfirmed },
        );
        restart({ type: 'startFresh', mode: 'add-another' });
      },
      onError: (error) => {
        dispatch({ type: 'candidate', candidate: null });
        if (askedToVerify(error)) return;
        toast({
          title: VENUE_MESSAGES.confirmFailedTitle,
          description: serverMessageOr(error, 'Please try again.'),
          variant: 'destructive',
        });
      },
    });
  }

  return { save, confirm, saving: addVenue.isPending || updateVenue.isPending, confirming: confirmDuplicate.isPending };
}
