// The dashboard's upgrade panel (SPEC §4 Upgrade panel): a cycle toggle, the plans as cards, and one button
// labelled by the direction of the change (issue 17 item 3: Upgrade / Downgrade / Switch to annual). A
// downgrade is confirmed first (quota, features, date) and is booked for the end of the paid period; a plan
// bought during the trial is confirmed with what it costs today (issue 37 item 7). The current plan (paid or
// trial) reads 'Current plan', the others their direction ('Upgrade to Team'). 'Upgrade Plan' scrolls the
// plans into view and moves focus to them (issue 37 item 8).
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { formatCents, periodPriceCents, type BillingCycleKey } from '@app/api/client';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, cn } from '@app/ui';
import { useTRPC } from '../../lib/trpc';
import { BillingCycleToggle } from '../pricing/billing-cycle-toggle';
import { priceIdOf, usePlans } from '../pricing/use-plans';
import { DowngradeDialog } from './downgrade-dialog';
import { PlanOptionCard } from './plan-option-card';
import { changeLabel, defaultSelection, downgradeSummary, type DowngradeSummary } from './plan-change';
import { describeSubscription, formatDate } from './subscription-format';
import { TrialUpgradeDialog, type TrialUpgrade } from './trial-upgrade-dialog';
import type { SubscriptionData } from './types';
import type { useBillingActions } from './use-billing-actions';

export function UpgradePanel({
  sub,
  forceOpen,
  open,
  setOpen,
  billing,
  loading,
}: {
  sub: SubscriptionData | null;
  forceOpen: boolean;
  open: boolean;
  setOpen: (fn: (v: boolean) => boolean) => void;
  billing: ReturnType<typeof useBillingActions>;
  loading: boolean;
}) {
  const trpc = useTRPC();
  const { plans, ready } = usePlans();
  const optionsQuery = useQuery(trpc.subscriptions.planOptions.queryOptions());
  const d = describeSubscription(sub);
  const [cycle, setCycle] = useInitialCycle(sub, d.annual);
  const [selected, setSelected] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<DowngradeSummary | null>(null);
  const [trialConfirm, setTrialConfirm] = useState<TrialUpgrade | null>(null);
  const [plansRef, setReveal] = useReveal();
  const options = optionsQuery.data?.planOptions;
  // The server's rule per option: its direction, how the change goes, and whether it is the current plan.
  const optionFor = (priceId: string | null) => options?.find((o) => !!priceId && o.priceId === priceId);
  const pro = plans.find((p) => p.id === 'pro');
  const selectedPrice = selected ?? (ready && pro ? defaultSelection(options, pro.monthlyPriceId) : null);
  const isOpen = forceOpen || open;
  const selectedOption = optionFor(selectedPrice);
  const isCurrent = !!selectedOption?.current;
  const pending = billing.checkoutPending || billing.changePending;
  const disabled = pending || !selectedOption || isCurrent;
  const selectedPlan = plans.find((p) => p.id === selectedOption?.planId);
  const currentPlan = plans.find((p) => p.id === sub?.plan);

  /** The main button's label: the direction, or for a trial's own plan, paying for it now. */
  const chooseLabel = (option: NonNullable<typeof selectedOption>, name: string) =>
    d.trialing && option.direction === 'current' ? `Start ${name} now` : changeLabel(option.direction, name);

  function choose() {
    if (!selectedOption) return;
    if (d.trialing && selectedOption.action === 'checkout' && selectedPlan) {
      setTrialConfirm({
        title: chooseLabel(selectedOption, selectedPlan.name),
        price: formatCents(periodPriceCents(selectedPlan, selectedOption.cycle)),
        period: selectedPlan.period[selectedOption.cycle],
        planName: selectedPlan.name,
        trialPlan: currentPlan?.name ?? d.planLabel,
        trialEnd: d.periodEnd,
      });
      return;
    }
    if (selectedOption.action === 'schedule' && selectedPlan && currentPlan) {
      setConfirm(
        downgradeSummary(
          currentPlan,
          d.annual ? 'annual' : 'monthly',
          selectedPlan,
          selectedOption.cycle,
          plans,
        ),
      );
      return;
    }
    void billing.upgrade(selectedOption.priceId, selectedOption.action);
  }

  return (
    <Card
      id="upgrade"
      data-testid="upgrade-panel"
      className={cn(forceOpen && 'border-status-error-foreground/40')}
    >
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle className="flex items-center gap-2">
            <CreditCard className="size-5" aria-hidden="true" />{' '}
            {forceOpen ? 'Choose a plan to continue' : d.paid ? 'Change your plan' : 'Upgrade your plan'}
          </CardTitle>
          <CardDescription>
            {d.annual
              ? 'You are billed annually: 14 months for the price of 12.'
              : 'Annual billing: 14 months for the price of 12.'}
          </CardDescription>
        </div>
        {!forceOpen && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              if (!isOpen) setReveal(true);
              setOpen((v) => !v);
            }}
            aria-expanded={isOpen}
            aria-controls="upgrade-plans"
          >
            {isOpen ? 'Hide plans' : 'Upgrade Plan'}
          </Button>
        )}
      </CardHeader>
      {isOpen && (
        <CardContent
          ref={plansRef}
          id="upgrade-plans"
          tabIndex={-1}
          aria-label="Plans"
          role="region"
          className="scroll-mt-20 space-y-4 outline-none"
        >
          <div className="flex justify-center">
            <BillingCycleToggle
              value={cycle}
              onChange={(c) => {
                setCycle(c);
                if (selectedPlan) setSelected(priceIdOf(selectedPlan, c));
              }}
            />
          </div>
          <div className="grid gap-3 md:grid-cols-3">
            {plans.map((p) => {
              const priceId = priceIdOf(p, cycle);
              const option = optionFor(priceId);
              const selectedHere = !!priceId && selectedPrice === priceId;
              return (
                <PlanOptionCard
                  key={p.id}
                  plan={p}
                  cycle={cycle}
                  compact
                  selected={selectedHere}
                  current={option?.direction === 'current'}
                  actionLabel={
                    selectedHere
                      ? 'Selected'
                      : option?.direction === 'current'
                        ? 'Current plan'
                        : option
                          ? changeLabel(option.direction, p.name)
                          : undefined
                  }
                  scheduledLabel={
                    option?.scheduled && sub?.scheduledChange
                      ? `From ${formatDate(sub.scheduledChange.effectiveAt)}`
                      : null
                  }
                  onSelect={() => setSelected(priceId)}
                  disabled={loading || !ready || !options}
                />
              );
            })}
          </div>
          {selectedOption?.action === 'schedule' && !isCurrent && (
            <p className="text-muted-foreground text-center text-sm">
              Takes effect on {formatDate(sub?.currentPeriodEnd)}, at the end of your paid period.
            </p>
          )}
          <Button className="w-full" size="lg" disabled={disabled} onClick={choose}>
            {pending
              ? selectedOption?.action === 'checkout'
                ? 'Redirecting to checkout…'
                : 'Changing plan…'
              : selectedOption && selectedPlan
                ? chooseLabel(selectedOption, selectedPlan.name)
                : 'Choose a plan'}
          </Button>
        </CardContent>
      )}
      <TrialUpgradeDialog
        upgrade={trialConfirm}
        pending={pending}
        onClose={() => setTrialConfirm(null)}
        onConfirm={() => {
          setTrialConfirm(null);
          if (selectedOption) void billing.upgrade(selectedOption.priceId, selectedOption.action);
        }}
      />
      <DowngradeDialog
        summary={confirm}
        title={
          selectedOption && selectedPlan
            ? `${changeLabel(selectedOption.direction, selectedPlan.name)}?`
            : 'Change your plan?'
        }
        effectiveAt={sub?.currentPeriodEnd}
        pending={pending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          if (selectedOption) void billing.upgrade(selectedOption.priceId, selectedOption.action);
        }}
      />
    </Card>
  );
}

/** The cycle shown: an annual subscriber opens on annual prices, once, before any choice of theirs. */
function useInitialCycle(sub: SubscriptionData | null, annual: boolean) {
  const [cycle, setCycle] = useState<BillingCycleKey>('monthly');
  const cycleSet = useRef(false);
  useEffect(() => {
    if (cycleSet.current || !sub) return;
    cycleSet.current = true;
    if (annual) setCycle('annual');
  }, [sub, annual]);
  return [cycle, setCycle] as const;
}

/** 'Upgrade Plan' asked for the plans: once they render, bring them into view and move focus to them. */
function useReveal() {
  const plansRef = useRef<HTMLDivElement>(null);
  const [reveal, setReveal] = useState(false);
  useEffect(() => {
    if (!reveal || !plansRef.current) return;
    setReveal(false);
    const el = plansRef.current;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    el.focus({ preventScroll: true });
  }, [reveal]);
  return [plansRef, setReveal] as const;
}
