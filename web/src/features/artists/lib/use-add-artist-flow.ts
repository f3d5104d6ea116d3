import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useReducer, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { ARTIST_MESSAGES, MEDIA_MESSAGES, type TArtistSearchResult } from '@app/contracts';
import { LINK_PLATFORMS, MIN_ARTIST_LINKS, type CanonicalLink } from '@app/domain';
import { toast } from '@/components/ui/toast';
import { canAddEntries } from '@/lib/catalog/add-flow';
import { useDuplicateSearch } from '@/lib/catalog/use-duplicate-search';
import { useSession } from '@/lib/session/auth-user-query';
import { useMediaUpload, type MediaUpload } from '@/lib/uploads/use-media-upload';
import { useContractForm } from '@/lib/use-contract-form';
import {
  artistRewardPreviewQueryOptions,
  artistSearchQueryOptions,
  artistVerificationQueryOptions,
  type ArtistSearchParams,
} from '../api/artists';
import {
  addArtistReducer,
  INITIAL_ADD_ARTIST_STATE,
  type AddArtistAction,
  type FanMessageValues,
} from './add-artist-reducer';
import {
  checkLinks,
  EMPTY_ARTIST_FORM,
  filledLinkCount,
  linkFieldsOf,
  linkValuesOf,
  newLinksFor,
  ZArtistForm,
  type ArtistFormValues,
} from './artist-form';
import { MIN_SEARCH_LENGTH } from './list-search';
import { useArtistWrites } from './use-artist-writes';

/** docs/product.md §9: the artist search waits for typing to pause this long. */
const SEARCH_DEBOUNCE_MS = 300;

function searchParamsOf(name: string, links: readonly CanonicalLink[]): ArtistSearchParams {
  const { fields } = linkFieldsOf(links);
  return {
    q: name.trim(),
    links: {
      ...(fields.spotifyUrl ? { spotifyUrl: fields.spotifyUrl } : {}),
      ...(fields.bandcampUrl ? { bandcampUrl: fields.bandcampUrl } : {}),
      ...(fields.soundcloudUrl ? { soundcloudUrl: fields.soundcloudUrl } : {}),
      ...(fields.websiteUrl ? { websiteUrl: fields.websiteUrl } : {}),
      socialUrls: fields.socialUrls,
    },
  };
}

function fanMessageRewardOf(values: FanMessageValues, upload: MediaUpload['status']) {
  if (!values.record || upload !== 'done') return undefined;
  return values.message.trim() ? ('ready' as const) : ('needs-message' as const);
}

function refuse(title: string, description: string) {
  toast({ title, description, variant: 'destructive' });
}

/** docs/product.md §2 "Add artist (/add-artist)": the form, the duplicate search and what each step does. */
export function useAddArtistFlow() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const form = useContractForm(ZArtistForm, EMPTY_ARTIST_FORM);
  const values = useWatch({ control: form.control }) as ArtistFormValues;
  const preview = useQuery(artistRewardPreviewQueryOptions());
  const video = useMediaUpload('fan-video');
  const [state, dispatch] = useReducer(addArtistReducer, INITIAL_ADD_ARTIST_STATE);
  const { loaded, candidate } = state;

  const checked = checkLinks(values);
  const filled = filledLinkCount(values);
  // docs/product.md §4 "Artist search": from 2 characters, 300 ms after typing pauses, with the links typed so far.
  const similar = useDuplicateSearch({
    params: searchParamsOf(values.name, checked.links),
    debounceMs: SEARCH_DEBOUNCE_MS,
    minLength: MIN_SEARCH_LENGTH,
    active: !loaded && user !== null,
    dismissed: state.dismissed,
    query: artistSearchQueryOptions,
  });

  function restart(action: AddArtistAction) {
    form.reset(EMPTY_ARTIST_FORM);
    video.reset();
    dispatch(action);
  }

  const writes = useArtistWrites({ form, checked, user, state, video, dispatch, restart });

  /** 'Load this artist': its stored links go into the Link Hub, to add the ones it is missing. */
  async function load(artist: TArtistSearchResult) {
    if (!user) return;
    dispatch({ type: 'loading', id: artist.id });
    // docs/product.md §7: a failed check is treated as not verified, which asks 'Is this them?' instead.
    const status = await queryClient.fetchQuery(artistVerificationQueryOptions(artist.id, user.id)).catch(() => null);
    dispatch({ type: 'loading', id: null });
    if (!status?.hasVerified) {
      dispatch({ type: 'candidate', candidate: artist });
      return;
    }
    form.reset({
      ...EMPTY_ARTIST_FORM,
      name: artist.name,
      artistType: artist.artistType,
      genre: artist.genre,
      secondaryGenre: artist.secondaryGenre ?? '',
      recordLabel: artist.recordLabel ?? '',
      bio: artist.bio ?? '',
      ...linkValuesOf(status.existingLinks),
    });
    dispatch({ type: 'loaded', loaded: { artist, existingLinks: status.existingLinks } });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canAddEntries(user)) return dispatch({ type: 'verificationRequired', open: true });
    if (loaded) {
      void form.trigger(LINK_PLATFORMS, { shouldFocus: true }).then((ok) => ok && writes.verify(loaded.artist));
      return;
    }
    if (filled < MIN_ARTIST_LINKS) return refuse(ARTIST_MESSAGES.moreLinksTitle, ARTIST_MESSAGES.moreLinks);
    if (!state.attested) return refuse(ARTIST_MESSAGES.confirmationTitle, ARTIST_MESSAGES.confirmation);
    if (state.fanMessage.record && video.status !== 'done')
      return refuse(MEDIA_MESSAGES.videoRequiredTitle, MEDIA_MESSAGES.videoRequired);
    void form.handleSubmit(writes.add)();
  }

  return {
    form,
    values,
    state,
    dispatch,
    preview: preview.data,
    video,
    filled,
    similar,
    /** The form's links the candidate lacks, and those the loaded artist lacks: each earns the link reward. */
    candidateNewLinks: candidate ? newLinksFor(checked.links, candidate.links).length : 0,
    loadedNewLinks: loaded ? newLinksFor(checked.links, loaded.existingLinks).length : 0,
    /** The same conditions as sendFanMessage in use-artist-writes: a video and words are sent and paid. */
    fanMessageReward: fanMessageRewardOf(state.fanMessage, video.status),
    writes,
    restart,
    load,
    submit,
  };
}
