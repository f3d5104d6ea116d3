import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Link2, Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import {
  ARTIST_ATTESTATION,
  ARTIST_MESSAGES,
  LINK_PLATFORM_LABELS,
  MEDIA_MESSAGES,
  ZApiError,
  type TAddArtistResponse,
  type TArtistInput,
  type TArtistLink,
  type TArtistSearchResult,
} from '@app/contracts';
import { ARTIST_GENRES, ARTIST_TYPES, LINK_PLATFORMS, MIN_ARTIST_LINKS, type LinkPlatform } from '@app/domain';
import { AppPage } from '@/components/ui/app-page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { useSession } from '@/lib/session/auth-user-query';
import { useMediaUpload } from '@/lib/uploads/use-media-upload';
import { VerificationRequiredDialog } from '@/lib/session/verification-required-dialog';
import { AddFormActions, FormSection, LoadedNotice } from '@/lib/catalog/form-section';
import { useContractForm } from '@/lib/use-contract-form';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import {
  artistRewardPreviewQueryOptions,
  artistSearchQueryOptions,
  artistVerificationQueryOptions,
  useAddArtistMutation,
  useVerifyArtistMutation,
  type ArtistSearchParams,
} from '../api/artists';
import { usePostFanMessageMutation } from '../api/fan-messages';
import {
  checkLinks,
  EMPTY_ARTIST_FORM,
  filledLinkCount,
  formErrorsOf,
  hasEnoughLinks,
  LINK_PLACEHOLDERS,
  linkFieldsOf,
  linkValuesOf,
  newLinksFor,
  ZArtistForm,
  type ArtistFormValues,
} from '../lib/artist-form';
import { MIN_SEARCH_LENGTH } from '../lib/list-search';
import { EMPTY_FAN_MESSAGE, FanMessageSection, type FanMessageValues } from './fan-message-section';
import { ArtistAddedDialog, ArtistVerifiedDialog, SameArtistDialog, type VerifiedResult } from './add-artist-dialogs';
import { RewardSummary } from './reward-summary';
import { SimilarArtists } from './similar-artists';

/** Spec §9: the artist search waits for typing to pause this long. */
const SEARCH_DEBOUNCE_MS = 300;

const TYPE_OPTIONS = ARTIST_TYPES.map((type) => ({ value: type, label: type }));
const GENRE_OPTIONS = ARTIST_GENRES.map((genre) => ({ value: genre, label: genre }));

/** Spec §4 "Add pages mode". */
type Mode = 'add' | 'add-another';

/** An artist this fan verified earlier, loaded into the Link Hub to add the links it is missing. */
interface LoadedArtist {
  artist: TArtistSearchResult;
  existingLinks: TArtistLink[];
}

/** Spec §6: only a verified fan adds or verifies artists. */
function canAddArtists(user: { role: string; verified: boolean } | null): boolean {
  return user?.role === 'fan' && user.verified;
}

function searchParamsOf(name: string, links: ReturnType<typeof checkLinks>['links']): ArtistSearchParams {
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

/** Spec §2 "Add artist (/add-artist)". */
export function AddArtistPage() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const form = useContractForm(ZArtistForm, EMPTY_ARTIST_FORM);
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as ArtistFormValues;
  const preview = useQuery(artistRewardPreviewQueryOptions());
  const addArtist = useAddArtistMutation();
  const verifyArtist = useVerifyArtistMutation();
  const postFanMessage = usePostFanMessageMutation();
  const video = useMediaUpload('fan-video');
  const [fanMessage, setFanMessage] = useState<FanMessageValues>(EMPTY_FAN_MESSAGE);

  const [mode, setMode] = useState<Mode>('add');
  const [attested, setAttested] = useState(false);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [loaded, setLoaded] = useState<LoadedArtist | null>(null);
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const [candidate, setCandidate] = useState<TArtistSearchResult | null>(null);
  const [verificationRequired, setVerificationRequired] = useState(false);
  const [added, setAdded] = useState<TAddArtistResponse | null>(null);
  const [verified, setVerified] = useState<VerifiedResult | null>(null);

  const checked = checkLinks(values);
  const filled = filledLinkCount(values);

  // Spec §4 "Artist search": from 2 characters, 300 ms after typing pauses, with the links typed so far.
  const searchKey = useDebouncedValue(JSON.stringify(searchParamsOf(values.name, checked.links)), SEARCH_DEBOUNCE_MS);
  const searchParams = JSON.parse(searchKey) as ArtistSearchParams;
  const searching = !loaded && searchParams.q.length >= MIN_SEARCH_LENGTH && user !== null;
  const search = useQuery({ ...artistSearchQueryOptions(searchParams), enabled: searching });
  // Spec §8 "Search": a failed search shows no results and no message.
  const similar = searching && !search.isError ? (search.data ?? []).filter((a) => !dismissed.has(a.id)) : [];

  const newLinks = candidate ? newLinksFor(checked.links, candidate.links).length : 0;
  const loadedNewLinks = loaded ? newLinksFor(checked.links, loaded.existingLinks).length : 0;

  function startFresh(nextMode: Mode) {
    form.reset(EMPTY_ARTIST_FORM);
    setAttested(false);
    setDismissed(new Set());
    setLoaded(null);
    setCandidate(null);
    setMode(nextMode);
    setFanMessage(EMPTY_FAN_MESSAGE);
    video.reset();
  }

  /** Spec §4 "New artist submit": the fan message follows the artist, when a video and a message exist. */
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
    const body = isApiError(error) ? ZApiError.safeParse(error.body) : undefined;
    if (body?.success)
      form.setServerErrors(formErrorsOf(body.data.fieldErrors, linkFieldsOf(checked.links).socialSources));
  }

  function refusedAsUnverified(error: unknown): boolean {
    if (isApiError(error) && error.status === 403 && error.serverMessage === ARTIST_MESSAGES.verifiedFansOnly) {
      setVerificationRequired(true);
      return true;
    }
    return false;
  }

  function add(artist: TArtistInput) {
    if (!hasEnoughLinks(checked.links)) {
      toast({ title: ARTIST_MESSAGES.moreLinksTitle, description: ARTIST_MESSAGES.moreLinks, variant: 'destructive' });
      return;
    }
    const message = fanMessage;
    const videoUrl = video.media?.url;
    addArtist.mutate(
      { artist, attested: true },
      {
        onSuccess: (result) => {
          startFresh('add-another');
          setAdded(result);
          sendFanMessage(result.id, message, videoUrl);
        },
        onError: (error) => {
          if (refusedAsUnverified(error)) return;
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
    if (!canAddArtists(user)) {
      setCandidate(null);
      setVerificationRequired(true);
      return;
    }
    if (Object.keys(checked.issues).length > 0) {
      // A link the server would refuse: show it at its input instead of sending it.
      setCandidate(null);
      void form.trigger(Object.keys(checked.issues) as LinkPlatform[], { shouldFocus: true });
      return;
    }
    verifyArtist.mutate(
      { artistId: artist.id, links: linkFieldsOf(checked.links).fields },
      {
        onSuccess: (response) => {
          startFresh('add-another');
          setVerified({ response, name: artist.name });
        },
        onError: (error) => {
          setCandidate(null);
          if (refusedAsUnverified(error)) return;
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

  /** 'Load this artist': its stored links go into the Link Hub, to add the ones it is missing. */
  async function load(artist: TArtistSearchResult) {
    if (!user) return;
    setLoadingId(artist.id);
    // Spec §7: a failed check is treated as not verified, which asks 'Is this them?' instead.
    const status = await queryClient.fetchQuery(artistVerificationQueryOptions(artist.id, user.id)).catch(() => null);
    setLoadingId(null);
    if (!status?.hasVerified) {
      setCandidate(artist);
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
    setLoaded({ artist, existingLinks: status.existingLinks });
    setAttested(false);
    setMode('add-another');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canAddArtists(user)) {
      setVerificationRequired(true);
      return;
    }
    if (loaded) {
      void form.trigger(LINK_PLATFORMS, { shouldFocus: true }).then((ok) => ok && verify(loaded.artist));
      return;
    }
    if (filled < MIN_ARTIST_LINKS) {
      toast({ title: ARTIST_MESSAGES.moreLinksTitle, description: ARTIST_MESSAGES.moreLinks, variant: 'destructive' });
      return;
    }
    if (!attested) {
      toast({
        title: ARTIST_MESSAGES.confirmationTitle,
        description: ARTIST_MESSAGES.confirmation,
        variant: 'destructive',
      });
      return;
    }
    if (fanMessage.record && video.status !== 'done') {
      toast({
        title: MEDIA_MESSAGES.videoRequiredTitle,
        description: MEDIA_MESSAGES.videoRequired,
        variant: 'destructive',
      });
      return;
    }
    void form.handleSubmit(add)();
  }

  const pending = addArtist.isPending || verifyArtist.isPending;

  return (
    <AppPage
      eyebrow={mode === 'add' ? 'Add' : 'Keep going'}
      title={mode === 'add' ? 'Add an Amazing Artist!' : 'Please add another artist!'}
      width="max-w-3xl"
      intro="Put an artist you love on the map. Add their profile links so other fans can verify them, and earn Payola for every one."
    >
      <AddFormActions
        backTo="/artists"
        backLabel="Back to Artists"
        onStartFresh={mode === 'add-another' ? () => startFresh('add') : undefined}
      />

      <form
        {...form.formProps}
        onSubmit={submit}
        aria-label={mode === 'add' ? 'Add an artist' : 'Add another artist'}
        className="mt-6 flex animate-rise flex-col gap-6 [animation-delay:140ms]"
      >
        {loaded && (
          <LoadedNotice>
            <strong className="font-semibold">{loaded.artist.name}</strong> is loaded with the links it has. You
            verified this artist already: add any links it is missing below and save them.
          </LoadedNotice>
        )}

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
                readOnly={loaded !== null}
                className={cn(loaded && 'opacity-60')}
                {...form.register('name')}
              />
            </Field>
            {similar.length > 0 && (
              <SimilarArtists
                results={similar}
                loadingId={loadingId}
                onConfirm={(artist) => setCandidate(artist)}
                onLoad={(artist) => void load(artist)}
                onDismiss={() => setDismissed((ids) => new Set([...ids, ...similar.map((a) => a.id)]))}
              />
            )}
            <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
              <Field label="Act Type" error={errors.artistType?.message} required>
                <Select
                  placeholder="Choose an act type"
                  options={TYPE_OPTIONS}
                  disabled={loaded !== null}
                  {...form.register('artistType')}
                />
              </Field>
              <Field label="Primary Genre" error={errors.genre?.message} required>
                <Select
                  placeholder="Choose a genre"
                  options={GENRE_OPTIONS}
                  disabled={loaded !== null}
                  {...form.register('genre')}
                />
              </Field>
              <Field label="Secondary Genre" error={errors.secondaryGenre?.message} optional>
                <Select
                  placeholder="None"
                  options={GENRE_OPTIONS}
                  disabled={loaded !== null}
                  {...form.register('secondaryGenre')}
                />
              </Field>
              <Field
                label="Record Label"
                error={errors.recordLabel?.message}
                optional
                help="Leave blank if independent or unknown."
              >
                <Input
                  autoComplete="off"
                  readOnly={loaded !== null}
                  className={cn(loaded && 'opacity-60')}
                  {...form.register('recordLabel')}
                />
              </Field>
            </div>
          </div>
        </FormSection>

        <FormSection
          number={2}
          title="Link Hub"
          description="Paste the artist's own pages. Other fans use them to check it's really them."
          aside={<LinkCounter filled={filled} />}
        >
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            {LINK_PLATFORMS.map((platform) => (
              <Field key={platform} label={LINK_PLATFORM_LABELS[platform]} error={errors[platform]?.message}>
                <Input
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  autoCapitalize="none"
                  placeholder={LINK_PLACEHOLDERS[platform]}
                  {...form.register(platform)}
                />
              </Field>
            ))}
          </div>
          {filled < MIN_ARTIST_LINKS && (
            <p className="mt-5 flex items-start gap-2 rounded-xl border border-border-strong bg-surface-raised px-4 py-3 text-sm text-muted-foreground">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
              Add at least {MIN_ARTIST_LINKS} profile links so other fans can verify this artist.
            </p>
          )}
        </FormSection>

        <FormSection
          number={3}
          title="Tell Their Story"
          description="What makes them worth hearing? Optional, but fans love it."
        >
          <Field label="Bio" error={errors.bio?.message} optional>
            <Textarea
              rows={5}
              readOnly={loaded !== null}
              className={cn(loaded && 'opacity-60')}
              {...form.register('bio')}
            />
          </Field>
        </FormSection>

        {!loaded && (
          <FormSection
            number={4}
            title="Fan Message"
            description="Tell the artist what their music means to you, on video. Optional."
          >
            <FanMessageSection values={fanMessage} onChange={setFanMessage} upload={video} />
          </FormSection>
        )}

        <RewardSummary preview={preview.data} links={loaded ? loadedNewLinks : filled} linksOnly={loaded !== null} />

        <Card className="gap-5 p-6 sm:p-7">
          {!loaded && <Checkbox label={ARTIST_ATTESTATION} checked={attested} onCheckedChange={setAttested} />}
          <SubmitButton
            values={values}
            filled={filled}
            attested={attested}
            loaded={loaded}
            newLinks={loadedNewLinks}
            pending={pending}
          />
        </Card>
      </form>

      <SameArtistDialog
        artist={candidate}
        preview={preview.data}
        newLinks={newLinks}
        pending={verifyArtist.isPending}
        onConfirm={() => candidate && verify(candidate)}
        onReject={() => {
          if (candidate) setDismissed((ids) => new Set([...ids, candidate.id]));
          setCandidate(null);
        }}
        onClose={() => setCandidate(null)}
      />
      <ArtistAddedDialog
        result={added}
        onClose={() => setAdded(null)}
        onAnother={() => {
          setAdded(null);
          startFresh('add');
        }}
      />
      <ArtistVerifiedDialog
        result={verified}
        onClose={() => setVerified(null)}
        onAnother={() => {
          setVerified(null);
          startFresh('add');
        }}
      />
      <VerificationRequiredDialog open={verificationRequired} onOpenChange={setVerificationRequired} />
    </AppPage>
  );
}

function SubmitButton({
  values,
  filled,
  attested,
  loaded,
  newLinks,
  pending,
}: {
  values: ArtistFormValues;
  filled: number;
  attested: boolean;
  loaded: LoadedArtist | null;
  newLinks: number;
  pending: boolean;
}) {
  if (loaded) {
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
  // Spec §4 "Artist submit button", in this order.
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

function LinkCounter({ filled }: { filled: number }) {
  const enough = filled >= MIN_ARTIST_LINKS;
  return (
    <p
      aria-live="polite"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold tabular-nums transition-colors',
        enough
          ? 'border-accent/40 bg-accent-soft text-accent'
          : 'border-border-strong bg-surface-overlay text-muted-foreground',
      )}
    >
      <Link2 aria-hidden="true" className="size-4" />
      Links: {filled}/{LINK_PLATFORMS.length}
    </p>
  );
}
