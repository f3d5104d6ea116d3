import { Link } from '@tanstack/react-router';
import { ArrowRight, CircleCheckBig, MailWarning, Unlink } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { PROFILE_MESSAGES } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { FocusedPage } from '@/components/ui/focused-page';
import { PageSpinner } from '@/components/ui/spinner';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { useSession } from '@/lib/session/auth-user-query';
import { useConfirmEmailMutation } from '../api/confirm-email';

/** The link sent to a new email address (/confirm-email?token=...): confirms it once, and says how it went. */
export function ConfirmEmailPage({ token }: { token: string | undefined }) {
  if (!token) return <InvalidLink />;
  return <Confirm token={token} />;
}

function Confirm({ token }: { token: string }) {
  const confirm = useConfirmEmailMutation();
  const { mutate } = confirm;
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // Once per token: a link is single-use, so a second call (React's development double effect) would fail.
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  if (confirm.isSuccess) return <Confirmed email={confirm.data.email} />;
  if (confirm.isError) {
    if (isApiError(confirm.error) && confirm.error.status === 400) return <InvalidLink />;
    return (
      <FocusedPage
        icon={<MailWarning aria-hidden="true" />}
        align="center"
        title="Email Not Changed"
        description={serverMessageOr(confirm.error, 'Failed to confirm your new email address. Please try again.')}
      >
        <ProfileButton label="Back to My Profile" />
      </FocusedPage>
    );
  }
  return <PageSpinner label="Confirming your new email address..." />;
}

function Confirmed({ email }: { email: string }) {
  const { isAuthenticated } = useSession();
  return (
    <FocusedPage
      icon={<CircleCheckBig aria-hidden="true" />}
      align="center"
      title={PROFILE_MESSAGES.emailConfirmed}
      description={`Your Payola email address is now ${email}. Sign in with it from now on.`}
    >
      {isAuthenticated ? (
        <ProfileButton label="Go to My Profile" />
      ) : (
        <Button asChild size="lg" block>
          <Link to="/login">
            Sign In Now
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      )}
    </FocusedPage>
  );
}

function InvalidLink() {
  return (
    <FocusedPage
      icon={<Unlink aria-hidden="true" />}
      align="center"
      title="Invalid Confirmation Link"
      description={`${PROFILE_MESSAGES.emailLinkInvalid} To change your email, enter the new address on My Profile again; use the newest email we send you.`}
    >
      <ProfileButton label="Back to My Profile" />
    </FocusedPage>
  );
}

function ProfileButton({ label }: { label: string }) {
  return (
    <Button asChild size="lg" block>
      <Link to="/profile">
        {label}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}
