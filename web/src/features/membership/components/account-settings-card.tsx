import { Link } from '@tanstack/react-router';
import { KeyRound, Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PROFILE_MESSAGES, ZApiError, type TAuthUser } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { useUpdateProfileMutation } from '../api/profile';
import { ManagePaymentMethodsButton } from './manage-payment-methods-button';

type Fields = { firstName: string; lastName: string; email: string; phone: string };

const fieldsOf = (user: TAuthUser): Fields => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
  phone: user.phone ?? '',
});

/** Card 2, Account Settings: names, email, phone; Change Password; Manage Payment Methods. */
export function AccountSettingsCard({ user }: { user: TAuthUser }) {
  const [fields, setFields] = useState(() => fieldsOf(user));
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const update = useUpdateProfileMutation(user.id);

  function set(name: keyof Fields, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const emailChanged = fields.email.trim().toLowerCase() !== user.email.toLowerCase();
    update.mutate(
      { firstName: fields.firstName, lastName: fields.lastName, email: fields.email.trim(), phone: fields.phone },
      {
        onSuccess: (next) => {
          setFields(fieldsOf(next));
          toast({
            title: PROFILE_MESSAGES.profileSaved,
            description: emailChanged
              ? `Your changes have been saved. Sign in with ${next.email} from now on.`
              : PROFILE_MESSAGES.profileSavedDetail,
          });
        },
        onError: (error) => {
          const body = isApiError(error) ? ZApiError.safeParse(error.body) : undefined;
          if (body?.success) {
            const fieldErrors = body.data.fieldErrors ?? {};
            setErrors(
              Object.fromEntries(Object.entries(fieldErrors).map(([name, messages]) => [name, messages[0]])) as Partial<
                Record<keyof Fields, string>
              >,
            );
            if (isApiError(error) && error.status === 409) setErrors({ email: error.serverMessage });
          }
          toast({
            title: PROFILE_MESSAGES.profileSaveFailedTitle,
            description: serverMessageOr(error, PROFILE_MESSAGES.profileSaveFailed),
            variant: 'destructive',
          });
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
        <Field label="Email" error={errors.email}>
          <Input
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </Field>
        <Field label="Phone" error={errors.phone} optional>
          <Input type="tel" autoComplete="tel" value={fields.phone} onChange={(e) => set('phone', e.target.value)} />
        </Field>
        <Button type="submit" className="self-start" loading={update.isPending} loadingText="Saving...">
          <Save aria-hidden="true" />
          Save Changes
        </Button>
      </form>
      <div className="mt-6 flex flex-wrap gap-3 border-t border-border pt-6">
        <Button asChild variant="outline">
          <Link to="/forgot-password">
            <KeyRound aria-hidden="true" />
            Change Password
          </Link>
        </Button>
        <ManagePaymentMethodsButton />
      </div>
    </Card>
  );
}
