import type { Dispatch } from 'react';
import { ARTIST_MESSAGES, MEDIA_MESSAGES, type TArtistInput, type TArtistSearchResult } from '@app/contracts';
import type { LinkPlatform } from '@app/domain';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { canAddEntries, refusedAsUnverified, serverFieldErrors } from '@/lib/catalog/add-flow';
import type { MediaUpload } from '@/lib/uploads/use-media-upload';
import { useAddArtistMutation, useVerifyArtistMutation } from '../api/artists';
import { usePostFanMessageMutation } from '../api/fan-messages';
import type { AddArtistAction, AddArtistState, FanMessageValues } from './add-artist-reducer';
import { formErrorsOf, hasEnoughLinks, linkFieldsOf, type ArtistForm, type CheckedLinks } from './artist-form';

interface ArtistWritesInput {
  form: ArtistForm;
  checked: CheckedLinks;
  user: { role: string; verified: boolean } | null;
  state: AddArtistState;
  video: MediaUpload;
  dispatch: Dispatch<AddArtistAction>;
  /** Clears the inputs and the video, then applies `action` (one that starts the form again). */
  restart: (action: AddArtistAction) => void;
}

/** docs/product.md §4 "New artist submit" and "Is this them?": POST /api/artists and /api/artists/verify, with their answers. */
export function useArtistWrites({ form, checked, user, state, video, dispatch, restart }: ArtistWritesInput) {
  const addArtist = useAddArtistMutation();
  const verifyArtist = useVerifyArtistMutation();
  const postFanMessage = usePostFanMessageMutation();

  /** The fan message follows the artist, when a video and a message exist. */
  function sendFanMessage(artistId: string, values: FanMessageValues, videoUrl: string | undefined) {
    if (!values.record || !videoUrl || !values.message.trim()) return;
    postFanMessage.mutate(
      { artistId, videoUrl, message: values.message, isPublic: values.isPublic },
      {
        onSuccess: () => toast({ title: MEDIA_MESSAGES.fanMessageSent }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessageOr(error, 'Your fan message could not be sent. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  }

  function showServerFieldErrors(error: unknown) {
    const fieldErrors = serverFieldErrors(error);
    if (fieldErrors) form.setServerErrors(formErrorsOf(fieldErrors, linkFieldsOf(checked.links).socialSources));
  }

  /** Opens 'Verification Required' when the server refused this fan as unverified. */
  function askedToVerify(error: unknown): boolean {
    if (!refusedAsUnverified(error, ARTIST_MESSAGES.verifiedFansOnly)) return false;
    dispatch({ type: 'verificationRequired', open: true });
    return true;
  }

  function add(artist: TArtistInput) {
    if (!hasEnoughLinks(checked.links)) {
      toast({ title: ARTIST_MESSAGES.moreLinksTitle, description: ARTIST_MESSAGES.moreLinks, variant: 'destructive' });
      return;
    }
    const message = state.fanMessage;
    const videoUrl = video.media?.url;
    addArtist.mutate(
      { artist, attested: true },
      {
        onSuccess: (result) => {
          restart({ type: 'added', result });
          sendFanMessage(result.id, message, videoUrl);
        },
        onError: (error) => {
          if (askedToVerify(error)) return;
          toast({
            title: 'Error',
            description: serverMessageOr(error, ARTIST_MESSAGES.addFailed),
            variant: 'destructive',
          });
          showServerFieldErrors(error);
        },
      },
    );
  }

  /** Records the verification of `artist` with the form's links (new links are added to it). */
  function verify(artist: TArtistSearchResult) {
    if (!canAddEntries(user)) {
      dispatch({ type: 'verificationRequired', open: true });
      return;
    }
    if (Object.keys(checked.issues).length > 0) {
      // A link the server would refuse: show it at its input instead of sending it.
      dispatch({ type: 'candidate', candidate: null });
      void form.trigger(Object.keys(checked.issues) as LinkPlatform[], { shouldFocus: true });
      return;
    }
    verifyArtist.mutate(
      { artistId: artist.id, links: linkFieldsOf(checked.links).fields },
      {
        onSuccess: (response) => restart({ type: 'verified', result: { response, name: artist.name } }),
        onError: (error) => {
          dispatch({ type: 'candidate', candidate: null });
          if (askedToVerify(error)) return;
          const fixable = isApiError(error) && (error.status === 400 || error.status === 409);
          toast({
            title: 'Error',
            description: fixable ? serverMessageOr(error, ARTIST_MESSAGES.verifyFailed) : ARTIST_MESSAGES.verifyFailed,
            variant: 'destructive',
          });
          showServerFieldErrors(error);
        },
      },
    );
  }

  return { add, verify, pending: addArtist.isPending || verifyArtist.isPending, verifying: verifyArtist.isPending };
}
