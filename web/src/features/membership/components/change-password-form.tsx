import { Link } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import { PROFILE_MESSAGES, ZChangePasswordForm, type TChangePasswordForm } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { textLinkClasses } from '@/components/ui/text-link';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { useContractForm } from '@/lib/use-contract-form';
import { cn } from '@/lib/utils';
import { useChangePasswordMutation } from '../api/profile';

/**
 * Change Password (Account Settings): the current password, then a new one by the sign-up rules. This
 * browser stays signed in; every other one is signed out. Forgotten it? The reset link (spec) is here.
 */
export function ChangePasswordForm({ id, onDone }: { id: string; onDone: () => void }) {
  const changePassword = useChangePasswordMutation();
  const form = useContractForm(ZChangePasswordForm, { currentPassword: '', newPassword: '', confirmNewPassword: '' });
  const { errors } = form.formState;
  const { register } = form;

  const submit = ({ currentPassword, newPassword }: TChangePasswordForm) => {
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast({ title: PROFILE_MESSAGES.passwordChanged, description: PROFILE_MESSAGES.passwordChangedDetail });
          onDone();
        },
        onError: (error) => {
          const body = isApiError(error) ? (error.body as { fieldErrors?: Record<string, string[]> }) : undefined;
          if (isApiError(error) && error.serverMessage === PROFILE_MESSAGES.currentPasswordWrong) {
            form.setServerErrors({ currentPassword: [error.serverMessage] });
          } else {
            form.setServerErrors(body?.fieldErrors);
          }
          toast({
            title: PROFILE_MESSAGES.passwordChangeFailedTitle,
            description: serverMessageOr(error, 'Failed to change your password. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form
      id={id}
      aria-label="Change password"
      {...form.formProps}
      onSubmit={form.handleSubmit(submit)}
      className="mt-6 flex animate-fade-in flex-col gap-5 rounded-2xl border border-border p-5"
    >
      <Field label="Current Password" error={errors.currentPassword?.message} required>
        <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
      </Field>
      <Field label="New Password" error={errors.newPassword?.message} help="At least 8 characters." required>
        <PasswordInput autoComplete="new-password" {...register('newPassword')} />
      </Field>
      <Field label="Confirm New Password" error={errors.confirmNewPassword?.message} required>
        <PasswordInput autoComplete="new-password" {...register('confirmNewPassword')} />
      </Field>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" loading={changePassword.isPending} loadingText="Updating...">
          <ShieldCheck aria-hidden="true" />
          Update Password
        </Button>
        <Link to="/forgot-password" className={cn('text-sm', textLinkClasses)}>
          Forgot your password?
        </Link>
      </div>
    </form>
  );
}
