import { Link } from '@tanstack/react-router';
import { ArrowLeft, KeyRound, MailCheck, RotateCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, ZForgotPasswordRequest } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FocusedPage } from '@/components/ui/focused-page';
import { Input } from '@/components/ui/input';
import { textLinkClasses } from '@/components/ui/text-link';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { useContractForm } from '@/lib/use-contract-form';
import { useForgotPasswordMutation } from '../api/password-reset';

function failureMessage(error: unknown): string {
  // A rate limit says when to try again; any other failure gets the spec's text.
  if (isApiError(error) && error.status === 429) return serverMessageOr(error, ACCOUNT_MESSAGES.tooManyAttempts);
  return 'Failed to send reset email. Please try again.';
}

export function ForgotPasswordPage() {
  const sendLink = useForgotPasswordMutation();
  const form = useContractForm(ZForgotPasswordRequest, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  function send(email: string) {
    sendLink.mutate(
      { email },
      {
        onSuccess: () => {
          setSentTo(email);
          toast({ title: 'Reset link sent', description: 'Check your inbox for a link to reset your password.' });
        },
        onError: (error) => toast({ title: 'Error', description: failureMessage(error), variant: 'destructive' }),
      },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!form.getValues('email').trim()) {
      toast({ title: 'Email required', description: 'Please enter your email address.', variant: 'destructive' });
    }
    void form.handleSubmit(({ email }) => send(email))(event);
  }

  if (sentTo) {
    return (
      <FocusedPage
        icon={<MailCheck aria-hidden="true" />}
        align="center"
        title="Check Your Email"
        description={
          <>
            If an account exists for <strong className="font-semibold break-all text-foreground">{sentTo}</strong>, we
            sent a link to reset your password. It is valid for 1 hour.
          </>
        }
      >
        <Card className="gap-4 p-5 text-center sm:p-8">
          <p className="text-sm text-muted-foreground">
            Didn't get it after a few minutes? Check your spam folder, or send it again.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row-reverse">
            <Button
              variant="secondary"
              block
              loading={sendLink.isPending}
              loadingText="Sending..."
              onClick={() => send(sentTo)}
            >
              <RotateCw aria-hidden="true" />
              Resend Email
            </Button>
            <Button asChild variant="outline" block>
              <Link to="/login">
                <ArrowLeft aria-hidden="true" />
                Back to Login
              </Link>
            </Button>
          </div>
        </Card>
      </FocusedPage>
    );
  }

  return (
    <FocusedPage
      icon={<KeyRound aria-hidden="true" />}
      title="Forgot Your Password?"
      description="Enter the email you signed up with and we'll send you a link to reset your password."
    >
      <Card className="p-5 sm:p-8">
        <form {...form.formProps} onSubmit={onSubmit} className="flex flex-col gap-5">
          <Field label="Email" error={form.formState.errors.email?.message} required>
            <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
          </Field>
          <Button type="submit" size="lg" block loading={sendLink.isPending} loadingText="Sending...">
            Send Reset Link
          </Button>
        </form>
        <p className="mt-6 border-t border-border pt-6 text-center text-sm text-muted-foreground">
          Remembered it?{' '}
          <Link to="/login" className={textLinkClasses}>
            Back to Login
          </Link>
        </p>
      </Card>
    </FocusedPage>
  );
}
