import { Link } from '@tanstack/react-router';
import { ArrowRight, Plus, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { z } from 'zod';
import {
  CONTACT_METHODS,
  OUTREACH_MESSAGES,
  WAITLIST_GENRES,
  ZApiError,
  ZWaitlistRequest,
  type TWaitlistRequest,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { FocusedPage } from '@/components/ui/focused-page';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { CaptchaWidget, type CaptchaHandle } from '@/lib/captcha/captcha-widget';
import { useContractForm } from '@/lib/use-contract-form';
import { cn } from '@/lib/utils';
import { useJoinWaitlistMutation } from '../api/waitlist';

type ContactMethod = (typeof CONTACT_METHODS)[number];

/** The form's text fields, as typed (the lists and the captcha are kept beside them). */
const ZWaitlistTextFields = z.object({
  firstName: ZWaitlistRequest.shape.firstName,
  lastName: ZWaitlistRequest.shape.lastName,
  email: ZWaitlistRequest.shape.email,
  country: ZWaitlistRequest.shape.country,
  state: z.string().max(100, 'Please keep this under 100 characters'),
  city: ZWaitlistRequest.shape.city,
  mobilePhone: z.string().max(40, 'Please keep this under 40 characters'),
  whatsappNumber: z.string().max(40, 'Please keep this under 40 characters'),
});

const EMPTY_FORM = {
  firstName: '',
  lastName: '',
  email: '',
  country: '',
  state: '',
  city: '',
  mobilePhone: '',
  whatsappNumber: '',
};

const MESSAGES = {
  genres: 'Please select at least one music genre',
  methods: 'Please select at least one contact method',
  captcha: OUTREACH_MESSAGES.captchaRequired,
};

export function WaitlistPage() {
  const join = useJoinWaitlistMutation();
  const form = useContractForm(ZWaitlistTextFields, EMPTY_FORM);
  const { errors } = form.formState;
  const { register } = form;
  const [genres, setGenres] = useState<string[]>([]);
  const [customGenres, setCustomGenres] = useState<string[]>([]);
  const [customGenre, setCustomGenre] = useState('');
  const [methods, setMethods] = useState<ContactMethod[]>([]);
  const [token, setToken] = useState<string | null>(null);
  const [listErrors, setListErrors] = useState<{ genres?: string; methods?: string; captcha?: string }>({});
  const captcha = useRef<CaptchaHandle>(null);
  const genresRef = useRef<HTMLFieldSetElement>(null);
  const methodsRef = useRef<HTMLFieldSetElement>(null);

  function findListErrors(current: { genres: string[]; methods: ContactMethod[]; token: string | null }) {
    return {
      genres: current.genres.length === 0 ? MESSAGES.genres : undefined,
      methods: current.methods.length === 0 ? MESSAGES.methods : undefined,
      captcha: current.token ? undefined : MESSAGES.captcha,
    };
  }

  function checkLists() {
    const found = findListErrors({ genres, methods, token });
    setListErrors(found);
    return found;
  }

  /** A shown list error goes away as soon as it is fixed (as the text fields' do); a change never adds one. */
  function recheck(current: Partial<{ genres: string[]; methods: ContactMethod[]; token: string | null }>) {
    const next = findListErrors({ genres, methods, token, ...current });
    setListErrors((shown) => ({
      genres: shown.genres && next.genres,
      methods: shown.methods && next.methods,
      captcha: shown.captcha && next.captcha,
    }));
  }

  function toggleGenre(genre: string) {
    const next = genres.includes(genre) ? genres.filter((g) => g !== genre) : [...genres, genre];
    setGenres(next);
    recheck({ genres: next });
  }

  function addCustomGenre() {
    const genre = customGenre.trim();
    setCustomGenre('');
    if (!genre) return;
    const listed = WAITLIST_GENRES.find((g) => g.toLowerCase() === genre.toLowerCase());
    if (listed) {
      if (!genres.includes(listed)) toggleGenre(listed);
      return;
    }
    if (customGenres.some((g) => g.toLowerCase() === genre.toLowerCase())) return;
    setCustomGenres([...customGenres, genre]);
    const next = [...genres, genre];
    setGenres(next);
    recheck({ genres: next });
  }

  function removeCustomGenre(genre: string) {
    setCustomGenres(customGenres.filter((g) => g !== genre));
    const next = genres.filter((g) => g !== genre);
    setGenres(next);
    recheck({ genres: next });
  }

  function toggleMethod(method: ContactMethod, checked: boolean) {
    const next = checked ? [...methods, method] : methods.filter((m) => m !== method);
    setMethods(next);
    recheck({ methods: next });
  }

  function onCaptcha(next: string | null) {
    setToken(next);
    if (next) recheck({ token: next });
  }

  function focusFirstListError(found: ReturnType<typeof checkLists>) {
    if (found.genres) genresRef.current?.querySelector('button')?.focus();
    else if (found.methods) methodsRef.current?.querySelector('input')?.focus();
  }

  function resetAll() {
    form.reset(EMPTY_FORM);
    setGenres([]);
    setCustomGenres([]);
    setCustomGenre('');
    setMethods([]);
    setListErrors({});
    captcha.current?.reset();
  }

  function submit(fields: z.output<typeof ZWaitlistTextFields>) {
    const found = checkLists();
    if (found.genres || found.methods || found.captcha || !token) {
      focusFirstListError(found);
      return;
    }
    const body: TWaitlistRequest = {
      ...fields,
      state: fields.state || undefined,
      mobilePhone: fields.mobilePhone || undefined,
      whatsappNumber: fields.whatsappNumber || undefined,
      musicGenres: genres,
      customGenres: customGenres.filter((g) => genres.includes(g)),
      preferredContactMethods: methods,
      recaptchaToken: token,
    };
    join.mutate(body, {
      onSuccess: () => {
        resetAll();
        toast({
          title: 'Welcome to the waitlist!',
          description: "We'll notify you when the free Listener membership becomes available.",
        });
      },
      onError: (error) => {
        toast({
          title: 'Error',
          description: serverMessageOr(error, 'Failed to join waitlist. Please try again.'),
          variant: 'destructive',
        });
        captcha.current?.reset();
        const parsed = isApiError(error) ? ZApiError.safeParse(error.body) : undefined;
        if (parsed?.success) form.setServerErrors(parsed.data.fieldErrors);
      },
    });
  }

  function onCustomGenreKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addCustomGenre();
  }

  return (
    <FocusedPage
      width="lg"
      eyebrow="Free Listener membership"
      title="Join the Listener Waitlist"
      description="The free Listener membership opens at 10,000 verified fans and 10,000 verified artists. Join the waitlist and we'll tell you the moment it does."
    >
      <Card className="p-5 sm:p-8">
        <form
          {...form.formProps}
          onSubmit={(event) => void form.handleSubmit(submit, () => checkLists())(event)}
          className="grid gap-5 sm:grid-cols-2"
        >
          <Field label="First Name" error={errors.firstName?.message} required>
            <Input autoComplete="given-name" {...register('firstName')} />
          </Field>
          <Field label="Last Name" error={errors.lastName?.message} required>
            <Input autoComplete="family-name" {...register('lastName')} />
          </Field>
          <Field label="Email" error={errors.email?.message} required className="sm:col-span-2">
            <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
          </Field>
          <Field label="Country" error={errors.country?.message} required>
            <Input autoComplete="country-name" {...register('country')} />
          </Field>
          <Field label="State/Province" error={errors.state?.message} optional>
            <Input autoComplete="address-level1" {...register('state')} />
          </Field>
          <Field label="City" error={errors.city?.message} required className="sm:col-span-2">
            <Input autoComplete="address-level2" {...register('city')} />
          </Field>

          <fieldset
            ref={genresRef}
            className="flex flex-col gap-3 sm:col-span-2"
            aria-describedby={listErrors.genres ? 'waitlist-genres-error' : undefined}
          >
            <legend className="mb-3 text-sm font-medium">
              Music Genres
              <span aria-hidden="true" className="ml-0.5 text-accent">
                *
              </span>
            </legend>
            <div className="flex flex-wrap gap-2">
              {WAITLIST_GENRES.map((genre) => {
                const on = genres.includes(genre);
                return (
                  <button
                    key={genre}
                    type="button"
                    aria-pressed={on}
                    onClick={() => toggleGenre(genre)}
                    className={cn(
                      'h-9 rounded-full border px-3.5 text-sm font-medium transition-colors',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                      on
                        ? 'border-accent bg-accent text-accent-foreground'
                        : 'border-border-strong bg-surface text-foreground hover:border-muted-foreground',
                    )}
                  >
                    {genre}
                  </button>
                );
              })}
            </div>
            <div className="flex gap-2">
              <Input
                aria-label="Custom genre"
                placeholder="Add your own genre"
                value={customGenre}
                maxLength={50}
                onChange={(event) => setCustomGenre(event.target.value)}
                onKeyDown={onCustomGenreKey}
              />
              <Button variant="outline" className="h-12" onClick={addCustomGenre}>
                <Plus aria-hidden="true" />
                Add
              </Button>
            </div>
            {customGenres.length > 0 && (
              <ul aria-label="Custom genres" className="flex flex-wrap gap-2">
                {customGenres.map((genre) => (
                  <li
                    key={genre}
                    className="inline-flex h-9 items-center gap-1 rounded-full border border-accent/40 bg-accent-soft pr-1 pl-3.5 text-sm font-medium text-accent"
                  >
                    {genre}
                    <button
                      type="button"
                      aria-label={`Remove ${genre}`}
                      onClick={() => removeCustomGenre(genre)}
                      className="inline-flex size-7 items-center justify-center rounded-full hover:bg-accent/20 focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {listErrors.genres && (
              <p id="waitlist-genres-error" className="text-sm font-medium text-destructive-text">
                {listErrors.genres}
              </p>
            )}
          </fieldset>

          <fieldset ref={methodsRef} className="flex flex-col gap-3 sm:col-span-2">
            <legend className="mb-3 text-sm font-medium">
              Preferred Contact Methods
              <span aria-hidden="true" className="ml-0.5 text-accent">
                *
              </span>
            </legend>
            <div className="flex flex-wrap gap-x-6 gap-y-3">
              {CONTACT_METHODS.map((method) => (
                <Checkbox
                  key={method}
                  label={method}
                  checked={methods.includes(method)}
                  aria-describedby={listErrors.methods ? 'waitlist-methods-error' : undefined}
                  onCheckedChange={(checked) => toggleMethod(method, checked)}
                />
              ))}
            </div>
            {listErrors.methods && (
              <p id="waitlist-methods-error" className="text-sm font-medium text-destructive-text">
                {listErrors.methods}
              </p>
            )}
          </fieldset>

          <Field label="Mobile Phone" error={errors.mobilePhone?.message} optional>
            <Input type="tel" autoComplete="tel" inputMode="tel" {...register('mobilePhone')} />
          </Field>
          <Field label="WhatsApp Number" error={errors.whatsappNumber?.message} optional>
            <Input type="tel" inputMode="tel" {...register('whatsappNumber')} />
          </Field>

          <div className="sm:col-span-2">
            <CaptchaWidget ref={captcha} onChange={onCaptcha} error={listErrors.captcha} />
          </div>

          <div className="flex flex-col gap-3 pt-2 sm:col-span-2 sm:flex-row">
            <Button
              type="submit"
              size="lg"
              loading={join.isPending}
              loadingText="Joining..."
              className="group sm:flex-1"
            >
              Join the Waitlist
              <ArrowRight
                aria-hidden="true"
                className="transition-transform duration-200 group-hover:translate-x-0.5"
              />
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/">Get Verified</Link>
            </Button>
          </div>
        </form>
      </Card>
    </FocusedPage>
  );
}
