import { Link } from '@tanstack/react-router';
import { CircleAlert, LifeBuoy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';

const TITLE = 'Payment Needs Attention';

function ContactSupport({ size, variant }: { size: 'md' | 'lg'; variant: 'outline' | 'primary' }) {
  return (
    <Button asChild size={size} variant={variant}>
      <Link to="/contact">
        <LifeBuoy aria-hidden="true" />
        Contact Support
      </Link>
    </Button>
  );
}

/**
 * In the payment card: the provider took a payment, but not the amount or currency due, so the
 * membership did not start. `message` says what arrived and what is due (amountMismatchMessage).
 */
export function PaymentMismatchNotice({ message }: { message: string }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-10 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-destructive/15 text-destructive-text">
        <CircleAlert aria-hidden="true" className="size-6" />
      </span>
      <h2 className="font-display text-xl font-semibold tracking-tight">{TITLE}</h2>
      <p className="max-w-sm font-medium">{message}</p>
      <ContactSupport size="md" variant="outline" />
    </div>
  );
}

/** The same, as the whole page (the return from Stripe, where the identity step would follow). */
export function PaymentMismatchPanel({ message }: { message: string }) {
  return (
    <StatusPanel icon={<CircleAlert aria-hidden="true" />} title={TITLE} description={message}>
      <ContactSupport size="lg" variant="primary" />
    </StatusPanel>
  );
}
