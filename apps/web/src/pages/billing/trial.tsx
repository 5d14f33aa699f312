// /trial (SPEC §2 Trial sign-up, §5 Signup, §8 Registration): plan dialog, account form, card form,
// 'Need to Know' box. Registration goes through tRPC auth.register; the user lands signed in on /dashboard.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { CalendarCheck, Info, Lock, ShieldCheck } from 'lucide-react';
import { ANNUAL_PROMO_CODE, TRIAL_DAYS, type BillingCycleKey, type PublicPlan } from '@app/api/client';
import { ERROR_CODES } from '@app/api/schemas';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
  Spinner,
  toast,
} from '@app/ui';
import { useAuth } from '../../auth/auth-context';
import { useFormErrorToast, type FormErrorToast } from '../../lib/form-error-toast';
import { useTRPC } from '../../lib/trpc';
import {
  readSelectedPlan,
  selectionFor,
  storeSelectedPlan,
  type SelectedPlan,
} from '../../lib/selected-plan';
import { BillingCycleToggle } from '../../components/pricing/billing-cycle-toggle';
import { usePlans } from '../../components/pricing/use-plans';
import { accountProblem, splitFullName } from '../../components/billing/signup-form';
import { PaymentCard, type PaymentHandle } from '../../components/billing/payment-card';
import { PlanOptionCard } from '../../components/billing/plan-option-card';

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

  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
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
          <Card>
            <CardHeader>
              <CardTitle>Your plan</CardTitle>
              <CardDescription>You can change plans at any time.</CardDescription>
            </CardHeader>
            <CardContent>
              {plan ? (
                <div
                  className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4"
                  data-testid="selected-plan"
                >
                  <div>
                    <p className="font-semibold">
                      {plan.name}{' '}
                      <span className="text-muted-foreground text-sm font-normal">
                        ({plan.billingCycle === 'annual' ? 'Annual' : 'Monthly'})
                      </span>
                    </p>
                    <p className="text-muted-foreground text-sm">
                      {plan.price}
                      {plan.period} after the trial · {plan.messages}
                    </p>
                  </div>
                  <Button type="button" variant="outline" size="sm" onClick={() => setDialogOpen(true)}>
                    Change plan
                  </Button>
                </div>
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed p-4">
                  <p className="text-muted-foreground text-sm">No plan selected yet.</p>
                  <Button type="button" size="sm" onClick={() => setDialogOpen(true)}>
                    Choose a plan
                  </Button>
                </div>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Create your account</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor="fullName">Full name *</Label>
                <Input
                  id="fullName"
                  autoComplete="name"
                  value={fullName}
                  onChange={(e) => {
                    setFullName(e.target.value);
                    formError.dismiss();
                  }}
                  disabled={loading}
                  placeholder="Jane Doe"
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor="email">Work email *</Label>
                <Input
                  id="email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    formError.dismiss();
                  }}
                  disabled={loading}
                  placeholder="jane@company.com"
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor="password">Password *</Label>
                <Input
                  id="password"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    formError.dismiss();
                  }}
                  disabled={loading}
                  aria-describedby="password-hint"
                />
                <p id="password-hint" className="text-muted-foreground text-xs">
                  Minimum 8 characters. You&apos;ll use this to log in later.
                </p>
              </div>
              <div className="flex items-start gap-2">
                <Checkbox
                  id="sendTips"
                  checked={sendTips}
                  onCheckedChange={(v) => setSendTips(v === true)}
                  disabled={loading}
                />
                <Label htmlFor="sendTips" className="text-muted-foreground text-sm leading-snug font-normal">
                  Send me tips and best practices for building training with AI
                </Label>
              </div>
            </CardContent>
          </Card>

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
          <Card className="border-primary/30 bg-primary/5">
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <Info className="size-4" aria-hidden="true" /> Need to Know
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-3 text-sm">
                <li className="flex gap-2">
                  <CalendarCheck className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>
                    Your {TRIAL_DAYS}-day free trial starts today — <strong>no charge today</strong>.
                  </span>
                </li>
                <li className="flex gap-2">
                  <CalendarCheck className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>
                    When the trial ends you are billed automatically for the selected plan unless you cancel.
                  </span>
                </li>
                <li className="flex gap-2">
                  <CalendarCheck className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>Cancel any time from your dashboard or profile before the trial ends.</span>
                </li>
                <li className="flex gap-2">
                  <CalendarCheck className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>
                    Annual plans include the {ANNUAL_PROMO_CODE} promotion: 14 months for the price of 12.
                  </span>
                </li>
              </ul>
            </CardContent>
          </Card>

          <div className="space-y-3">
            <Button type="submit" size="lg" className="w-full" disabled={loading || !plan || !payment}>
              {loading ? (
                <>
                  <Spinner className="size-4" /> Creating Account...
                </>
              ) : (
                'Start Free Trial'
              )}
            </Button>
            <p className="text-muted-foreground flex items-start gap-1.5 text-xs">
              <ShieldCheck className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              <span>
                By starting your trial you agree to our{' '}
                <Link to="/terms" className="text-foreground underline underline-offset-2">
                  Terms of Use
                </Link>{' '}
                and{' '}
                <Link to="/privacy" className="text-foreground underline underline-offset-2">
                  Privacy Policy
                </Link>
                . You must be at least 16.
              </span>
            </p>
            <p className="text-muted-foreground text-center text-sm">
              Already have an account?{' '}
              <Link to="/login" className="text-primary font-medium hover:underline">
                Log in
              </Link>
            </p>
          </div>
        </aside>
      </form>

      <Dialog open={dialogOpen} onOpenChange={setDialogOpen}>
        <DialogContent className="max-h-[90vh] grid-cols-1 overflow-y-auto p-4 sm:max-w-3xl sm:p-6">
          <DialogHeader>
            <DialogTitle>Choose your plan</DialogTitle>
            <DialogDescription>Every plan starts with a {TRIAL_DAYS}-day free trial.</DialogDescription>
          </DialogHeader>
          <div className="flex min-w-0 justify-center">
            <BillingCycleToggle value={dialogCycle} onChange={setDialogCycle} />
          </div>
          <div className="grid min-w-0 gap-3 sm:grid-cols-3">
            {plans.map((p) => (
              <PlanOptionCard
                key={p.id}
                plan={p}
                cycle={dialogCycle}
                selected={plan?.name === p.name && plan.billingCycle === dialogCycle}
                actionLabel="Select Plan"
                disabled={!plansReady}
                onSelect={() => choosePlan(p, dialogCycle)}
              />
            ))}
          </div>
        </DialogContent>
      </Dialog>
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
