import { CircleAlert, CreditCard, FlaskConical, Lock } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  amountMismatchMessage,
  PAYMENT_MESSAGES,
  ZTestCardPaymentRequest,
  type TTestCardPaymentRequest,
} from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { serverMessageOr } from '@/lib/api-client';
import { useContractForm } from '@/lib/use-contract-form';
import { useTestCardPaymentMutation } from '../api/payment';
import { cardBrand, formatCardNumber, formatCvc, formatExpiry } from '../lib/card-input';
import { formatUsd } from '../lib/money';

const ZCardForm = ZTestCardPaymentRequest.pick({ cardNumber: true, expiry: true, cvc: true });

/** Stripe's test cards, which the built-in test mode charges the same way (docs/decisions.md, "Payment"). */
const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'Succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'Is declined' },
  { number: '4000 0000 0000 9995', outcome: 'Insufficient funds' },
] as const;

/** Which field a provider message is about, so it also shows under that field. */
const FIELD_OF_MESSAGE: Record<string, 'cardNumber' | 'expiry' | 'cvc'> = {
  [PAYMENT_MESSAGES.cardNumberIncorrect]: 'cardNumber',
  [PAYMENT_MESSAGES.expiryInvalid]: 'expiry',
  [PAYMENT_MESSAGES.cvcInvalid]: 'cvc',
};

interface TestCardFormProps {
  clientSecret: string;
  amountCents: number;
  /** Called after the payment was recorded (the session is then refreshed and the user moves on). */
  onPaid: () => Promise<void>;
  /** The card paid, but not the amount or currency due: the membership did not start. Gets the words to show. */
  onAmountMismatch: (message: string) => void;
}

/** The built-in test mode's card form: behaves like Stripe's test cards, charges nothing real. */
export function TestCardForm({ clientSecret, amountCents, onPaid, onAmountMismatch }: TestCardFormProps) {
  const pay = useTestCardPaymentMutation();
  const form = useContractForm(ZCardForm, { cardNumber: '', expiry: '', cvc: '' });
  const { errors } = form.formState;
  const [declined, setDeclined] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const brand = cardBrand(useWatch({ control: form.control, name: 'cardNumber' }));

  const payWith = (card: Pick<TTestCardPaymentRequest, 'cardNumber' | 'expiry' | 'cvc'>) => {
    setDeclined(null);
    pay.mutate(
      { clientSecret, ...card },
      {
        onSuccess: async (result) => {
          if (result.amountMismatch) {
            const message = amountMismatchMessage(result.amountMismatch);
            toast({ title: 'Payment Needs Attention', description: message, variant: 'destructive' });
            onAmountMismatch(message);
            return;
          }
          setFinishing(true);
          toast({ title: 'Payment Successful', description: 'Next up: a quick identity check.' });
          await onPaid();
        },
        onError: (error) => {
          const message = serverMessageOr(error, 'Your payment could not be completed. Please try again.');
          toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
          const field = FIELD_OF_MESSAGE[message];
          if (field) form.setServerErrors({ [field]: [message] });
          else setDeclined(message);
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-display text-xl font-semibold tracking-tight">Card details</h2>
        <Badge variant="soft" size="md">
          <FlaskConical aria-hidden="true" />
          Test mode
        </Badge>
      </div>

      <form
        {...form.formProps}
        onSubmit={form.handleSubmit(payWith)}
        aria-label="Card payment"
        className="flex flex-col gap-5"
      >
        <Field label="Card number" error={errors.cardNumber?.message} required>
          <div className="relative">
            <Input
              {...form.register('cardNumber')}
              onChange={(event) => {
                setDeclined(null);
                form.setValue('cardNumber', formatCardNumber(event.target.value));
              }}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              maxLength={23}
              className="pr-14 font-mono tracking-wider tabular-nums"
            />
            <span className="pointer-events-none absolute inset-y-0 right-4 flex items-center gap-1.5 text-xs font-semibold text-muted-foreground">
              <CreditCard aria-hidden="true" className="size-5" />
              {brand && <span className="sr-only">{brand}</span>}
            </span>
          </div>
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label="Expiry date" error={errors.expiry?.message} required>
            <Input
              {...form.register('expiry')}
              onChange={(event) => form.setValue('expiry', formatExpiry(event.target.value, form.getValues('expiry')))}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              maxLength={7}
              className="font-mono tabular-nums"
            />
          </Field>
          <Field label="CVC" error={errors.cvc?.message} required>
            <Input
              {...form.register('cvc')}
              onChange={(event) => form.setValue('cvc', formatCvc(event.target.value))}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              className="font-mono tabular-nums"
            />
          </Field>
        </div>

        {declined && (
          <p
            role="alert"
            className="flex animate-fade-in items-start gap-2 rounded-2xl border border-destructive-text/40 bg-destructive/15 px-4 py-3 text-sm font-medium text-destructive-text"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{declined} Try another card.</span>
          </p>
        )}

        <Button type="submit" size="lg" block loading={pay.isPending || finishing} loadingText="Processing payment...">
          <Lock aria-hidden="true" />
          Pay {formatUsd(amountCents)}
        </Button>
      </form>

      <section
        aria-labelledby="test-cards-title"
        className="rounded-2xl border border-dashed border-border-strong p-4 sm:p-5"
      >
        <h3 id="test-cards-title" className="flex items-center gap-2 text-sm font-semibold">
          <FlaskConical aria-hidden="true" className="size-4 text-accent" />
          Test cards
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          No real money moves in test mode. Use any future expiry date and any 3-digit CVC.
        </p>
        <ul className="mt-3 flex flex-col gap-1">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <button
                type="button"
                onClick={() => {
                  setDeclined(null);
                  form.setValue('cardNumber', card.number);
                }}
                className="flex w-full flex-col items-start gap-0.5 rounded-xl px-3 py-2 text-left text-sm transition-colors hover:bg-surface-overlay focus-visible:outline-2 focus-visible:outline-ring sm:flex-row sm:items-center sm:justify-between sm:gap-3"
              >
                {/* The name a screen reader hears contains the visible text (WCAG 2.5.3). */}
                <span className="sr-only">Use test card </span>
                <span className="font-mono tracking-wide whitespace-nowrap tabular-nums">{card.number}</span>
                <span className="text-xs text-muted-foreground sm:text-sm">{card.outcome}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
