// /dashboard (SPEC §2 Dashboard, §4 subscription rules, §8 Dashboard toasts).
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  AlertTriangle,
  ArrowRight,
  BookOpenCheck,
  Clock,
  CreditCard,
  FileUp,
  Lightbulb,
  MessageSquarePlus,
  MessagesSquare,
  Sparkles,
  UserRoundSearch,
} from 'lucide-react';
import { PLANS, canSend, type BillingCycleKey } from '@app/api/client';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Progress,
  Skeleton,
  cn,
  toast,
} from '@app/ui';
import { useAuth } from '../../auth/auth-context';
import { useTRPC } from '../../lib/trpc';
import { BillingCycleToggle } from '../../components/pricing/billing-cycle-toggle';
import { PlanOptionCard } from '../../components/billing/plan-option-card';
import { useBillingActions } from '../../components/billing/use-billing-actions';
import type { SubscriptionData } from '../../components/billing/types';
import { BillingActionButtons } from '../../components/billing/billing-action-buttons';
import {
  USAGE_BAR_CLASS,
  blockedBanner,
  formatDate,
  formatPlanName,
  isAnnualBilling,
  paymentText,
  statusLabel,
  statusOf,
  statusVariant,
  trialDaysLeft,
  upgradeRoute,
  usagePercent,
  usageTone,
} from '../../components/billing/subscription-format';

const ACTIONS = [
  {
    action: 'start_chat',
    label: 'Start Chat',
    hint: 'Ask the L&D assistant anything',
    icon: MessageSquarePlus,
  },
  {
    action: 'new_learning_plan',
    label: 'New Learning Plan',
    hint: 'Objectives, modules, assessments',
    icon: BookOpenCheck,
  },
  {
    action: 'sme_walkthrough',
    label: 'SME Walkthrough',
    hint: 'Simulate an expert interview',
    icon: UserRoundSearch,
  },
  { action: 'upload_sme_notes', label: 'Upload SME Notes', hint: 'Turn notes into training', icon: FileUp },
] as const;

export default function DashboardPage() {
  const trpc = useTRPC();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const billing = useBillingActions();
  const subQuery = useQuery(trpc.subscriptions.current.queryOptions());
  const sessionsQuery = useQuery(trpc.assistant.listSessions.queryOptions({ limit: 5 }));
  const profile = useQuery(trpc.auth.me.queryOptions());
  const sub = subQuery.data?.subscription ?? null;
  const status = statusOf(sub);
  const isAdmin = !!(profile.data?.user.isAdmin ?? user?.isAdmin);
  // The server's sending rule (canSend): no subscription, INCOMPLETE (trial expired), INCOMPLETE_EXPIRED,
  // CANCELED and INACTIVE are refused, so the dashboard blocks them too. Admins are staff and may send.
  const blocked = subQuery.isSuccess && !canSend(sub?.status, { isAdmin });
  const banner = blockedBanner(sub?.status);
  const [upgradeOpen, setUpgradeOpen] = useState(() => window.location.hash === '#upgrade');
  const showUpgrade = () => {
    setUpgradeOpen(true);
    requestAnimationFrame(() =>
      document.getElementById('upgrade')?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    );
  };

  useEffect(() => {
    document.title = 'Dashboard — L&D Assistant';
  }, []);

  // ?subscription=success: toast, clean URL, refresh the subscription.
  const handled = useRef(false);
  useEffect(() => {
    if (params.get('subscription') !== 'success' || handled.current) return;
    handled.current = true;
    toast.success('Subscription updated!', {
      description: 'Your plan is active. Thank you for subscribing.',
    });
    navigate('/dashboard', { replace: true });
    void billing.refresh();
  }, [params, navigate, billing]);

  useEffect(() => {
    if (params.get('subscription') === 'cancelled') {
      toast.info('Subscription process was cancelled');
      navigate('/dashboard', { replace: true });
    }
  }, [params, navigate]);

  useEffect(() => {
    if (subQuery.isError) toast.error('Failed to load subscription data');
  }, [subQuery.isError]);
  useEffect(() => {
    if (profile.isError) toast.error('Failed to load profile data');
  }, [profile.isError]);

  const firstName = (profile.data?.user.firstName ?? user?.firstName)?.trim() || 'there';

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        Welcome {firstName}, what would you like to create today?
      </h1>

      <div className="mt-6 space-y-4">
        {blocked && (
          <div
            role="alert"
            data-testid="expired-banner"
            data-status={status}
            className="flex flex-col gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 sm:flex-row sm:items-center sm:justify-between dark:border-red-900 dark:bg-red-950/60 dark:text-red-100"
          >
            <div className="flex items-start gap-3">
              <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <div>
                <p className="font-semibold">{banner.title}</p>
                <p className="text-sm opacity-90">{banner.text}</p>
              </div>
            </div>
            <Button variant="destructive" size="sm" onClick={showUpgrade}>
              Upgrade now
            </Button>
          </div>
        )}
        {status === 'TRIALING' && sub && <TrialBanner sub={sub} onUpgrade={showUpgrade} />}
      </div>

      <section aria-label="Quick actions" className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {ACTIONS.map(({ action, label, hint, icon: Icon }) => (
          <Button
            key={action}
            variant="outline"
            disabled={blocked}
            onClick={() => navigate(`/assistant?action=${action}`)}
            className="h-auto flex-col items-start gap-1 p-4 text-left whitespace-normal"
          >
            <span className="flex items-center gap-2 font-semibold">
              <Icon className="text-primary size-5" aria-hidden="true" /> {label}
            </span>
            <span className="text-muted-foreground text-xs font-normal">{hint}</span>
          </Button>
        ))}
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader className="flex flex-row items-center justify-between gap-2">
              <div>
                <CardTitle className="flex items-center gap-2">
                  <MessagesSquare className="size-5" aria-hidden="true" /> Recent Chat Sessions
                </CardTitle>
                <CardDescription>Pick up where you left off.</CardDescription>
              </div>
              <Button asChild variant="ghost" size="sm">
                <Link to="/assistant">
                  View All Sessions <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </CardHeader>
            <CardContent>
              {sessionsQuery.isPending ? (
                <div className="space-y-2">
                  <Skeleton className="h-10 w-full" />
                  <Skeleton className="h-10 w-full" />
                </div>
              ) : (sessionsQuery.data?.sessions ?? []).length === 0 ? (
                <p className="text-muted-foreground py-6 text-center text-sm">
                  No L&amp;D sessions yet. Start a new chat to begin.
                </p>
              ) : (
                <ul className="divide-y">
                  {sessionsQuery.data!.sessions.slice(0, 5).map((s) => (
                    <li key={s.id}>
                      <Link
                        to={`/assistant/${s.id}`}
                        className="hover:bg-accent flex items-center justify-between gap-3 rounded-md px-2 py-3"
                      >
                        <span className="truncate font-medium">{s.title}</span>
                        <span className="text-muted-foreground flex shrink-0 items-center gap-1 text-xs">
                          <Clock className="size-3.5" aria-hidden="true" /> {formatDate(s.updatedAt)}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>

          <UpgradePanel
            sub={sub}
            forceOpen={blocked}
            open={upgradeOpen}
            setOpen={setUpgradeOpen}
            billing={billing}
            loading={subQuery.isPending}
          />
        </div>

        <div className="space-y-6">
          <UsageCard sub={sub} loading={subQuery.isPending} staff={isAdmin && !canSend(sub?.status)} />
          <BillingCard sub={sub} billing={billing} loading={subQuery.isPending} />
          <Card className="bg-primary/5 border-primary/20">
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <Lightbulb className="text-primary size-5" aria-hidden="true" /> Tip
              </CardTitle>
            </CardHeader>
            <CardContent className="text-muted-foreground text-sm">
              Paste raw SME notes and ask for “three Bloom-aligned objectives and a five-question quiz”. Then
              say “revise” or “add scenario” to iterate — each exchange counts as one message.
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

type Sub = SubscriptionData;
type Billing = ReturnType<typeof useBillingActions>;

function TrialBanner({ sub, onUpgrade }: { sub: Sub; onUpgrade: () => void }) {
  const days = trialDaysLeft(sub.trialEnd);
  return (
    <div
      data-testid="trial-banner"
      className="border-primary/30 bg-primary/5 flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Sparkles className="text-primary mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">
            Free Trial: {days} {days === 1 ? 'day' : 'days'} left
          </p>
          <p className="text-muted-foreground text-sm">
            {sub.cancelAtPeriodEnd
              ? `Your trial was cancelled and ends on ${formatDate(sub.trialEnd)}. Upgrade to keep access.`
              : `Your ${formatPlanName(sub.plan)} plan starts on ${formatDate(sub.trialEnd)}. No charge until then.`}
          </p>
        </div>
      </div>
      <Button size="sm" onClick={onUpgrade}>
        Upgrade now
      </Button>
    </div>
  );
}

function UsageCard({ sub, loading, staff }: { sub: Sub | null; loading: boolean; staff: boolean }) {
  const pct = usagePercent(sub?.messagesUsed, sub?.messageLimit);
  const tone = usageTone(pct);
  const limit = sub?.messageLimit || 50;
  const resetAt =
    sub?.status === 'TRIALING'
      ? sub.trialEnd
      : sub?.status === 'ACTIVE' || sub?.status === 'PAST_DUE'
        ? sub.currentPeriodEnd
        : null;
  return (
    <Card data-testid="usage-card">
      <CardHeader>
        <CardTitle>Current Plan &amp; Usage</CardTitle>
        <CardDescription>One message = one question and one answer.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {loading ? (
          <Skeleton className="h-16 w-full" />
        ) : staff ? (
          <p className="text-muted-foreground text-sm" data-testid="staff-usage">
            Admin account: staff access to the assistant, unmetered. No plan needed.
          </p>
        ) : (
          <>
            <div className="flex items-center justify-between gap-2">
              <span className="text-lg font-semibold" data-testid="plan-name">
                {formatPlanName(sub?.plan)}
              </span>
              <Badge variant={statusVariant(sub?.status)} data-testid="status-badge">
                {statusLabel(sub?.status)}
              </Badge>
            </div>
            <div>
              <div className="mb-1.5 flex justify-between text-sm">
                <span className="text-muted-foreground">Messages this period</span>
                <span className="font-medium" data-testid="usage-text">
                  {(sub?.messagesUsed ?? 0).toLocaleString('en-US')} / {limit.toLocaleString('en-US')}
                </span>
              </div>
              <Progress
                value={pct}
                aria-label="Messages used"
                data-tone={tone}
                indicatorClassName={USAGE_BAR_CLASS[tone]}
              />
              <p className="text-muted-foreground mt-1.5 text-xs">
                {Math.round(pct)}% used
                {resetAt ? ` · resets ${formatDate(resetAt)}` : ''}
                {' · unused messages do not roll over'}
              </p>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function UpgradePanel({
  sub,
  forceOpen,
  open,
  setOpen,
  billing,
  loading,
}: {
  sub: Sub | null;
  forceOpen: boolean;
  open: boolean;
  setOpen: (fn: (v: boolean) => boolean) => void;
  billing: Billing;
  loading: boolean;
}) {
  const trpc = useTRPC();
  const config = useQuery(trpc.system.publicConfig.queryOptions());
  const [cycle, setCycle] = useState<BillingCycleKey>('monthly');
  const [selected, setSelected] = useState<string | null>(null);
  const priceIds = config.data?.priceIds;
  const selectedPrice = selected ?? priceIds?.pro.monthly ?? null;
  const isOpen = forceOpen || open;
  const trialing = sub?.status === 'TRIALING';
  // Re-buying the same plan is allowed after the trial expired or the subscription ended.
  const isCurrentPrice = (priceId: string | null) =>
    !!sub?.priceId && priceId === sub.priceId && !trialing && canSend(sub.status);
  const isCurrent = isCurrentPrice(selectedPrice);
  const pending = billing.checkoutPending || billing.changePending;
  const inPlace = upgradeRoute(sub) === 'change';
  const disabled = pending || !selectedPrice || isCurrent;
  const selectedPlan = PLANS.find(
    (p) => priceIds && Object.values(priceIds[p.id]).includes(selectedPrice ?? ''),
  );

  return (
    <Card
      id="upgrade"
      data-testid="upgrade-panel"
      className={cn(forceOpen && 'border-red-300 dark:border-red-900')}
    >
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle className="flex items-center gap-2">
            <CreditCard className="size-5" aria-hidden="true" />{' '}
            {forceOpen ? 'Choose a plan to continue' : 'Upgrade your plan'}
          </CardTitle>
          <CardDescription>
            {isAnnualBilling(sub)
              ? 'You are billed annually.'
              : 'Annual billing: 14 months for the price of 12.'}
          </CardDescription>
        </div>
        {!forceOpen && (
          <Button variant="outline" size="sm" onClick={() => setOpen((v) => !v)} aria-expanded={isOpen}>
            {isOpen ? 'Hide plans' : 'Upgrade Plan'}
          </Button>
        )}
      </CardHeader>
      {isOpen && (
        <CardContent className="space-y-4">
          <div className="flex justify-center">
            <BillingCycleToggle
              value={cycle}
              onChange={(c) => {
                setCycle(c);
                if (priceIds && selectedPlan) setSelected(priceIds[selectedPlan.id][c]);
              }}
            />
          </div>
          <div className="grid gap-3 md:grid-cols-3">
            {PLANS.map((p) => {
              const priceId = priceIds?.[p.id][cycle] ?? '';
              return (
                <PlanOptionCard
                  key={p.id}
                  plan={p}
                  cycle={cycle}
                  compact
                  selected={selectedPrice === priceId}
                  current={isCurrentPrice(priceId)}
                  onSelect={() => setSelected(priceId)}
                  disabled={loading || !priceIds}
                />
              );
            })}
          </div>
          <Button
            className="w-full"
            size="lg"
            disabled={disabled}
            onClick={() => selectedPrice && void billing.upgrade(sub, selectedPrice)}
          >
            {pending
              ? inPlace
                ? 'Changing plan…'
                : 'Redirecting to checkout…'
              : isCurrent
                ? 'This is your current plan'
                : `Upgrade to ${selectedPlan?.name ?? 'plan'}`}
          </Button>
        </CardContent>
      )}
    </Card>
  );
}

function BillingCard({ sub, billing, loading }: { sub: Sub | null; billing: Billing; loading: boolean }) {
  const trpc = useTRPC();
  const config = useQuery(trpc.system.publicConfig.queryOptions());
  const status = statusOf(sub);
  const live = status === 'TRIALING' || status === 'ACTIVE' || status === 'PAST_DUE';
  const testPlan = sub?.plan === 'starter' || sub?.plan === 'team' ? sub.plan : 'pro';
  return (
    <Card data-testid="billing-card">
      <CardHeader>
        <CardTitle>Billing Information</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {loading ? (
          <Skeleton className="h-20 w-full" />
        ) : (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-muted-foreground">Payment</dt>
              <dd data-testid="payment-text">{paymentText(sub)}</dd>
              <dt className="text-muted-foreground">Billing</dt>
              <dd>{sub?.plan ? (isAnnualBilling(sub) ? 'Annual' : 'Monthly') : '—'}</dd>
              {live ? (
                <>
                  <dt className="text-muted-foreground">{status === 'TRIALING' ? 'Trial ends' : 'Renews'}</dt>
                  <dd>
                    {sub?.cancelAtPeriodEnd
                      ? `Ends ${formatDate(status === 'TRIALING' ? sub.trialEnd : sub.currentPeriodEnd)}`
                      : formatDate(status === 'TRIALING' ? sub?.trialEnd : sub?.currentPeriodEnd)}
                  </dd>
                </>
              ) : (
                <>
                  <dt className="text-muted-foreground">Status</dt>
                  <dd>{status === 'INCOMPLETE' ? 'Upgrade required' : statusLabel(status)}</dd>
                </>
              )}
            </dl>
            <BillingActionButtons sub={sub} variant="ghost" duringTrialMessage>
              {config.data?.testHelpers && status === 'TRIALING' && (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={billing.testUpgradePending}
                  onClick={() => void billing.testUpgradeTrial(testPlan)}
                >
                  End trial now (test)
                </Button>
              )}
            </BillingActionButtons>
          </>
        )}
      </CardContent>
    </Card>
  );
}
