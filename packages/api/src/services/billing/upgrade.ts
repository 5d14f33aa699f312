// The one rule for how a plan change goes, used by POST /subscriptions (subscriptions.change) and handed to the
// web per plan option (subscriptions.planOptions), which only reads it: which direction a change goes
// (upgrade, downgrade, switch of billing cycle) and whether it applies now, through Checkout, or at renewal.
import type { SubscriptionStatus } from '@app/db';
import type { BillingCycleKey, PlanId, PublicPlan } from '../../plans/catalogue.js';
import type { SubscriptionRow } from './subscription.js';

/**
 * change_in_place: now, prorated. checkout: a new subscription through Checkout. schedule: booked for the end of
 * the paid period (downgrades), when the renewal applies it — plan, quota and period stay until then.
 */
export type UpgradeAction = 'change_in_place' | 'checkout' | 'schedule';

/**
 * How a plan and cycle compare with the subscription's: `current` (same price), `upgrade` (a higher plan),
 * `downgrade` (a lower plan), `switch_to_annual` / `switch_to_monthly` (same plan, other cycle), or `new` (no
 * plan to compare with).
 */
export type ChangeDirection =
  'current' | 'upgrade' | 'downgrade' | 'switch_to_annual' | 'switch_to_monthly' | 'new';
// `new`: no paid or trial plan to compare with (an ended subscription, none) — a purchase, shown as 'Upgrade to …'.

/** Paid, live statuses: their provider subscription changes price in place, with proration. */
const IN_PLACE_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['ACTIVE', 'PAST_DUE']);

type UpgradeSubject = Pick<
  SubscriptionRow,
  'status' | 'stripeSubscriptionId' | 'priceId' | 'seats' | 'planId' | 'billingCycle'
> &
  Partial<Pick<SubscriptionRow, 'scheduledPlanId' | 'scheduledCycle'>>;

/**
 * A live paid subscription (ACTIVE / PAST_DUE with a provider subscription) changes its price in place with
 * proration — no second subscription, no double charge. A trial, an expired trial, an ended subscription or
 * none goes through Checkout, whose new subscription replaces the old one (a trial upgrade is paid now).
 */
export function upgradeAction(
  sub: Pick<UpgradeSubject, 'status' | 'stripeSubscriptionId'> | null,
): Exclude<UpgradeAction, 'schedule'> {
  return sub?.stripeSubscriptionId && IN_PLACE_STATUSES.has(sub.status) ? 'change_in_place' : 'checkout';
}

/**
 * Whether `priceId` (with `seats`) is what this paid, live subscription already pays for: there is nothing to
 * change. Re-buying the same plan after a trial expired or a subscription ended is allowed.
 */
export function isCurrentPrice(
  sub: Pick<UpgradeSubject, 'status' | 'priceId' | 'seats'> | null,
  priceId: string,
  seats = sub?.seats ?? 1,
): boolean {
  return (
    !!sub?.priceId && IN_PLACE_STATUSES.has(sub.status) && sub.priceId === priceId && sub.seats === seats
  );
}

/** What a plan is worth for ordering: its monthly price per seat (the catalogue's Starter < Pro < Team). */
type Ranked = { id: string; monthlyPriceCents: number };

/**
 * The direction of a change from the subscription's plan and cycle to `target`: plans are ordered by monthly
 * price; on the same plan, monthly → annual is a switch to annual and annual → monthly a switch to monthly.
 */
export function changeDirection(
  from: { planId: string | null; cycle: BillingCycleKey } | null,
  to: { planId: string; cycle: BillingCycleKey },
  plans: readonly Ranked[],
): ChangeDirection {
  if (!from?.planId) return 'new';
  const a = plans.find((p) => p.id === from.planId);
  const b = plans.find((p) => p.id === to.planId);
  if (!a || !b) return 'new';
  if (a.id === b.id) {
    if (from.cycle === to.cycle) return 'current';
    return to.cycle === 'annual' ? 'switch_to_annual' : 'switch_to_monthly';
  }
  return b.monthlyPriceCents > a.monthlyPriceCents ? 'upgrade' : 'downgrade';
}

/** Downgrades (a lower plan, or annual → monthly) of a paid subscription wait for the end of its period. */
export function isDeferred(direction: ChangeDirection): boolean {
  return direction === 'downgrade' || direction === 'switch_to_monthly';
}

const cycleOf = (c: SubscriptionRow['billingCycle'] | null | undefined): BillingCycleKey =>
  c === 'ANNUAL' ? 'annual' : 'monthly';

/** How a change to `to` goes for this subscription: Checkout, now (upgrades), or at renewal (downgrades). */
export function actionFor(
  sub: Pick<UpgradeSubject, 'status' | 'stripeSubscriptionId'> | null,
  direction: ChangeDirection,
): UpgradeAction {
  const base = upgradeAction(sub);
  return base === 'change_in_place' && isDeferred(direction) ? 'schedule' : base;
}

export interface PlanOption {
  planId: PlanId;
  cycle: BillingCycleKey;
  priceId: string;
  /** How choosing this option goes (ignore when `current`). */
  action: UpgradeAction;
  /** Compared with the subscription's plan and cycle (labels: Upgrade / Downgrade / Switch to annual). */
  direction: ChangeDirection;
  /** The subscription already pays for this price: nothing to change. */
  current: boolean;
  /** This option is the change booked for the end of the period. */
  scheduled: boolean;
}

/**
 * Every listed plan and cycle with how a change to it goes for this subscription. Directions compare with a
 * paid, live plan or a trial's plan (issue 37: a Pro trial sees Pro as its current plan, Team as an upgrade,
 * Starter as a downgrade — all through Checkout, which ends the trial and charges now, so none is `current`);
 * an ended subscription or none buys anew (`new`, through Checkout).
 */
export function planOptions(sub: UpgradeSubject | null, plans: readonly PublicPlan[]): PlanOption[] {
  const compared = !!sub?.planId && (IN_PLACE_STATUSES.has(sub.status) || sub.status === 'TRIALING');
  const from = compared ? { planId: sub.planId!, cycle: cycleOf(sub.billingCycle) } : null;
  return plans.flatMap((plan) =>
    (['monthly', 'annual'] as const).map((cycle) => {
      const priceId = cycle === 'annual' ? plan.annualPriceId : plan.monthlyPriceId;
      const direction = changeDirection(from, { planId: plan.id, cycle }, plans);
      return {
        planId: plan.id,
        cycle,
        priceId,
        action: actionFor(sub, direction),
        direction,
        current: isCurrentPrice(sub, priceId),
        scheduled:
          !!sub?.scheduledPlanId && sub.scheduledPlanId === plan.id && cycleOf(sub.scheduledCycle) === cycle,
      };
    }),
  );
}
