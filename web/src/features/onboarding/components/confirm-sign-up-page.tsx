import { Link } from '@tanstack/react-router';
import { ArrowRight, CircleCheckBig, MailCheck, MailWarning, RotateCw, Unlink } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { LISTENER_MESSAGES, PROFILE_MESSAGES } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { FocusedPage } from '@/components/ui/focused-page';
import { PageSpinner } from '@/components/ui/spinner';
import { Steps } from '@/components/ui/steps';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { useSession } from '@/lib/session/auth-user-query';
import { LISTENER_SIGN_UP_STEPS } from '@/lib/sign-up-steps';
import { useConfirmSignUpMutation, useResendSignUpConfirmationMutation } from '../api/listener-sign-up';

/**
 * A new Listener's second step. Without a token: "check your email" (where sign-up, login and the guard
 * send an unconfirmed Listener). With the emailed link's token: confirms it once and opens the app.
 */
export function ConfirmSignUpPage({ token }: { token: string | undefined }) {
  if (!token) return <CheckYourEmail />;
  return <Confirm token={token} />;
}

function CheckYourEmail() {
  const { user, isLoading } = useSession();
  const resend = useResendSignUpConfirmationMutation();
  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (user?.role === 'listener' && user.paymentCompleted) return <Welcome />;
  return (
    <FocusedPage
      icon={<MailCheck aria-hidden="true" />}
      align="center"
      eyebrow="Step 2 of 3"
      title="Check Your Email"
      description={
        user
          ? `We sent a link to ${user.email}. Open it to confirm your email and start your free Listener membership.`
          : LISTENER_MESSAGES.confirmationSent
      }
    >
      <div className="flex flex-col gap-6">
        <Steps steps={LISTENER_SIGN_UP_STEPS} current={1} label="Sign-up steps" />
        <p className="text-sm text-muted-foreground">
          No email after a few minutes? Look in your spam folder. The link works for 7 days.
        </p>
        {user && (
          <Button
            variant="outline"
            size="lg"
            block
            loading={resend.isPending}
            loadingText="Sending..."
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: ({ message }) => toast({ title: 'Email Sent', description: message }),
                onError: (error) =>
                  toast({
                    title: 'Error',
                    description: serverMessageOr(error, 'Failed to send the email. Please try again.'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            <RotateCw aria-hidden="true" />
            Resend Email
          </Button>
        )}
      </div>
    </FocusedPage>
  );
}

function Confirm({ token }: { token: string }) {
  const confirm = useConfirmSignUpMutation();
  const { mutate } = confirm;
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // Once per token (React's development double effect would send it twice).
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  if (confirm.isSuccess) return <Welcome />;
  if (confirm.isError) {
    if (isApiError(confirm.error) && confirm.error.status === 400) {
      return (
        <FocusedPage
          icon={<Unlink aria-hidden="true" />}
          align="center"
          title="Invalid Confirmation Link"
          description={`${PROFILE_MESSAGES.emailLinkInvalid} Use the newest email we sent you, or sign in to see where you are.`}
        >
          <SignInButton />
        </FocusedPage>
      );
    }
    return (
      <FocusedPage
        icon={<MailWarning aria-hidden="true" />}
        align="center"
        title="Email Not Confirmed"
        description={serverMessageOr(confirm.error, 'Failed to confirm your email. Please open the link again.')}
      >
        <SignInButton />
      </FocusedPage>
    );
  }
  return <PageSpinner label="Confirming your email..." />;
}

function Welcome() {
  const { isAuthenticated } = useSession();
  return (
    <FocusedPage
      icon={<CircleCheckBig aria-hidden="true" />}
      align="center"
      eyebrow="Step 3 of 3"
      title="Welcome, Listener!"
      description="Your email is confirmed and your free Listener membership has started. Browse artists and venues and keep your favourites in one place."
    >
      {isAuthenticated ? (
        <Button asChild size="lg" block>
          <Link to="/artists">
            Start Browsing
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <SignInButton />
      )}
    </FocusedPage>
  );
}

function SignInButton() {
  return (
    <Button asChild size="lg" block>
      <Link to="/login">
        Sign In Now
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}
