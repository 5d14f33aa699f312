// /trial (SPEC §2 Trial sign-up, §5 Signup, §8 Registration): plan dialog, account form, card form,
// 'Need to Know' box. Registration goes through tRPC auth.register; the user lands signed in on /dashboard.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { Lock } from 'lucide-react';
import { TRIAL_DAYS, type BillingCycleKey, type PublicPlan } from '@app/api/client';
import { ERROR_CODES } from '@app/api/schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner, toast } from '@app/ui';
import { useAuth } from '../../auth/auth-context';
import { useFormErrorToast, type FormErrorToast } from '../../lib/form-error-toast';
import { useTRPC } from '../../lib/trpc';
import {
  readSelectedPlan,
  selectionFor,
  storeSelectedPlan,
  type SelectedPlan,
} from '../../lib/selected-plan';
import { usePlans } from '../../components/pricing/use-plans';
import { accountProblem, splitFullName } from '../../components/billing/signup-form';
import { PaymentCard, type PaymentHandle } from '../../components/billing/payment-card';
import {
  TrialAccountCard,
  TrialNeedToKnow,
  TrialPlanCard,
  TrialPlanDialog,
  TrialSubmit,
  type TrialAccount,
} from '../../components/billing/trial-parts';

export default function TrialPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const location = useLocation();
  const { setSession } = useAuth();
  const fromPricing = !!(location.state as { fromPricing?: boolean } | null)?.fromPricing;
  const config = useQuery(trpc.system.publicConfig.queryOptions());
  const { plans, ready: plansReady } = usePlans();

  const [plan, setPlan] = useState<SelectedPlan | null>(() => readSelectedPlan());
  const [dialogOpen, setDialogOpen] = useState(() => !readSelectedPlan() && !fromPricing);
  const [dialogCycle, setDialogCycle] = useState<BillingCycleKey>(plan?.billingCycle ?? 'monthly');

  const [account, setAccount] = useState<TrialAccount>({ fullName: '', email: '', password: '' });
  const { fullName, email, password } = account;
  const [sendTips, setSendTips] = useState(true);
  const [cardError, setCardError] = useState<string | null>(null);
  // The form's error toast goes when an input changes or the sign-up succeeds (issue 37 item 9).
  const formError = useFormErrorToast();
  const [payment, setPayment] = useState<PaymentHandle | null>(null);
  const [creatingPm, setCreatingPm] = useState(false);
  const onPaymentReady = useCallback((h: PaymentHandle | null) => setPayment(() => h), []);

  useEffect(() => {
    document.title = 'Start Your 7-Day Free Trial — L&D Assistant';
  }, []);

  const register = useMutation(trpc.auth.register.mutationOptions());
  const loading = creatingPm || register.isPending;

  function choosePlan(p: PublicPlan, cycle: BillingCycleKey) {
    if (!plansReady) return;
    const sel = selectionFor(p, cycle);
    storeSelectedPlan(sel);
    setPlan(sel);
    formError.dismiss();
    setDialogOpen(false);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setCardError(null);
    if (!fullName.trim() || !email.trim() || !password.trim()) {
      formError.error('Missing Information', { description: 'Please fill in all required fields.' });
      return;
    }
    const names = splitFullName(fullName);
    const problem = accountProblem({ email, password, ...names });
    if (problem) {
      formError.error(problem.title, { description: problem.description });
      return;
    }
    if (!plan) {
      formError.error('No Plan Selected', { description: 'Please select a plan before continuing.' });
      return;
    }
    if (!payment) {
      formError.error('Payment system not ready', {
        description: 'Please wait for the payment system to load and try again.',
      });
      return;
    }
    setCreatingPm(true);
    let paymentMethodId: string | undefined;
    try {
      const pm = await payment.createPaymentMethod({ name: fullName.trim(), email: email.trim() });
      if (pm.error) {
        setCardError(pm.error.message);
        if (pm.error.type === 'api_error')
          formError.error('Failed to create payment method', {
            description: pm.error.message || 'Please try again later',
          });
        else formError.error('Payment Error', { description: pm.error.message });
        return;
      }
      paymentMethodId = pm.paymentMethodId;
    } catch (err) {
      formError.error('Failed to create payment method', {
        description: err instanceof Error && err.message ? err.message : 'Please try again later',
      });
      return;
    } finally {
      setCreatingPm(false);
    }
    try {
      const res = await register.mutateAsync({
        email: email.trim(),
        password,
        firstName: names.firstName,
        ...(names.lastName ? { lastName: names.lastName } : {}),
        paymentMethodId: paymentMethodId!,
        selectedPriceId: plan.priceId,
        sendTips,
      });
      setSession(res.accessToken, res.user);
      storeSelectedPlan(null);
      formError.dismiss();
      toast.success('Welcome aboard!', {
        description: `Your ${TRIAL_DAYS}-day free trial of ${plan.name} has started. Check your inbox to verify your email.`,
      });
      navigate('/dashboard');
    } catch (err) {
      reportRegistrationError(err, setCardError, formError.error);
    }
  }

  const publishableKey = config.data?.stripePublishableKey ?? null;
  const paymentLoading = config.isPending;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Start Your 7-Day Free Trial</h1>
        <p className="text-muted-foreground mt-3 text-pretty">
          Full access to the L&amp;D Assistant for {TRIAL_DAYS} days. No charge today — cancel any time before
          your trial ends.
        </p>
      </div>

      <form onSubmit={onSubmit} noValidate className="mt-10 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <TrialPlanCard plan={plan} onChange={() => setDialogOpen(true)} />

          <TrialAccountCard
            account={account}
            onChange={(patch) => {
              setAccount((a) => ({ ...a, ...patch }));
              formError.dismiss();
            }}
            sendTips={sendTips}
            onSendTips={setSendTips}
            disabled={loading}
          />

          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Lock className="size-4" aria-hidden="true" /> Payment details
              </CardTitle>
              <CardDescription>No charge today. Your card is billed when the trial ends.</CardDescription>
            </CardHeader>
            <CardContent>
              {paymentLoading ? (
                <div className="text-muted-foreground flex items-center gap-2 text-sm">
                  <Spinner className="size-4" /> Loading payment system…
                </div>
              ) : (
                <PaymentCard
                  publishableKey={publishableKey}
                  onReady={onPaymentReady}
                  error={cardError}
                  disabled={loading}
                />
              )}
            </CardContent>
          </Card>
        </div>

        <aside className="space-y-6 lg:sticky lg:top-20 lg:self-start">
          <TrialNeedToKnow />

          <TrialSubmit loading={loading} disabled={loading || !plan || !payment} />
        </aside>
      </form>

      <TrialPlanDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        cycle={dialogCycle}
        onCycleChange={setDialogCycle}
        plans={plans}
        plansReady={plansReady}
        selected={plan}
        onChoose={choosePlan}
      />
    </div>
  );
}

/** SPEC §8 Registration: card errors under the card field, connection errors, other failures. */
function reportRegistrationError(
  err: unknown,
  setCardError: (m: string | null) => void,
  showError: FormErrorToast['error'],
) {
  if (!(err instanceof Error)) {
    showError('Registration failed', { description: 'An unexpected error occurred. Please try again.' });
    return;
  }
  const appCode =
    err instanceof TRPCClientError ? (err.data as { appCode?: string } | undefined)?.appCode : undefined;
  const message = err.message;
  if (
    appCode === ERROR_CODES.CARD_ERROR ||
    (appCode === ERROR_CODES.VALIDATION_ERROR && /payment|card/i.test(message))
  ) {
    setCardError(message);
    showError('Payment Error', { description: message });
    return;
  }
  if (/network|fetch/i.test(message)) {
    showError('Connection Error', { description: 'Please check your internet connection and try again.' });
    return;
  }
  showError('Registration failed', {
    description: message || 'Please check your information and try again.',
  });
}
