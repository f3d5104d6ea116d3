import { Link } from '@tanstack/react-router';
import { CreditCard } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';

/** docs/product.md §2 "KYC launch": signed in, but the verification payment is not complete. */
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
