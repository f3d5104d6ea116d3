import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { ArrowRight, Clock, WandSparkles, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  LISTENER_MESSAGES,
  MAX_PROFILE_GENRES,
  ZApiError,
  ZCreateAccountForm,
  type TCreateAccountForm,
  type TRole,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FocusedPage } from '@/components/ui/focused-page';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Steps } from '@/components/ui/steps';
import { textLinkClasses } from '@/components/ui/text-link';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { CaptchaWidget, type CaptchaHandle } from '@/lib/captcha/captcha-widget';
import { listenerMembershipOpen, milestoneProgressQuery } from '@/lib/milestones';
import { refetchSession } from '@/lib/session/auth-user-query';
import { readSelectedRole, storeAccount } from '@/lib/session/local-account';
import { LISTENER_SIGN_UP_STEPS, SIGN_UP_STEPS } from '@/lib/sign-up-steps';
import { useContractForm } from '@/lib/use-contract-form';
import { useCreateAccountMutation } from '../api/create-account';
import { listenerInvitationQuery } from '../api/listener-sign-up';
import { generatePassword } from '../lib/generate-password';
import { roleOption } from '../lib/role-options';

/** docs/product.md §9: the redirect to /verification waits 1.5 s after sign-up. */
const REDIRECT_AFTER_SIGNUP_MS = 1500;

const EMPTY_FORM = {
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
  password: '',
  confirmPassword: '',
  zipCode: '',
};

/** `invite`: the token of a waitlisted person's invitation link, which pre-fills a Listener's sign-up. */
export function CreateAccountPage({ invite }: { invite?: string | undefined }) {
  const [role] = useState(readSelectedRole);
  const progress = useQuery(milestoneProgressQuery);
  if (!role) return <Navigate to="/role-selection" replace />;
  // Before the milestone a Listener's sign-up cannot succeed (the server refuses it): say so up front.
  if (role === 'listener' && listenerMembershipOpen(progress.data) === false) return <ListenerNotYetOpen />;
  return <CreateAccountForm role={role} invite={role === 'listener' ? invite : undefined} />;
}

function ListenerNotYetOpen() {
  return (
    <FocusedPage
      icon={<Clock aria-hidden="true" />}
      align="center"
      eyebrow="Free Listener membership"
      title="Not Yet Open"
      description={LISTENER_MESSAGES.notYetOpen}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild size="lg">
          <Link to="/waitlist">
            Join the Waitlist
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/role-selection">Choose another role</Link>
        </Button>
      </div>
    </FocusedPage>
  );
}

function CreateAccountForm({ role, invite }: { role: TRole; invite: string | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createAccount = useCreateAccountMutation();
  const form = useContractForm(ZCreateAccountForm, EMPTY_FORM);
  const { errors } = form.formState;
  const { register } = form;
  const [passwordsVisible, setPasswordsVisible] = useState({ password: false, confirmPassword: false });
  const [finishing, setFinishing] = useState(false);
  const [redirectTo, setRedirectTo] = useState<'/verification' | '/login' | null>(null);
  const option = roleOption(role);
  const RoleIcon = option.icon;
  const listener = role === 'listener';
  // A Listener's human check (in place of payment and identity check), and the genres an invitation brings.
  const captcha = useRef<CaptchaHandle>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  const [genres, setGenres] = useState<string[]>([]);
  const invitation = useQuery({ ...listenerInvitationQuery(invite ?? ''), enabled: Boolean(invite) });
  const prefilled = useRef(false);

  useEffect(() => {
    if (!invitation.data || prefilled.current) return;
    prefilled.current = true;
    const { firstName, lastName, email } = invitation.data;
    form.setValues({ firstName, lastName, email, confirmEmail: email });
    // A profile keeps at most 3 genres: the first ones of the waitlist entry.
    setGenres(invitation.data.genres.slice(0, MAX_PROFILE_GENRES));
  }, [invitation.data, form]);

  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => void navigate({ to: redirectTo }), REDIRECT_AFTER_SIGNUP_MS);
    return () => clearTimeout(timer);
  }, [navigate, redirectTo]);

  function fillGeneratedPassword() {
    const password = generatePassword();
    form.setValues({ password, confirmPassword: password });
    setPasswordsVisible({ password: true, confirmPassword: true });
  }

  const create = ({
    confirmEmail: _confirmEmail,
    confirmPassword: _confirmPassword,
    ...account
  }: TCreateAccountForm) => {
    if (listener && !captchaToken) {
      setCaptchaError(LISTENER_MESSAGES.captchaRequired);
      return;
    }
    const extras = listener
      ? { recaptchaToken: captchaToken ?? undefined, ...(genres.length > 0 ? { genres } : {}) }
      : {};
    createAccount.mutate(
      { ...account, ...extras, role },
      {
        onSuccess: async ({ userId, confirmationSentTo }) => {
          setFinishing(true);
          storeAccount({ userId, email: account.email });
          if (confirmationSentTo) {
            // Nothing to pay: the next step is the link in the inbox.
            await refetchSession(queryClient).catch(() => null);
            toast({ title: 'Account Created', description: LISTENER_MESSAGES.confirmationSent });
            void navigate({ to: '/confirm-sign-up' });
            return;
          }
          const user = await refetchSession(queryClient).catch(() => null);
          if (user) {
            toast({ title: 'Account Created & Logged In', description: 'Next up: verification and membership.' });
            setRedirectTo('/verification');
          } else {
            toast({
              title: 'Account Created but Login Failed',
              description: 'Please try logging in manually.',
              variant: 'destructive',
            });
            setRedirectTo('/login');
          }
        },
        onError: (error) => {
          // A captcha token works once: a refused sign-up needs a new check.
          captcha.current?.reset();
          toast({
            title: 'Error',
            description: serverMessageOr(error, 'Failed to create account. Please try again.'),
            variant: 'destructive',
          });
          const body = isApiError(error) ? ZApiError.safeParse(error.body) : undefined;
          if (body?.success) form.setServerErrors(body.data.fieldErrors);
        },
      },
    );
  };

  const busy = createAccount.isPending || finishing;

  return (
    <FocusedPage
      width="lg"
      eyebrow={listener ? 'Step 1 of 3' : 'Step 1 of 4'}
      title="Create Your Account"
      description={
        listener
          ? 'Free: no payment and no identity check. Confirm your email and you can start browsing.'
          : "A few details and you're on your way to verified membership."
      }
    >
      <div className="flex flex-col gap-6">
        <Steps steps={listener ? LISTENER_SIGN_UP_STEPS : SIGN_UP_STEPS} current={0} label="Sign-up steps" />
        {invite && invitation.isError && (
          <p
            role="status"
            className="rounded-2xl border border-border bg-surface-raised p-4 text-sm text-muted-foreground"
          >
            {LISTENER_MESSAGES.invitationInvalid}
          </p>
        )}

        <Card className="p-5 sm:p-8">
          <div className="flex items-center gap-4 rounded-2xl border border-border bg-surface-raised p-4">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
              <RoleIcon aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-xs font-medium tracking-wide whitespace-nowrap text-muted-foreground uppercase">
                Signing up as
              </p>
              <p className="font-display text-lg font-semibold">{option.title}</p>
            </div>
            <Button asChild variant="ghost" size="sm" className="px-3">
              <Link to="/role-selection" aria-label="Change role">
                Change
              </Link>
            </Button>
          </div>

          <form
            {...form.formProps}
            onSubmit={(event) => void form.handleSubmit(create)(event)}
            className="mt-7 grid gap-5 sm:grid-cols-2"
          >
            <Field label="First Name" error={errors.firstName?.message} required>
              <Input autoComplete="given-name" {...register('firstName')} />
            </Field>
            <Field label="Last Name" error={errors.lastName?.message} required>
              <Input autoComplete="family-name" {...register('lastName')} />
            </Field>
            <Field label="Email" error={errors.email?.message} required>
              <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
            </Field>
            <Field label="Confirm Email" error={errors.confirmEmail?.message} required>
              <Input type="email" autoComplete="email" inputMode="email" {...register('confirmEmail')} />
            </Field>
            <Field label="Password" error={errors.password?.message} required>
              <PasswordInput
                autoComplete="new-password"
                visible={passwordsVisible.password}
                onVisibleChange={(password) => setPasswordsVisible((current) => ({ ...current, password }))}
                {...register('password')}
              />
            </Field>
            <Field label="Confirm Password" error={errors.confirmPassword?.message} required>
              <PasswordInput
                autoComplete="new-password"
                visible={passwordsVisible.confirmPassword}
                onVisibleChange={(confirmPassword) =>
                  setPasswordsVisible((current) => ({ ...current, confirmPassword }))
                }
                {...register('confirmPassword')}
              />
            </Field>
            <div className="flex flex-col gap-3 rounded-2xl border border-dashed border-border-strong p-4 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted-foreground">
                At least 8 characters. Or let us make a strong one and fill in both fields.
              </p>
              <Button
                variant="outline"
                size="sm"
                aria-label="Generate password"
                onClick={fillGeneratedPassword}
                className="self-start sm:self-auto"
              >
                <WandSparkles aria-hidden="true" />
                Generate
              </Button>
            </div>
            <Field label="Zip Code" error={errors.zipCode?.message} required>
              <Input autoComplete="postal-code" {...register('zipCode')} />
            </Field>

            {listener && genres.length > 0 && (
              <div className="flex flex-col gap-2 sm:col-span-2">
                <p id="listener-genres-label" className="text-sm font-medium">
                  Your genres <span className="font-normal text-muted-foreground">(from the waitlist)</span>
                </p>
                <ul aria-labelledby="listener-genres-label" className="flex flex-wrap gap-2">
                  {genres.map((genre) => (
                    <li
                      key={genre}
                      className="inline-flex h-9 items-center gap-1 rounded-full border border-accent/40 bg-accent-soft pr-1 pl-3.5 text-sm font-medium text-accent"
                    >
                      {genre}
                      <button
                        type="button"
                        aria-label={`Remove ${genre}`}
                        onClick={() => setGenres((current) => current.filter((g) => g !== genre))}
                        className="inline-flex size-7 items-center justify-center rounded-full hover:bg-accent/20 focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        <X aria-hidden="true" className="size-4" />
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}

            {listener && (
              <div className="sm:col-span-2">
                <CaptchaWidget
                  ref={captcha}
                  onChange={(token) => {
                    setCaptchaToken(token);
                    if (token) setCaptchaError(undefined);
                  }}
                  error={captchaError}
                />
              </div>
            )}

            <div className="flex flex-col gap-4 pt-2 sm:col-span-2">
              <Button type="submit" size="lg" block loading={busy} loadingText="Creating Account..." className="group">
                {listener ? 'Create Free Account' : <>Create Account &amp; Continue</>}
                <ArrowRight
                  aria-hidden="true"
                  className="transition-transform duration-200 group-hover:translate-x-0.5"
                />
              </Button>
              <p className="text-center text-sm text-muted-foreground">
                Already have an account?{' '}
                <Link to="/login" className={textLinkClasses}>
                  Log in
                </Link>
              </p>
            </div>
          </form>
        </Card>
      </div>
    </FocusedPage>
  );
}
