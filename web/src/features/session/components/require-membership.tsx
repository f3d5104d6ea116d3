import { Link, Navigate } from '@tanstack/react-router';
import { LockKeyhole, LogIn } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useSession } from '../api/auth-query';

/** Spec §2 "Guard": the main application needs a signed-in user whose payment is complete. */
export function RequireMembership({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();

  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (!user) return <LoginRequired />;
  if (!user.paymentCompleted) return <RedirectingToVerification />;
  return children;
}

function LoginRequired() {
  useEffect(() => {
    toast({
      title: 'Authentication Required',
      description: 'You must be logged in to access this page.',
      variant: 'destructive',
    });
  }, []);

  return (
    <section className="container-page flex flex-1 flex-col items-center justify-center py-20 text-center sm:py-28">
      <span className="mb-8 inline-flex size-20 animate-rise items-center justify-center rounded-3xl bg-accent-soft text-accent ring-1 ring-accent/25">
        <LockKeyhole aria-hidden="true" className="size-9" />
      </span>
      <h1 className="animate-rise text-4xl font-bold tracking-tight [animation-delay:60ms] sm:text-5xl">
        Login Required
      </h1>
      <p className="mt-4 max-w-md animate-rise text-base text-muted-foreground [animation-delay:120ms] sm:text-lg">
        This content requires authentication. Complete verification first, then log in to access your account.
      </p>
      <div className="mt-10 flex w-full max-w-xs animate-rise flex-col gap-3 [animation-delay:180ms] sm:w-auto sm:max-w-none sm:flex-row">
        <Button asChild size="lg">
          <Link to="/login">
            <LogIn aria-hidden="true" />
            Log In
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/role-selection">Start Verification</Link>
        </Button>
      </div>
    </section>
  );
}

function RedirectingToVerification() {
  return (
    <div className="flex min-h-[40vh] flex-1 flex-col items-center justify-center gap-4 text-muted-foreground">
      <Spinner size="lg" className="text-accent" label="Redirecting" />
      <p aria-live="polite">Redirecting to verification...</p>
      <Navigate to="/verification" replace />
    </div>
  );
}
