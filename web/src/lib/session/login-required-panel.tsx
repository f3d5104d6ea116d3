import { Link } from '@tanstack/react-router';
import { LockKeyhole, LogIn } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';

/** docs/product.md §2 "Guard": the page needs a signed-in session; the way forward is Log In. */
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
