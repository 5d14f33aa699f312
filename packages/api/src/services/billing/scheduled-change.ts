// Downgrades wait for the end of the paid period (issue 17 item 3), like Stripe's subscription schedules: a
// booking is `Subscription.scheduledPlanId` + `scheduledCycle`; plan, quota and period stay as they are until
// `currentPeriodEnd`, when the renewal applies it (the simulator's clock; Stripe's schedule, synced by the
// webhook). Upgrades stay immediate and prorated (plan-change.ts). The booking's flows (book, drop, cancel) are in
// scheduled-change-flow.ts; this file holds the booking's data only (the simulator and the sync read it).
import type { BillingCycle } from '@app/db';
import type { AppConfig } from '../../config.js';
import { isPlanId, type BillingCycleKey } from '../../plans/catalogue.js';
import { planById } from './plans.js';
import type { DbLike, SubscriptionRow } from './subscription.js';

export const toCycle = (c: BillingCycleKey): BillingCycle => (c === 'annual' ? 'ANNUAL' : 'MONTHLY');
export const fromCycle = (c: BillingCycle | null | undefined): BillingCycleKey =>
  c === 'ANNUAL' ? 'annual' : 'monthly';

/** The columns that hold no booking (a renewal that applied it, a cancellation, an upgrade instead). */
export const NO_SCHEDULED_CHANGE = { scheduledPlanId: null, scheduledCycle: null } as const;

export interface BookedChange {
  planId: string;
  cycle: BillingCycleKey;
  priceId: string;
  /** Seats the renewal bills: a per-seat plan keeps the subscription's seats, others are one seat. */
  quantity: number;
}

/** The change booked on this row, with the price it renews on; null without one (or an unsold plan). */
export async function bookedChange(
  db: DbLike,
  config: Pick<AppConfig, 'priceIds'>,
  row: Pick<SubscriptionRow, 'scheduledPlanId' | 'scheduledCycle' | 'seats'>,
): Promise<BookedChange | null> {
  const planId = row.scheduledPlanId;
  if (!planId || !isPlanId(planId)) return null;
  const plan = await planById(db, planId);
  if (!plan) return null;
  const cycle = fromCycle(row.scheduledCycle);
  const priceId = config.priceIds[planId][cycle];
  return { planId, cycle, priceId, quantity: plan.perSeat ? Math.max(1, row.seats) : 1 };
}

/**
 * Whether the provider's subscription now runs the booked change (Stripe applied the schedule at renewal): the
 * booking is then done and its columns are cleared with the sync.
 */
export function reachedScheduledChange(
  row: Pick<SubscriptionRow, 'scheduledPlanId' | 'scheduledCycle'>,
  synced: { planId?: string | null; billingCycle?: BillingCycle | null },
): boolean {
  return (
    !!row.scheduledPlanId &&
    synced.planId === row.scheduledPlanId &&
    (synced.billingCycle ?? null) === (row.scheduledCycle ?? 'MONTHLY')
  );
}
