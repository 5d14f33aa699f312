// The card field of /trial and the simulator checkout: Stripe Elements (CardElement) when a publishable
// key is configured, else the payments simulator's form, which turns Stripe's test card numbers into
// Stripe's test payment-method ids (pm_card_visa, pm_card_chargeDeclined, …).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
// The pure entry loads js.stripe.com only when loadStripe is called (Stripe mode), not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { CreditCard, FlaskConical } from 'lucide-react';
import { Input, Label, cn } from '@app/ui';

export interface PaymentMethodResult {
  paymentMethodId?: string;
  error?: { type: 'card_error' | 'validation_error' | 'api_error'; message: string };
}

export interface PaymentHandle {
  createPaymentMethod(billing: { name: string; email: string }): Promise<PaymentMethodResult>;
}

/** Stripe's test cards the simulator accepts (number → payment-method id). */
export const TEST_CARDS = [
  { number: '4242424242424242', pm: 'pm_card_visa', label: 'Visa — succeeds' },
  { number: '5555555555554444', pm: 'pm_card_mastercard', label: 'Mastercard — succeeds' },
  { number: '4000000000000002', pm: 'pm_card_chargeDeclined', label: 'Declined' },
  { number: '4000000000009995', pm: 'pm_card_chargeDeclinedInsufficientFunds', label: 'Insufficient funds' },
  { number: '4000000000000341', pm: 'pm_card_chargeCustomerFail', label: 'Fails at first charge' },
] as const;

const groups = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Validates the simulator form like Stripe's client does and maps the number to a test payment method. */
export function simulatedPaymentMethod(
  number: string,
  expiry: string,
  cvc: string,
  now = new Date(),
): PaymentMethodResult {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 13)
    return { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!m)
    return { error: { type: 'validation_error', message: "Your card's expiration date is incomplete." } };
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12)
    return { error: { type: 'validation_error', message: "Your card's expiration date is invalid." } };
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
    return { error: { type: 'validation_error', message: "Your card's expiration year is in the past." } };
  if (!/^\d{3,4}$/.test(cvc.trim()))
    return { error: { type: 'validation_error', message: "Your card's security code is incomplete." } };
  const card = TEST_CARDS.find((c) => c.number === digits);
  if (!card)
    return {
      error: {
        type: 'card_error',
        message:
          'Your card was declined. This is the payments simulator: use one of the test cards listed below.',
      },
    };
  return { paymentMethodId: card.pm };
}

export function PaymentCard({
  publishableKey,
  onReady,
  error,
  disabled,
}: {
  /** Stripe publishable key, or null for the simulator. */
  publishableKey: string | null | undefined;
  onReady: (handle: PaymentHandle | null) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  return (
    <div className="space-y-2">
      {publishableKey ? (
        <StripeCard publishableKey={publishableKey} onReady={onReady} />
      ) : (
        <SimulatorCard onReady={onReady} disabled={disabled} />
      )}
      {error && (
        <p role="alert" className="text-destructive text-sm" data-testid="card-error">
          {error}
        </p>
      )}
    </div>
  );
}

function StripeCard({
  publishableKey,
  onReady,
}: {
  publishableKey: string;
  onReady: (h: PaymentHandle | null) => void;
}) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise}>
      <StripeCardInner onReady={onReady} />
    </Elements>
  );
}

function StripeCardInner({ onReady }: { onReady: (h: PaymentHandle | null) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (!stripe || !elements || !mounted) return onReady(null);
    onReady({
      async createPaymentMethod(billing) {
        const card = elements.getElement(CardElement);
        if (!card) return { error: { type: 'api_error', message: 'The card form is not ready yet.' } };
        const { paymentMethod, error } = await stripe.createPaymentMethod({
          type: 'card',
          card,
          billing_details: { name: billing.name, email: billing.email },
        });
        if (error) {
          const type =
            error.type === 'card_error' || error.type === 'validation_error' ? error.type : 'api_error';
          return { error: { type, message: error.message ?? 'Your card could not be used.' } };
        }
        return { paymentMethodId: paymentMethod.id };
      },
    });
  }, [stripe, elements, mounted, onReady]);
  return (
    <FieldFrame label="Card details" icon={<CreditCard className="size-4" aria-hidden="true" />}>
      <div className="border-input bg-background rounded-md border px-3 py-2.5 shadow-xs">
        <CardElement
          onReady={() => setMounted(true)}
          options={{ hidePostalCode: true, style: { base: { fontSize: '15px' } } }}
        />
      </div>
    </FieldFrame>
  );
}

function SimulatorCard({
  onReady,
  disabled,
}: {
  onReady: (h: PaymentHandle | null) => void;
  disabled?: boolean;
}) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  useEffect(() => {
    onReady({ createPaymentMethod: async () => simulatedPaymentMethod(number, expiry, cvc) });
  }, [number, expiry, cvc, onReady]);
  const fill = (n: string) => {
    setNumber(groups(n));
    setExpiry('12/34');
    setCvc('123');
  };
  return (
    <FieldFrame label="Card details" icon={<CreditCard className="size-4" aria-hidden="true" />}>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_5.5rem_4.5rem]">
        <div className="col-span-2 sm:col-span-1">
          <Label htmlFor="card-number" className="sr-only">
            Card number
          </Label>
          <Input
            id="card-number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={number}
            disabled={disabled}
            onChange={(e) => setNumber(groups(e.target.value.replace(/\D/g, '').slice(0, 19)))}
          />
        </div>
        <div>
          <Label htmlFor="card-expiry" className="sr-only">
            Expiry (MM / YY)
          </Label>
          <Input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            disabled={disabled}
            onChange={(e) => {
              const d = e.target.value.replace(/\D/g, '').slice(0, 4);
              setExpiry(d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d);
            }}
          />
        </div>
        <div>
          <Label htmlFor="card-cvc" className="sr-only">
            CVC
          </Label>
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            value={cvc}
            disabled={disabled}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        </div>
      </div>
      <div className="bg-muted/50 mt-3 rounded-md border border-dashed p-3 text-xs">
        <p className="text-muted-foreground flex items-center gap-1.5 font-medium">
          <FlaskConical className="size-3.5" aria-hidden="true" />
          Test mode: payments simulator. Use a Stripe test card (any future date, any CVC):
        </p>
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {TEST_CARDS.slice(0, 4).map((c) => (
            <li key={c.number}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => fill(c.number)}
                className={cn(
                  'bg-background hover:bg-accent rounded border px-2 py-1 font-mono text-[11px] transition-colors',
                  'focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px]',
                )}
                aria-label={`Use test card ${groups(c.number)} (${c.label})`}
              >
                {groups(c.number)} <span className="text-muted-foreground font-sans">· {c.label}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </FieldFrame>
  );
}

function FieldFrame({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-2 flex items-center gap-2 text-sm font-medium">
        {icon}
        {label}
      </legend>
      {children}
    </fieldset>
  );
}
