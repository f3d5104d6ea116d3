import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, Plus, Save, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import {
  VENUE_MESSAGES,
  ZApiError,
  type TAddVenueResponse,
  type TVenueInput,
  type TVenueSearchResult,
} from '@app/contracts';
import { US_STATES, VENUE_AGE_RESTRICTIONS, VENUE_SOUND_SYSTEMS, VENUE_TYPES } from '@app/domain';
import { AppPage } from '@/components/ui/app-page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { AddFormActions, FormSection, LoadedNotice } from '@/lib/catalog/form-section';
import { formatPayola } from '@/lib/catalog/format';
import { useSession } from '@/lib/session/auth-user-query';
import { VerificationRequiredDialog } from '@/lib/session/verification-required-dialog';
import { useContractForm } from '@/lib/use-contract-form';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  useAddVenueMutation,
  useConfirmVenueDuplicateMutation,
  useUpdateVenueMutation,
  venueRewardPreviewQueryOptions,
  venueSearchQueryOptions,
  type VenueSearchParams,
} from '../api/venues';
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS } from '../lib/list-search';
import {
  checkSocialLinks,
  EMPTY_VENUE_FORM,
  formErrorsOf,
  formValuesOf,
  venueInputOf,
  ZVenueForm,
  type VenueFormValues,
} from '../lib/venue-form';
import { ConfirmDuplicateDialog, LoadVenueDialog, VenueAddedDialog } from './add-venue-dialogs';
import { SimilarVenues } from './similar-venues';

type Mode = 'add' | 'add-another';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const TYPE_OPTIONS = options(VENUE_TYPES);
const STATE_OPTIONS = options(US_STATES);
const AGE_OPTIONS = options(VENUE_AGE_RESTRICTIONS);
const SOUND_OPTIONS = options(VENUE_SOUND_SYSTEMS);
const MAX_SOCIAL_ROWS = 10;

function canAddVenues(user: { role: string; verified: boolean } | null): boolean {
  return user !== null && user.role === 'fan' && user.verified;
}

/** Spec §2 "Add venue (/add-venue)". */
export function AddVenuePage() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const form = useContractForm(ZVenueForm, EMPTY_VENUE_FORM);
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as VenueFormValues;
  const preview = useQuery(venueRewardPreviewQueryOptions());
  const addVenue = useAddVenueMutation();
  const updateVenue = useUpdateVenueMutation();
  const confirmDuplicate = useConfirmVenueDuplicateMutation();

  const [mode, setMode] = useState<Mode>('add');
  const [socialRows, setSocialRows] = useState<string[]>(['']);
  const [socialErrors, setSocialErrors] = useState<Record<number, string>>({});
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [loaded, setLoaded] = useState<TVenueSearchResult | null>(null);
  const [candidate, setCandidate] = useState<TVenueSearchResult | null>(null);
  const [toLoad, setToLoad] = useState<TVenueSearchResult | null>(null);
  const [verificationRequired, setVerificationRequired] = useState(false);
  const [added, setAdded] = useState<TAddVenueResponse | null>(null);

  // Spec §5: the venue search starts at 2 characters, 500 ms after typing pauses.
  const searchKey = useDebouncedValue(
    JSON.stringify({
      q: values.name.trim(),
      city: values.city.trim() || undefined,
      state: values.state || undefined,
      websiteUrl: values.websiteUrl.trim() || undefined,
      socialUrls: socialRows.map((row) => row.trim()).filter(Boolean),
    } satisfies VenueSearchParams),
    SEARCH_DEBOUNCE_MS,
  );
  const searchParams = JSON.parse(searchKey) as VenueSearchParams;
  const searching = !loaded && searchParams.q.length >= MIN_SEARCH_LENGTH && user !== null;
  const search = useQuery({ ...venueSearchQueryOptions(searchParams), enabled: searching });
  // Spec §8 "Search": a failed search shows no results and no message.
  const similar = searching && !search.isError ? (search.data ?? []).filter((v) => !dismissed.has(v.id)) : [];

  function startFresh(nextMode: Mode) {
    form.reset(EMPTY_VENUE_FORM);
    setSocialRows(['']);
    setSocialErrors({});
    setDismissed(new Set());
    setLoaded(null);
    setCandidate(null);
    setMode(nextMode);
  }

  function showServerErrors(error: unknown) {
    const body = isApiError(error) ? ZApiError.safeParse(error.body) : undefined;
    if (!body?.success) return;
    const { fields, social } = formErrorsOf(body.data.fieldErrors, socialRows);
    form.setServerErrors(fields);
    setSocialErrors(social);
  }

  function refusedAsUnverified(error: unknown): boolean {
    if (isApiError(error) && error.status === 403 && error.serverMessage === VENUE_MESSAGES.verifiedFansOnly) {
      setVerificationRequired(true);
      return true;
    }
    return false;
  }

  function save(venue: TVenueInput) {
    const onError = (error: unknown) => {
      if (refusedAsUnverified(error)) return;
      toast({
        title: VENUE_MESSAGES.addFailedTitle,
        description: serverMessageOr(error, 'Please try again.'),
        variant: 'destructive',
      });
      showServerErrors(error);
    };
    if (loaded) {
      updateVenue.mutate(
        { id: loaded.id, body: { venue } },
        {
          onSuccess: (result) => {
            toast({ title: 'Venue updated', description: `Your changes to ${result.name} are saved.` });
            startFresh('add');
          },
          onError,
        },
      );
      return;
    }
    addVenue.mutate(
      { venue },
      {
        onSuccess: (result) => {
          startFresh('add-another');
          setAdded(result);
        },
        onError,
      },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canAddVenues(user)) {
      setVerificationRequired(true);
      return;
    }
    const rowErrors = checkSocialLinks(values, socialRows);
    setSocialErrors(rowErrors);
    void form.handleSubmit(() => {
      if (Object.keys(rowErrors).length > 0) {
        document.getElementById(socialRowId(Number(Object.keys(rowErrors)[0])))?.focus();
        return;
      }
      save(venueInputOf(form.getValues(), socialRows));
    })();
  }

  function confirm(venue: TVenueSearchResult) {
    if (!canAddVenues(user)) {
      setCandidate(null);
      setVerificationRequired(true);
      return;
    }
    confirmDuplicate.mutate(venue.id, {
      onSuccess: (result) => {
        setCandidate(null);
        // Spec §4 "Venue flow": the toast, then the form starts again.
        toast(
          result.alreadyConfirmed
            ? { title: 'Already confirmed', description: `You confirmed ${venue.name} before.` }
            : { title: VENUE_MESSAGES.duplicateConfirmedTitle, description: VENUE_MESSAGES.duplicateConfirmed },
        );
        startFresh('add-another');
      },
      onError: (error) => {
        setCandidate(null);
        if (refusedAsUnverified(error)) return;
        toast({
          title: VENUE_MESSAGES.confirmFailedTitle,
          description: serverMessageOr(error, 'Please try again.'),
          variant: 'destructive',
        });
      },
    });
  }

  function load(venue: TVenueSearchResult) {
    const { values: loadedValues, socialRows: rows } = formValuesOf(venue);
    form.reset(loadedValues);
    setSocialRows(rows);
    setSocialErrors({});
    setLoaded(venue);
    setToLoad(null);
    setMode('add-another');
    toast({
      title: VENUE_MESSAGES.loaded,
      description: `${venue.name} is in the form: change what you need and save.`,
    });
    void queryClient.invalidateQueries({ queryKey: ['/api/venues', venue.id] });
  }

  const setRow = (index: number, value: string) => {
    setSocialRows((rows) => rows.map((row, i) => (i === index ? value : row)));
    setSocialErrors(({ [index]: _fixed, ...rest }) => rest);
  };

  const pending = addVenue.isPending || updateVenue.isPending;
  const reward = preview.data?.addVenue;

  return (
    <AppPage
      eyebrow={mode === 'add' ? 'Add' : 'Keep going'}
      title="Add a Music Venue"
      width="max-w-3xl"
      intro="Put a venue you love on the map so fans and artists can find it. We check for venues already here as you type."
    >
      <AddFormActions
        backTo="/venues"
        backLabel="Back to Venues"
        onStartFresh={mode === 'add-another' ? () => startFresh('add') : undefined}
      />

      <form
        {...form.formProps}
        onSubmit={submit}
        aria-label={loaded ? `Update ${loaded.name}` : 'Add a venue'}
        className="mt-6 flex animate-rise flex-col gap-6 [animation-delay:140ms]"
      >
        {loaded && (
          <LoadedNotice>
            <strong className="font-semibold">{loaded.name}</strong> is loaded. You added this venue: change what you
            need and save it.
          </LoadedNotice>
        )}

        <FormSection number={1} title="Venue Identity" description="Where is it, and what kind of place is it?">
          <div className="flex flex-col gap-5">
            <Field label="Venue Name" error={errors.name?.message} required>
              <SearchInput autoComplete="off" placeholder="Start typing the venue's name" {...form.register('name')} />
            </Field>
            {similar.length > 0 && (
              <SimilarVenues
                results={similar}
                onConfirm={setCandidate}
                onLoad={setToLoad}
                onDismiss={() => setDismissed((ids) => new Set([...ids, ...similar.map((v) => v.id)]))}
              />
            )}
            <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
              <Field label="Venue Type" error={errors.venueType?.message} required>
                <Select placeholder="Choose a venue type" options={TYPE_OPTIONS} {...form.register('venueType')} />
              </Field>
              <Field label="Capacity" error={errors.capacity?.message} optional>
                <Input type="text" inputMode="numeric" autoComplete="off" {...form.register('capacity')} />
              </Field>
              <Field label="Street Address" error={errors.streetAddress?.message} optional className="sm:col-span-2">
                <Input autoComplete="street-address" {...form.register('streetAddress')} />
              </Field>
              <Field label="City" error={errors.city?.message} required>
                <Input autoComplete="address-level2" {...form.register('city')} />
              </Field>
              <Field label="State" error={errors.state?.message} required>
                <Select placeholder="Choose a state" options={STATE_OPTIONS} {...form.register('state')} />
              </Field>
              <Field label="Country" error={errors.country?.message} optional>
                <Input autoComplete="country-name" {...form.register('country')} />
              </Field>
              <Field label="Age Restriction" error={errors.ageRestriction?.message} optional>
                <Select placeholder="Not specified" options={AGE_OPTIONS} {...form.register('ageRestriction')} />
              </Field>
              <Field label="Sound System" error={errors.soundSystem?.message} optional>
                <Select placeholder="Not specified" options={SOUND_OPTIONS} {...form.register('soundSystem')} />
              </Field>
            </div>
            <Field label="Description" error={errors.bio?.message} optional>
              <Textarea rows={4} {...form.register('bio')} />
            </Field>
            <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
              <Field label="Phone" error={errors.phoneNumber?.message} optional>
                <Input type="tel" autoComplete="off" {...form.register('phoneNumber')} />
              </Field>
              <Field label="Email" error={errors.email?.message} optional>
                <Input type="email" autoComplete="off" {...form.register('email')} />
              </Field>
              <Field label="Website" error={errors.websiteUrl?.message} optional>
                <Input
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  autoCapitalize="none"
                  placeholder="https://yourvenue.com"
                  {...form.register('websiteUrl')}
                />
              </Field>
              <Field label="Booking Contact" error={errors.bookingContact?.message} optional>
                <Input autoComplete="off" {...form.register('bookingContact')} />
              </Field>
              <Field label="Accessibility" error={errors.accessibility?.message} optional>
                <Input autoComplete="off" {...form.register('accessibility')} />
              </Field>
              <Field label="Parking" error={errors.parking?.message} optional>
                <Input autoComplete="off" {...form.register('parking')} />
              </Field>
            </div>
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-1 font-display text-lg font-semibold">Social Links</legend>
              <p className="-mt-1 text-sm text-muted-foreground">
                The venue's Instagram, TikTok, YouTube, SoundCloud or Bandcamp pages. Blank rows are left out.
              </p>
              {socialRows.map((row, index) => (
                <div key={index} className="flex items-start gap-2">
                  <Field
                    label={`Social link ${index + 1}`}
                    id={socialRowId(index)}
                    error={socialErrors[index]}
                    className="flex-1"
                  >
                    <Input
                      type="url"
                      inputMode="url"
                      autoComplete="off"
                      spellCheck={false}
                      autoCapitalize="none"
                      placeholder="https://instagram.com/yourvenue"
                      value={row}
                      onChange={(event) => setRow(index, event.target.value)}
                    />
                  </Field>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="mt-7"
                    aria-label={`Remove social link ${index + 1}`}
                    disabled={socialRows.length === 1}
                    onClick={() => {
                      setSocialRows((rows) => rows.filter((_, i) => i !== index));
                      setSocialErrors({});
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              ))}
              <Button
                variant="outline"
                size="sm"
                className="self-start"
                disabled={socialRows.length >= MAX_SOCIAL_ROWS}
                onClick={() => setSocialRows((rows) => [...rows, ''])}
              >
                <Plus aria-hidden="true" />
                Add Social Link
              </Button>
            </fieldset>
          </div>
        </FormSection>

        <Card className="gap-5 p-6 sm:p-7">
          {loaded ? (
            <Button type="submit" size="lg" block loading={pending} loadingText="Saving Venue...">
              <Save aria-hidden="true" />
              Save Venue Changes
            </Button>
          ) : (
            <Button
              type="submit"
              size="lg"
              block
              loading={pending}
              loadingText="Adding Venue..."
              className="h-auto min-h-13 py-3 whitespace-normal"
            >
              <Building2 aria-hidden="true" />
              {/* product-decisions.md: the button shows what this fan will really earn. */}
              {reward ? `Add Venue & Earn ${formatPayola(reward)} Payola! 🎉` : 'Add Venue'}
            </Button>
          )}
        </Card>
      </form>

      <ConfirmDuplicateDialog
        venue={candidate}
        reward={candidate?.hasUserConfirmed ? 0 : preview.data?.confirmDuplicate}
        pending={confirmDuplicate.isPending}
        onConfirm={() => candidate && confirm(candidate)}
        onClose={() => {
          if (candidate) setDismissed((ids) => new Set([...ids, candidate.id]));
          setCandidate(null);
        }}
      />
      <LoadVenueDialog venue={toLoad} onLoad={() => toLoad && load(toLoad)} onClose={() => setToLoad(null)} />
      <VenueAddedDialog
        result={added}
        onClose={() => setAdded(null)}
        onAnother={() => {
          setAdded(null);
          startFresh('add');
        }}
      />
      <VerificationRequiredDialog open={verificationRequired} onOpenChange={setVerificationRequired} />
    </AppPage>
  );
}

function socialRowId(index: number): string {
  return `venue-social-link-${index}`;
}
