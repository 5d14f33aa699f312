// Plan changes as the upgrade panel shows them (issue 17 item 3): a label by direction (the server decides the
// direction and how the change goes, subscriptions.planOptions), and what a downgrade takes away — quota and
// features — for its confirmation.
import type { BillingCycleKey, PublicPlan } from '@app/api/client';
import type { PlanOption } from './types';

export type ChangeDirection = PlanOption['direction'];

/** The button of an option: 'Upgrade to Team', 'Downgrade to Pro', 'Switch to annual billing', … */
export function changeLabel(direction: ChangeDirection, planName: string): string {
  switch (direction) {
    case 'upgrade':
      return `Upgrade to ${planName}`;
    case 'downgrade':
      return `Downgrade to ${planName}`;
    case 'switch_to_annual':
      return 'Switch to annual billing';
    case 'switch_to_monthly':
      return 'Switch to monthly billing';
    case 'current':
      return 'This is your current plan';
    default:
      // 'new': a trial converting or an ended subscription buying again is the SPEC's upgrade.
      return `Upgrade to ${planName}`;
  }
}

/**
 * The option preselected in the upgrade panel: the SPEC's Pro monthly, unless that is not a step up for this
 * subscription (a Team subscriber must not find 'Downgrade to Pro' already chosen) — then nothing.
 */
export function defaultSelection(options: readonly PlanOption[] | undefined, proMonthly: string | null) {
  const pro = options?.find((o) => o.priceId === proMonthly);
  if (!options) return proMonthly;
  return pro && (pro.direction === 'upgrade' || pro.direction === 'new') ? pro.priceId : null;
}

const EVERYTHING_IN = /^Everything in (.+)$/i;

/** A plan's features with 'Everything in Pro' spelled out (Team lists only what it adds). */
export function allFeatures(
  plan: PublicPlan,
  plans: readonly PublicPlan[],
  seen = new Set<string>(),
): string[] {
  seen.add(plan.id);
  return plan.features.flatMap((f) => {
    const base = EVERYTHING_IN.exec(f)?.[1];
    const inner = base ? plans.find((p) => p.name.toLowerCase() === base.toLowerCase()) : undefined;
    return inner && !seen.has(inner.id) ? allFeatures(inner, plans, seen) : [f];
  });
}

export interface DowngradeSummary {
  from: string;
  to: string;
  /** e.g. '42,000 messages per user per 14 months' → '14,000 messages per 14 months'. */
  quotaFrom: string;
  quotaTo: string;
  /** Features of the current plan the new one does not have. */
  featuresLost: string[];
}

/** What a downgrade from `current` (on `currentCycle`) to `target` (on `cycle`) changes. */
export function downgradeSummary(
  current: PublicPlan,
  currentCycle: BillingCycleKey,
  target: PublicPlan,
  cycle: BillingCycleKey,
  plans: readonly PublicPlan[],
): DowngradeSummary {
  const keep = new Set(allFeatures(target, plans));
  return {
    from: current.name,
    to: target.name,
    quotaFrom: current.messages[currentCycle],
    quotaTo: target.messages[cycle],
    featuresLost: allFeatures(current, plans).filter((f) => !keep.has(f)),
  };
}
