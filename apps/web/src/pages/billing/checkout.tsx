// /billing/checkout/:sessionId — the payments simulator's hosted checkout (used when Stripe is not
// configured). Pay → /dashboard?subscription=success; Cancel → /pricing?subscription=cancelled.
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { ArrowLeft, FlaskConical, Lock } from 'lucide-react';
import { ANNUAL_PROMO_CODE, formatCents } from '@app/api/client';
import { ERROR_CODES } from '@app/api/schemas';
import { Button, Card, CardContent, FullPageSpinner, Separator, Spinner, toast } from '@app/ui';
import { useTRPC } from '../../lib/trpc';
import { PaymentCard, type PaymentHandle } from '../../components/billing/payment-card';

export default function CheckoutPage() {
  const { sessionId = '' } = useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const session = useQuery({ ...trpc.billing.checkoutSession.queryOptions({ sessionId }), retry: false });
  const complete = useMutation(trpc.billing.completeCheckout.mutationOptions());
  const [payment, setPayment] = useState<PaymentHandle | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onReady = useCallback((h: PaymentHandle | null) => setPayment(() => h), []);

  useEffect(() => {
    document.title = 'Checkout — L&D Assistant';
  }, []);

  if (session.isPending) return <FullPageSpinner />;
  if (session.isError || !session.data)
    return (
      <div className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-xl font-semibold">This checkout session is no longer available</h1>
        <p className="text-muted-foreground text-sm">{session.error?.message}</p>
        <Button asChild>
          <Link to="/pricing">Back to pricing</Link>
        </Button>
      </div>
    );

  const s = session.data;
  const annual = s.cycle === 'annual';

  async function pay() {
    if (!payment) return;
    setCardError(null);
    setBusy(true);
    try {
      const pm = await payment.createPaymentMethod({ name: '', email: s.email ?? '' });
      if (pm.error) {
        setCardError(pm.error.message);
        toast.error('Payment Error', { description: pm.error.message });
        return;
      }
      const res = await complete.mutateAsync({ sessionId, paymentMethodId: pm.paymentMethodId });
      navigate(res.redirectUrl, { replace: true });
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Payment failed';
      const code =
        err instanceof TRPCClientError ? (err.data as { appCode?: string } | undefined)?.appCode : undefined;
      if (code === ERROR_CODES.CARD_ERROR) {
        setCardError(message);
        toast.error('Payment Error', { description: message });
      } else toast.error('Failed to create checkout session', { description: message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="bg-muted/40 min-h-screen">
      <div className="bg-status-warning text-status-warning-foreground px-4 py-2 text-center text-xs font-medium">
        <FlaskConical className="mr-1 inline size-3.5" aria-hidden="true" />
        Payments simulator — no real card is charged.
      </div>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
        <section aria-label="Order summary" className="space-y-6">
          <Link
            to={s.cancelUrl}
            className="text-muted-foreground hover:text-foreground inline-flex items-center gap-1 text-sm"
            data-testid="checkout-back"
          >
            <ArrowLeft className="size-4" aria-hidden="true" /> L&amp;D Assistant
          </Link>
          <div>
            <p className="text-muted-foreground text-sm">Subscribe to {s.planName}</p>
            <p className="mt-1 flex items-baseline gap-2">
              <span className="text-4xl font-bold tracking-tight" data-testid="checkout-amount">
                {formatCents(s.amountCents)}
              </span>
              <span className="text-muted-foreground">per {annual ? 'year' : 'month'}</span>
            </p>
          </div>
          <Card>
            <CardContent className="space-y-3 pt-6 text-sm">
              <div className="flex justify-between gap-4">
                <span>
                  {s.planName} plan ({annual ? 'annual' : 'monthly'})
                  {s.quantity > 1 ? ` × ${s.quantity} seats` : ''}
                </span>
                <span className="font-medium">{formatCents(s.amountCents)}</span>
              </div>
              {annual && (
                <p className="text-muted-foreground text-xs">
                  Promotion {ANNUAL_PROMO_CODE} applied: 14 months of messages for the price of 12.
                </p>
              )}
              <Separator />
              <div className="flex justify-between gap-4 font-semibold">
                <span>Total due today</span>
                <span>{formatCents(s.amountCents)}</span>
              </div>
            </CardContent>
          </Card>
        </section>

        <section aria-label="Payment" className="space-y-5">
          <h1 className="text-xl font-semibold">Pay with card</h1>
          {s.email && (
            <div className="text-sm">
              <p className="text-muted-foreground">Email</p>
              <p className="font-medium">{s.email}</p>
            </div>
          )}
          <PaymentCard publishableKey={null} onReady={onReady} error={cardError} disabled={busy} />
          <Button className="w-full" size="lg" onClick={() => void pay()} disabled={busy || !payment}>
            {busy ? (
              <>
                <Spinner className="size-4" /> Processing…
              </>
            ) : (
              <>
                <Lock className="size-4" aria-hidden="true" /> Subscribe
              </>
            )}
          </Button>
          <Button asChild variant="ghost" className="w-full">
            <Link to={s.cancelUrl}>Cancel and return</Link>
          </Button>
          <p className="text-muted-foreground text-center text-xs">
            By subscribing you authorise recurring charges until you cancel. No refunds except where the law
            requires them.
          </p>
        </section>
      </div>
    </div>
  );
}
