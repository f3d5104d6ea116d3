import { KeyRound, MailCheck, Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PROFILE_MESSAGES, ZApiError, type TAuthUser } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { useChangeEmailMutation, useUpdateProfileMutation } from '../api/profile';
import { ChangePasswordForm } from './change-password-form';
import { ManagePaymentMethodsButton } from './manage-payment-methods-button';

type Fields = { firstName: string; lastName: string; email: string; phone: string; currentPassword: string };

const fieldsOf = (user: TAuthUser): Fields => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
  phone: user.phone ?? '',
  currentPassword: '',
});

function fieldErrorsOf(error: unknown): Partial<Record<keyof Fields, string>> {
  const body = isApiError(error) ? ZApiError.safeParse(error.body) : undefined;
  if (!body?.success) return {};
  return Object.fromEntries(
    Object.entries(body.data.fieldErrors ?? {}).map(([name, messages]) => [name, messages[0]]),
  ) as Partial<Record<keyof Fields, string>>;
}

/**
 * Card 2, Account Settings: names, email, phone; Change Password; Manage Payment Methods. A new email
 * asks for the current password, and takes effect only once the link sent to it is opened.
 */
export function AccountSettingsCard({ user }: { user: TAuthUser }) {
  const [fields, setFields] = useState(() => fieldsOf(user));
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  const update = useUpdateProfileMutation(user.id);
  const changeEmail = useChangeEmailMutation();
  const emailChanged = fields.email.trim().toLowerCase() !== user.email.toLowerCase();

  function set(name: keyof Fields, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  }

  function failed(title: string, error: unknown, fallback: string) {
    toast({ title, description: serverMessageOr(error, fallback), variant: 'destructive' });
  }

  function askForNewEmail(saved: TAuthUser) {
    const email = fields.email.trim();
    changeEmail.mutate(
      { email, currentPassword: fields.currentPassword },
      {
        onSuccess: (answer) => {
          setPendingEmail(answer.pendingEmail);
          setFields(fieldsOf(saved));
          toast({ title: PROFILE_MESSAGES.emailChangeSent, description: answer.message });
        },
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error);
          if (isApiError(error) && error.serverMessage === PROFILE_MESSAGES.currentPasswordWrong) {
            fieldErrors.currentPassword = error.serverMessage;
          } else if (
            isApiError(error) &&
            (error.status === 409 || error.serverMessage === PROFILE_MESSAGES.emailChangeSameAddress)
          ) {
            fieldErrors.email = error.serverMessage;
          }
          setErrors(fieldErrors);
          failed(PROFILE_MESSAGES.emailChangeFailedTitle, error, PROFILE_MESSAGES.profileSaveFailed);
        },
      },
    );
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (emailChanged && !fields.currentPassword) {
      setErrors({ currentPassword: PROFILE_MESSAGES.currentPasswordRequired });
      return;
    }
    // The names and phone save at once; the email goes its own way (password, then the new inbox).
    update.mutate(
      { firstName: fields.firstName, lastName: fields.lastName, phone: fields.phone },
      {
        onSuccess: (saved) => {
          if (emailChanged) return askForNewEmail(saved);
          setFields(fieldsOf(saved));
          toast({ title: PROFILE_MESSAGES.profileSaved, description: PROFILE_MESSAGES.profileSavedDetail });
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error));
          failed(PROFILE_MESSAGES.profileSaveFailedTitle, error, PROFILE_MESSAGES.profileSaveFailed);
        },
      },
    );
  }

  return (
    <Card className="p-6 sm:p-7">
      <h2 className="font-display text-xl font-semibold tracking-tight">Account Settings</h2>
      <form onSubmit={save} noValidate aria-label="Account settings" className="mt-6 flex flex-col gap-5">
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Field label="First Name" error={errors.firstName}>
            <Input
              autoComplete="given-name"
              value={fields.firstName}
              onChange={(e) => set('firstName', e.target.value)}
            />
          </Field>
          <Field label="Last Name" error={errors.lastName}>
            <Input
              autoComplete="family-name"
              value={fields.lastName}
              onChange={(e) => set('lastName', e.target.value)}
            />
          </Field>
        </div>
        <Field
          label="Email"
          error={errors.email}
          help={
            emailChanged ? 'We will send a link to the new address; your email changes when you open it.' : undefined
          }
        >
          <Input
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </Field>
        {emailChanged && (
          <Field
            label="Current Password"
            error={errors.currentPassword}
            help="To change your email, confirm it is you."
            required
          >
            <PasswordInput
              autoComplete="current-password"
              value={fields.currentPassword}
              onChange={(e) => set('currentPassword', e.target.value)}
            />
          </Field>
        )}
        {pendingEmail && (
          <p
            role="status"
            className="flex animate-fade-in gap-3 rounded-2xl border border-accent/30 bg-accent-soft p-4 text-sm"
          >
            <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
            <span>
              <strong className="font-semibold">{PROFILE_MESSAGES.emailChangeSent}.</strong> We sent a link to{' '}
              <span className="break-all">{pendingEmail}</span>. Until you open it, you keep signing in with{' '}
              <span className="break-all">{user.email}</span>.
            </span>
          </p>
        )}
        <Field label="Phone" error={errors.phone} optional>
          <Input type="tel" autoComplete="tel" value={fields.phone} onChange={(e) => set('phone', e.target.value)} />
        </Field>
        <Button
          type="submit"
          className="self-start"
          loading={update.isPending || changeEmail.isPending}
          loadingText="Saving..."
        >
          <Save aria-hidden="true" />
          Save Changes
        </Button>
      </form>
      <div className="mt-6 flex flex-wrap gap-3 border-t border-border pt-6">
        <Button
          variant="outline"
          aria-expanded={changingPassword}
          aria-controls="change-password"
          onClick={() => setChangingPassword((open) => !open)}
        >
          <KeyRound aria-hidden="true" />
          Change Password
        </Button>
        <ManagePaymentMethodsButton />
      </div>
      {changingPassword && <ChangePasswordForm id="change-password" onDone={() => setChangingPassword(false)} />}
    </Card>
  );
}
