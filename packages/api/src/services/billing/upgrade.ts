// The one rule for how a plan change goes, used by POST /subscriptions (subscriptions.change) and handed to the
// web per plan option (subscriptions.planOptions), which only reads it.
import type { SubscriptionStatus } from '@app/db';
import type { BillingCycleKey, PlanId, PublicPlan } from '../../plans/catalogue.js';
import type { SubscriptionRow } from './subscription.js';

export type UpgradeAction = 'change_in_place' | 'checkout';

/** Paid, live statuses: their provider subscription changes price in place, with proration. */
const IN_PLACE_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['ACTIVE', 'PAST_DUE']);

type UpgradeSubject = Pick<SubscriptionRow, 'status' | 'stripeSubscriptionId' | 'priceId' | 'seats'>;

/**
 * A live paid subscription (ACTIVE / PAST_DUE with a provider subscription) changes its price in place with
 * proration — no second subscription, no double charge. A trial, an expired trial, an ended subscription or
 * none goes through Checkout, whose new subscription replaces the old one (a trial upgrade is paid now).
 */
export function upgradeAction(
  sub: Pick<UpgradeSubject, 'status' | 'stripeSubscriptionId'> | null,
): UpgradeAction {
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

export interface PlanOption {
  planId: PlanId;
  cycle: BillingCycleKey;
  priceId: string;
  /** How choosing this option goes (ignore when `current`). */
  action: UpgradeAction;
  /** The subscription already pays for this price: nothing to change. */
  current: boolean;
}

/** Every listed plan and cycle with how an upgrade to it goes for this subscription. */
export function planOptions(sub: UpgradeSubject | null, plans: readonly PublicPlan[]): PlanOption[] {
  const action = upgradeAction(sub);
  return plans.flatMap((plan) =>
    (['monthly', 'annual'] as const).map((cycle) => {
      const priceId = cycle === 'annual' ? plan.annualPriceId : plan.monthlyPriceId;
      return { planId: plan.id, cycle, priceId, action, current: isCurrentPrice(sub, priceId) };
    }),
  );
}
