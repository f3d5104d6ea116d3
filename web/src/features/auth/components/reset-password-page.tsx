import { Link } from '@tanstack/react-router';
import { ArrowRight, CircleCheckBig, LinkIcon, LockKeyhole, Unlink } from 'lucide-react';
import { useState } from 'react';
import { ZResetPasswordForm, type TResetPasswordForm } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FocusedPage } from '@/components/ui/focused-page';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useContractForm } from '@/lib/use-contract-form';
import { useResetPasswordMutation } from '../api/password-reset';

export function ResetPasswordPage({ token }: { token: string | undefined }) {
  const [done, setDone] = useState(false);

  if (!token) return <InvalidResetLink />;
  if (done) return <ResetComplete />;
  return <ResetPasswordForm token={token} onDone={() => setDone(true)} />;
}

function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const resetPassword = useResetPasswordMutation();
  const form = useContractForm(ZResetPasswordForm, { password: '', confirmPassword: '' });
  const { errors } = form.formState;
  const { register } = form;
  const [linkRejected, setLinkRejected] = useState(false);

  const reset = ({ password }: TResetPasswordForm) => {
    resetPassword.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast({ title: 'Password reset successful', description: 'Sign in with your new password.' });
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 400) {
            setLinkRejected(true);
            toast({
              title: 'Invalid reset link',
              description: 'This reset link is invalid or has expired.',
              variant: 'destructive',
            });
          } else {
            toast({
              title: 'Reset failed',
              description: 'Failed to reset password. The link may be expired or invalid.',
              variant: 'destructive',
            });
          }
        },
      },
    );
  };

  return (
    <FocusedPage
      icon={<LockKeyhole aria-hidden="true" />}
      title="Set a New Password"
      description="Choose a new password for your account. Use at least 8 characters."
    >
      <Card className="p-5 sm:p-8">
        <form {...form.formProps} onSubmit={form.handleSubmit(reset)} className="flex flex-col gap-5">
          <Field label="New Password" error={errors.password?.message} required>
            <PasswordInput autoComplete="new-password" {...register('password')} />
          </Field>
          <Field label="Confirm New Password" error={errors.confirmPassword?.message} required>
            <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
          </Field>
          <Button type="submit" size="lg" block loading={resetPassword.isPending} loadingText="Resetting Password...">
            Reset Password
          </Button>
        </form>
        {linkRejected && (
          <div className="mt-6 flex animate-fade-in flex-col items-start gap-3 rounded-2xl border border-destructive-text/40 bg-destructive/10 p-4 text-sm">
            <p>This reset link is invalid or has expired. Request a new one to try again.</p>
            <Button asChild variant="outline" size="sm">
              <Link to="/forgot-password">
                <LinkIcon aria-hidden="true" />
                Request a New Link
              </Link>
            </Button>
          </div>
        )}
      </Card>
    </FocusedPage>
  );
}

function InvalidResetLink() {
  return (
    <FocusedPage
      icon={<Unlink aria-hidden="true" />}
      align="center"
      title="Invalid Reset Link"
      description="This password reset link is missing its code. Request a new link and use the newest email we send you."
    >
      <Button asChild size="lg" block>
        <Link to="/forgot-password">
          Request a New Link
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </FocusedPage>
  );
}

function ResetComplete() {
  return (
    <FocusedPage
      icon={<CircleCheckBig aria-hidden="true" />}
      align="center"
      title="Password Reset Complete"
      description="Your password has been reset. Sign in with your new password."
    >
      <Button asChild size="lg" block>
        <Link to="/login">
          Sign In Now
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </FocusedPage>
  );
}
