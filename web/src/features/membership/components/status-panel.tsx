import { Link } from '@tanstack/react-router';
import { CreditCard, LockKeyhole, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface StatusPanelProps {
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Buttons: a way forward from every state. */
  children?: ReactNode;
}

/** A centred full-page state (sign in needed, payment needed) in the guard's style. */
export function StatusPanel({ icon, title, description, children }: StatusPanelProps) {
  return (
    <section className="container-page flex flex-1 flex-col items-center justify-center py-20 text-center sm:py-28">
      <span className="mb-8 inline-flex size-20 animate-rise items-center justify-center rounded-3xl bg-accent-soft text-accent ring-1 ring-accent/25 [&_svg]:size-9">
        {icon}
      </span>
      <h1 className="animate-rise text-4xl font-bold tracking-tight [animation-delay:60ms] sm:text-5xl">{title}</h1>
      <p className="mt-4 max-w-md animate-rise text-base text-muted-foreground [animation-delay:120ms] sm:text-lg">
        {description}
      </p>
      {children && (
        <div className="mt-10 flex w-full max-w-xs animate-rise flex-col gap-3 [animation-delay:180ms] sm:w-auto sm:max-w-none sm:flex-row">
          {children}
        </div>
      )}
    </section>
  );
}

/** Spec §2: the membership pages need a signed-in session; the way forward is Log In. */
export function LoginRequiredPanel() {
  return (
    <StatusPanel
      icon={<LockKeyhole aria-hidden="true" />}
      title="Login Required"
      description="This content requires authentication. Complete verification first, then log in to access your account."
    >
      <Button asChild size="lg">
        <Link to="/login">
          <LogIn aria-hidden="true" />
          Log In
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to="/role-selection">Start Verification</Link>
      </Button>
    </StatusPanel>
  );
}

/** Spec §2 "KYC launch": signed in, but the verification payment is not complete. */
export function PaymentRequiredPanel() {
  return (
    <StatusPanel
      icon={<CreditCard aria-hidden="true" />}
      title="Payment Required"
      description="Complete your verification payment first. Then you can verify your identity and unlock your profile."
    >
      <Button asChild size="lg">
        <Link to="/verification">
          <CreditCard aria-hidden="true" />
          Complete Payment
        </Link>
      </Button>
    </StatusPanel>
  );
}

/** A centred spinner with visible text (e.g. 'Processing your payment...'). */
export function LoadingPanel({ text }: { text: string }) {
  return (
    <div className="flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-4 text-muted-foreground">
      <Spinner size="lg" className="text-accent" label={text} />
      <p aria-hidden="true">{text}</p>
    </div>
  );
}
