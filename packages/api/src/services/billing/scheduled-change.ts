// Downgrades wait for the end of the paid period (issue 17 item 3), like Stripe's subscription schedules: a
// booking is `Subscription.scheduledPlanId` + `scheduledCycle`; plan, quota and period stay as they are until
// `currentPeriodEnd`, when the renewal applies it (the simulator's clock; Stripe's schedule, synced by the
// webhook). Upgrades stay immediate and prorated (plan-change.ts).
import type { BillingCycle } from '@app/db';
import type { AppConfig } from '../../config.js';
import type { Context } from '../../context.js';
import { badRequest } from '../../errors.js';
import { isPlanId, type BillingCycleKey } from '../../plans/catalogue.js';
import { planById, type PlanChoice } from './plans.js';
import { billableSubscriptionFor, type DbLike, type SubscriptionRow } from './subscription.js';

const toCycle = (c: BillingCycleKey): BillingCycle => (c === 'annual' ? 'ANNUAL' : 'MONTHLY');
const fromCycle = (c: BillingCycle | null | undefined): BillingCycleKey =>
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

/** Books `price` for the end of the current period of this paid, live subscription. */
export async function bookScheduledChange(
  ctx: Context,
  sub: SubscriptionRow & { stripeSubscriptionId: string },
  price: PlanChoice,
  quantity: number,
): Promise<void> {
  const { services } = ctx;
  if (!sub.currentPeriodEnd) throw badRequest('This subscription has no billing period to change at.');
  await services.billing.provider.scheduleChange({
    subscriptionId: sub.stripeSubscriptionId,
    priceId: services.config.priceIds[price.plan.id as keyof AppConfig['priceIds']][price.cycle],
    quantity,
    annual: price.cycle === 'annual',
  });
  await services.db.subscription.update({
    where: { id: sub.id },
    data: { scheduledPlanId: price.plan.id, scheduledCycle: toCycle(price.cycle) },
  });
}

/**
 * subscriptions.cancelScheduledChange (DELETE /subscriptions/scheduled-change): the subscription stays on its
 * plan at renewal. 400 NO_SCHEDULED_CHANGE when nothing is booked.
 */
export async function cancelScheduledChange(ctx: Context, userId: string) {
  const { services } = ctx;
  // Only the payer: a team member or admin gets 403 TEAM_BILLING_OWNER_ONLY.
  const sub = await billableSubscriptionFor(services.db, userId);
  if (!sub?.scheduledPlanId || !sub.stripeSubscriptionId)
    throw badRequest('No plan change is scheduled.', 'NO_SCHEDULED_CHANGE');
  await dropScheduledChange(ctx, sub);
  await services.usage.log({
    userId,
    action: 'SUBSCRIPTION',
    endpoint: ctx.req.endpoint,
    details: `Scheduled change to ${sub.scheduledPlanId} (${fromCycle(sub.scheduledCycle)}) cancelled`,
  });
  return { subscription: await services.billing.view(userId) };
}

/** Drops a booking at the provider and on our row (a cancel, or an upgrade that replaces it). */
export async function dropScheduledChange(ctx: Context, sub: SubscriptionRow): Promise<void> {
  if (!sub.scheduledPlanId) return;
  if (sub.stripeSubscriptionId)
    await ctx.services.billing.provider.cancelScheduledChange(sub.stripeSubscriptionId);
  await ctx.services.db.subscription.update({ where: { id: sub.id }, data: NO_SCHEDULED_CHANGE });
}
