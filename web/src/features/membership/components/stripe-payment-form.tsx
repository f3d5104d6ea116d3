import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { formatUsd } from '../lib/money';

// Stripe.js is fetched only when a Stripe checkout is shown (this module is loaded lazily).
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch((error: unknown) => {
      console.error('Stripe.js failed to load', error);
      stripes.delete(publishableKey);
      return null;
    });
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

const notReady = (description: string) => toast({ title: 'Payment Failed', description, variant: 'destructive' });

interface StripePaymentFormProps {
  clientSecret: string;
  publishableKey: string | null;
  amountCents: number;
}

/**
 * Stripe mode: the Payment Element confirms the payment (for fans the secret is the first invoice's
 * confirmation secret, which confirmPayment handles too) and Stripe returns to /kyc-launch.
 */
export default function StripePaymentForm({ clientSecret, publishableKey, amountCents }: StripePaymentFormProps) {
  const [stripe] = useState(() => (publishableKey ? stripeFor(publishableKey) : Promise.resolve(null)));
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret,
        appearance: {
          theme: 'night',
          variables: {
            colorPrimary: '#c6f432',
            colorBackground: '#111114',
            colorText: '#f6f6f7',
            colorDanger: '#f87171',
            borderRadius: '12px',
            fontFamily: 'Inter, system-ui, sans-serif',
          },
        },
      }}
    >
      <StripeCheckout amountCents={amountCents} />
    </Elements>
  );
}

function StripeCheckout({ amountCents }: { amountCents: number }) {
  const stripe = useStripe();
  const elements = useElements();
  const [formReady, setFormReady] = useState(false);
  const [paying, setPaying] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe) return notReady('Payment system not ready. Please try again.');
    if (!elements || !formReady) return notReady('Payment form not ready. Please wait and try again.');
    setPaying(true);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/kyc-launch` },
    });
    // Only reached when the payment failed: on success Stripe redirects to the return URL.
    setPaying(false);
    toast({
      title: 'Payment Failed',
      description: error.message ?? 'Your payment could not be completed. Please try again.',
      variant: 'destructive',
    });
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Card payment" className="flex flex-col gap-6">
      <h2 className="font-display text-xl font-semibold tracking-tight">Payment details</h2>
      <PaymentElement onReady={() => setFormReady(true)} options={{ layout: 'tabs' }} />
      <Button type="submit" size="lg" block loading={paying} loadingText="Processing payment...">
        <Lock aria-hidden="true" />
        Pay {formatUsd(amountCents)}
      </Button>
    </form>
  );
}
