import { Navigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useSession } from './auth-user-query';
import { LoginRequiredPanel } from './login-required-panel';

/**
 * docs/product.md §2 "Guard": the main application needs a signed-in user whose payment is complete (a
 * Listener: whose email is confirmed; until then the page that asks for it).
 */
export function RequireMembership({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();

  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (!user) return <LoginRequired />;
  if (!user.paymentCompleted) {
    return user.role === 'listener' ? <Navigate to="/confirm-sign-up" replace /> : <RedirectingToVerification />;
  }
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

  return <LoginRequiredPanel />;
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
