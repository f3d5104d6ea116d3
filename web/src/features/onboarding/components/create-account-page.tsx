import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { ArrowRight, WandSparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ZApiError, ZCreateAccountForm, type TCreateAccountForm, type TRole } from '@app/contracts';
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
import { refetchSession } from '@/lib/session/auth-user-query';
import { readSelectedRole, storeAccount } from '@/lib/session/local-account';
import { SIGN_UP_STEPS } from '@/lib/sign-up-steps';
import { useContractForm } from '@/lib/use-contract-form';
import { useCreateAccountMutation } from '../api/create-account';
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

export function CreateAccountPage() {
  const [role] = useState(readSelectedRole);
  if (!role) return <Navigate to="/role-selection" replace />;
  return <CreateAccountForm role={role} />;
}

function CreateAccountForm({ role }: { role: TRole }) {
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
    createAccount.mutate(
      { ...account, role },
      {
        onSuccess: async ({ userId }) => {
          setFinishing(true);
          storeAccount({ userId, email: account.email });
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
      eyebrow="Step 1 of 4"
      title="Create Your Account"
      description="A few details and you're on your way to verified membership."
    >
      <div className="flex flex-col gap-6">
        <Steps steps={SIGN_UP_STEPS} current={0} label="Sign-up steps" />

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

          <form {...form.formProps} onSubmit={form.handleSubmit(create)} className="mt-7 grid gap-5 sm:grid-cols-2">
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

            <div className="flex flex-col gap-4 pt-2 sm:col-span-2">
              <Button type="submit" size="lg" block loading={busy} loadingText="Creating Account..." className="group">
                Create Account &amp; Continue
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
