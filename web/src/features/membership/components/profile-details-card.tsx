import { useQuery } from '@tanstack/react-query';
import { AtSign, CircleCheck, CircleX, Save } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cleanUsername, MAX_PROFILE_GENRES, MEDIA_LIMITS, PROFILE_MESSAGES, type TAuthUser } from '@app/contracts';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FileUpload } from '@/components/ui/file-upload';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { serverMessageOr } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { userInitials } from '@/lib/session/user-identity';
import { useMediaUpload } from '@/lib/uploads/use-media-upload';
import { checkUsername, useProfilePhotoMutation, useUpdateProfileMutation } from '../api/profile';
import { GenreInput } from './genre-input';

/** docs/product.md §9: the username check waits for 500 ms of no typing. */
const USERNAME_CHECK_DELAY_MS = 500;

/** Card 1, My Details: username, profile photo, three genres. */
export function ProfileDetailsCard({ user }: { user: TAuthUser }) {
  return (
    <Card className="p-6 sm:p-7">
      <h2 className="font-display text-xl font-semibold tracking-tight">My Details</h2>
      <div className="mt-6 flex flex-col gap-8">
        <UsernameEditor user={user} />
        <ProfilePhoto user={user} />
        <GenresEditor user={user} />
      </div>
    </Card>
  );
}

/** The profile photo: uploaded straight to storage, checked and re-encoded by the api, then set. */
function ProfilePhoto({ user }: { user: TAuthUser }) {
  const upload = useMediaUpload('profile-photo');
  const photo = useProfilePhotoMutation(user.id);
  const checkedUrl = upload.status === 'done' ? upload.media?.url : undefined;
  const { mutate: setPhoto } = photo;
  const { reset: resetUpload } = upload;

  const applied = useRef<string | null>(null);

  // Once the api has checked the upload, it becomes the profile picture (once per upload).
  useEffect(() => {
    if (!checkedUrl || applied.current === checkedUrl) return;
    applied.current = checkedUrl;
    setPhoto(checkedUrl, {
      onSuccess: () => {
        resetUpload();
        toast({ title: PROFILE_MESSAGES.photoUpdated, description: PROFILE_MESSAGES.photoUpdatedDetail });
      },
      onError: () => toast({ title: 'Error', description: PROFILE_MESSAGES.photoFailed, variant: 'destructive' }),
    });
  }, [checkedUrl, setPhoto, resetUpload]);

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <Avatar src={user.profileImageUrl} fallback={userInitials(user)} size="lg" className="size-20 text-2xl" />
      <FileUpload
        className="min-w-0 flex-1"
        label="Profile photo"
        hint={PROFILE_MESSAGES.photoGuidance}
        accept={MEDIA_LIMITS['profile-photo'].accept}
        status={photo.isPending ? 'checking' : upload.status}
        progress={upload.progress}
        fileName={upload.fileName}
        error={upload.problem?.description}
        onSelect={(file) => {
          const refused = upload.select(file);
          if (refused) toast({ title: refused.title, description: refused.description, variant: 'destructive' });
        }}
        onPause={upload.pause}
        onResume={upload.resume}
        onCancel={upload.cancel}
      />
    </div>
  );
}

/**
 * docs/product.md §4 "Username editing": typing cleans the value and clears any error; 500 ms after it stops
 * changing (and differs from the saved one) availability is checked; Save Username shows only for a
 * new, non-empty name and is disabled while it is taken or saving.
 */
function UsernameEditor({ user }: { user: TAuthUser }) {
  const saved = user.username ?? '';
  const [value, setValue] = useState(saved);
  const update = useUpdateProfileMutation(user.id);
  const settled = useDebouncedValue(value, USERNAME_CHECK_DELAY_MS);
  const checking = settled === value && value !== '' && value !== saved;
  const check = useQuery({
    queryKey: ['/api/users/check-username', settled],
    queryFn: ({ signal }) => checkUsername(settled, signal),
    enabled: checking,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const taken = checking && check.data === false;
  const status = !checking
    ? null
    : check.isError
      ? { ok: false, text: PROFILE_MESSAGES.usernameCheckFailed }
      : check.data === true
        ? { ok: true, text: PROFILE_MESSAGES.usernameAvailable }
        : check.data === false
          ? { ok: false, text: PROFILE_MESSAGES.usernameTaken }
          : null;

  function save() {
    update.mutate(
      { username: value },
      {
        onSuccess: (next) => {
          setValue(next.username ?? '');
          toast({ title: PROFILE_MESSAGES.usernameSaved, description: PROFILE_MESSAGES.usernameSavedDetail });
        },
        onError: (error) =>
          toast({
            title: PROFILE_MESSAGES.usernameSaveFailedTitle,
            description: serverMessageOr(error, PROFILE_MESSAGES.usernameSaveFailed),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <Field
        label="Username"
        help={PROFILE_MESSAGES.usernameHelp}
        error={taken ? PROFILE_MESSAGES.usernameTaken : undefined}
      >
        <div className="relative">
          <AtSign
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            value={value}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={30}
            placeholder="yourname"
            className="pl-10"
            onChange={(event) => setValue(cleanUsername(event.target.value))}
          />
        </div>
      </Field>
      {status?.ok && (
        <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-accent">
          <CircleCheck aria-hidden="true" className="size-4" />
          {status.text}
        </p>
      )}
      {status && !status.ok && !taken && (
        <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-destructive-text">
          <CircleX aria-hidden="true" className="size-4" />
          {status.text}
        </p>
      )}
      {value !== '' && value !== saved && (
        <Button
          size="sm"
          className="self-start"
          onClick={save}
          disabled={taken}
          loading={update.isPending}
          loadingText="Saving..."
        >
          <Save aria-hidden="true" />
          Save Username
        </Button>
      )}
    </div>
  );
}

/** Three genre slots; empty ones are dropped on save (docs/product.md §5). */
function GenresEditor({ user }: { user: TAuthUser }) {
  const [genres, setGenres] = useState(() =>
    Array.from({ length: MAX_PROFILE_GENRES }, (_, index) => user.genres[index] ?? ''),
  );
  const update = useUpdateProfileMutation(user.id);

  function save() {
    update.mutate(
      { genres: genres.map((genre) => genre.trim()).filter(Boolean) },
      {
        onSuccess: (next) => {
          setGenres(Array.from({ length: MAX_PROFILE_GENRES }, (_, index) => next.genres[index] ?? ''));
          toast({ title: PROFILE_MESSAGES.profileSaved, description: PROFILE_MESSAGES.profileSavedDetail });
        },
        onError: (error) =>
          toast({
            title: PROFILE_MESSAGES.profileSaveFailedTitle,
            description: serverMessageOr(error, PROFILE_MESSAGES.profileSaveFailed),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 text-sm font-medium">Favorite genres (up to {MAX_PROFILE_GENRES})</legend>
      {genres.map((genre, index) => (
        <GenreInput
          key={index}
          label={`Genre ${index + 1}`}
          value={genre}
          onChange={(next) => setGenres((all) => all.map((g, i) => (i === index ? next : g)))}
        />
      ))}
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={save}
        loading={update.isPending}
        loadingText="Saving..."
      >
        <Save aria-hidden="true" />
        Save Genres
      </Button>
    </fieldset>
  );
}
