// The flows of a scheduled (end-of-period) plan change: book one, drop one (a cancel, or an upgrade that replaces
// it), and subscriptions.cancelScheduledChange. The booking's columns and what the renewal reads are in
// scheduled-change.ts.
import type { AppConfig } from '../../config.js';
import { badRequest } from '../../errors.js';
import type { BillingFlowDeps } from './flow-deps.js';
import type { PlanChoice } from './plans.js';
import { fromCycle, NO_SCHEDULED_CHANGE, toCycle } from './scheduled-change.js';
import { billableSubscriptionFor, type SubscriptionRow } from './subscription.js';

/** Books `price` for the end of the current period of this paid, live subscription. */
export async function bookScheduledChange(
  services: BillingFlowDeps,
  sub: SubscriptionRow & { stripeSubscriptionId: string },
  price: PlanChoice,
  quantity: number,
): Promise<void> {
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
export async function cancelScheduledChange(services: BillingFlowDeps, userId: string, endpoint: string) {
  // Only the payer: a team member or admin gets 403 TEAM_BILLING_OWNER_ONLY.
  const sub = await billableSubscriptionFor(services.db, userId);
  if (!sub?.scheduledPlanId || !sub.stripeSubscriptionId)
    throw badRequest('No plan change is scheduled.', 'NO_SCHEDULED_CHANGE');
  await dropScheduledChange(services, sub);
  await services.usage.log({
    userId,
    action: 'SUBSCRIPTION',
    endpoint,
    details: `Scheduled change to ${sub.scheduledPlanId} (${fromCycle(sub.scheduledCycle)}) cancelled`,
  });
  return { subscription: await services.billing.view(userId) };
}

/** Drops a booking at the provider and on our row (a cancel, or an upgrade that replaces it). */
export async function dropScheduledChange(services: BillingFlowDeps, sub: SubscriptionRow): Promise<void> {
  if (!sub.scheduledPlanId) return;
  if (sub.stripeSubscriptionId)
    await services.billing.provider.cancelScheduledChange(sub.stripeSubscriptionId);
  await services.db.subscription.update({ where: { id: sub.id }, data: NO_SCHEDULED_CHANGE });
}
