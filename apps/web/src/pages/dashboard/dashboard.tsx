// /dashboard (SPEC §2 Dashboard, §4 subscription rules, §8 Dashboard toasts).
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  AlertTriangle,
  ArrowRight,
  BookOpenCheck,
  Clock,
  FileUp,
  Lightbulb,
  MessageSquarePlus,
  MessagesSquare,
  Sparkles,
  UserRoundSearch,
} from 'lucide-react';
import { canSend } from '@app/api/client';
import {
  Alert,
  AlertAction,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Progress,
  Skeleton,
  toast,
} from '@app/ui';
import { useAuth } from '../../auth/auth-context';
import { useTRPC } from '../../lib/trpc';
import { TeamPlanUsage } from '../../components/team/team-plan-usage';
import { useBillingActions } from '../../components/billing/use-billing-actions';
import type { SubscriptionData } from '../../components/billing/types';
import { BillingActionButtons } from '../../components/billing/billing-action-buttons';
import { ScheduledChangeNotice } from '../../components/billing/scheduled-change-notice';
import { UpgradePanel } from '../../components/billing/upgrade-panel';
import { sessionTypeInfo } from '../../components/assistant/assistant-utils';
import {
  USAGE_BAR_CLASS,
  blockedBanner,
  describeSubscription,
  formatDate,
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
  const { status } = describeSubscription(sub);
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
          <Alert variant="destructive" data-testid="expired-banner" data-status={status} className="p-4">
            <AlertTriangle aria-hidden="true" />
            <AlertTitle className="text-base font-semibold">{banner.title}</AlertTitle>
            <AlertDescription>{banner.text}</AlertDescription>
            <AlertAction>
              <Button variant="destructive" size="sm" onClick={showUpgrade}>
                Upgrade now
              </Button>
            </AlertAction>
          </Alert>
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
                        <span className="flex min-w-0 flex-col">
                          <span className="truncate font-medium">{s.title}</span>
                          <span className="text-muted-foreground truncate text-xs">
                            {sessionTypeInfo(s.sessionType).label}
                          </span>
                        </span>
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
  const d = describeSubscription(sub);
  const days = d.trialDaysLeft;
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
            {d.cancelling
              ? `Your trial was cancelled and ends on ${formatDate(d.periodEnd)}. Upgrade to keep access.`
              : `Your ${d.planLabel} plan starts on ${formatDate(d.periodEnd)}. No charge until then.`}
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
  const d = describeSubscription(sub);
  const pct = d.usagePercent;
  const tone = d.usageTone;
  const resetAt = d.periodEnd;
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
                {d.planLabel}
              </span>
              <Badge variant={d.statusVariant} data-testid="status-badge">
                {d.statusLabel}
              </Badge>
            </div>
            <div>
              <div className="mb-1.5 flex justify-between text-sm">
                <span className="text-muted-foreground">Messages this period</span>
                <span className="font-medium" data-testid="usage-text">
                  {d.messagesUsed.toLocaleString('en-US')} / {d.messageLimit.toLocaleString('en-US')}
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
            {/* Team plan: the shared quota above is the team's; this adds the member's own use and cap. */}
            {sub?.plan === 'team' && <TeamPlanUsage />}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function BillingCard({ sub, billing, loading }: { sub: Sub | null; billing: Billing; loading: boolean }) {
  const trpc = useTRPC();
  const config = useQuery(trpc.system.publicConfig.queryOptions());
  const d = describeSubscription(sub);
  const status = d.status;
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
              <dd data-testid="payment-text">{d.paymentText}</dd>
              <dt className="text-muted-foreground">Billing</dt>
              <dd>{d.cycleLabel ?? '—'}</dd>
              {d.live ? (
                <>
                  <dt className="text-muted-foreground">{d.trialing ? 'Trial' : 'Period'}</dt>
                  <dd data-testid="period-text">
                    {d.periodText}
                    {d.periodRange && (
                      <span className="text-muted-foreground block text-xs" data-testid="period-range">
                        {d.periodRange}
                      </span>
                    )}
                  </dd>
                </>
              ) : (
                <>
                  <dt className="text-muted-foreground">Status</dt>
                  <dd>{status === 'INCOMPLETE' ? 'Upgrade required' : d.statusLabel}</dd>
                </>
              )}
            </dl>
            <ScheduledChangeNotice d={d} />
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
