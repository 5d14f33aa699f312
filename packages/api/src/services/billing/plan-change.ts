// Plan changes (SPEC §7): Checkout for upgrades (POST /subscriptions/checkout), a plan change that follows the
// one upgrade rule (POST /subscriptions: upgrades in place with proration, downgrades booked for the end of the
// paid period, or Checkout), and the test-only trial upgrade.
import { badRequest, notFound } from '../../errors.js';
import type { BillingCycleKey } from '../../plans/catalogue.js';
import type { z } from 'zod';
import type { PriceIdInput, testUpgradeTrialSchema } from '../../schemas/subscriptions.js';
import { cardError } from './card-error.js';
import { planById, planForPrice, type PlanChoice } from './plans.js';
import type { BillingFlowDeps } from './flow-deps.js';
import { bookScheduledChange, dropScheduledChange } from './scheduled-change-flow.js';
import { billableSubscriptionFor, type SubscriptionRow } from './subscription.js';
import { applyProviderSubscription, LIVE_STATUSES } from './sync.js';
import { CardError } from './types.js';
import { changeDirection, isCurrentPrice, isDeferred, upgradeAction } from './upgrade.js';

export interface BillingUser {
  id: string;
  email: string;
}

/** Where the change was asked from: the endpoint its usage entry names, the base URL of the return pages (urls.ts). */
export interface BillingRequest {
  endpoint: string;
  returnBase: string;
}

async function priceOrThrow(services: BillingFlowDeps, priceId: string): Promise<PlanChoice> {
  const found = await planForPrice(services.db, services.config, priceId);
  if (!found) throw badRequest('Unknown price. Please choose one of the listed plans.');
  return found;
}

/**
 * The seat count a request asks the provider for: per-seat plans (Team) take `requested` (bounded by the
 * schema) or `current`; other plans are one seat, and asking them for more is a 400. The quota never comes from
 * here — it counts the seats of the provider's answer (sync's `subscriptionRowData`).
 */
export function requestedSeats(price: PlanChoice, requested: number | undefined, current = 1): number {
  if (price.plan.perSeat) return requested ?? current;
  if (requested !== undefined && requested !== 1)
    throw badRequest(`Seats apply to per-seat plans only; ${price.plan.name} is one seat.`);
  return 1;
}

async function withCardErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof CardError) throw cardError(err);
    throw err;
  }
}

async function startCheckout(
  services: BillingFlowDeps,
  at: BillingRequest,
  user: BillingUser,
  price: PlanChoice,
  input: PriceIdInput,
  sub: SubscriptionRow | null,
) {
  const { url } = await services.billing.provider.createCheckoutSession({
    userId: user.id,
    email: user.email,
    customerId: sub?.stripeCustomerId ?? null,
    priceId: input.priceId,
    quantity: requestedSeats(price, input.seats),
    annual: price.cycle === 'annual',
    successUrl: `${at.returnBase}/dashboard?subscription=success`,
    cancelUrl: `${at.returnBase}/pricing?subscription=cancelled`,
  });
  await services.usage.log({
    userId: user.id,
    action: 'SUBSCRIPTION',
    endpoint: at.endpoint,
    details: `Checkout started: ${price.plan.name} (${price.cycle})`,
  });
  return { checkoutUrl: url };
}

/** POST /subscriptions/checkout {priceId}: a Checkout session for the price → {checkoutUrl}. */
export async function createCheckout(
  services: BillingFlowDeps,
  at: BillingRequest,
  user: BillingUser,
  input: PriceIdInput,
) {
  const price = await priceOrThrow(services, input.priceId);
  requestedSeats(price, input.seats);
  return startCheckout(services, at, user, price, input, await billableSubscriptionFor(services.db, user.id));
}

/**
 * POST /subscriptions {priceId}: the upgrade rule (`upgradeAction`) decides — a live paid subscription changes
 * its price in place with proration when it goes up (an upgrade, or monthly → annual), and books a downgrade
 * (a lower plan, or annual → monthly) for the end of the paid period, keeping plan, quota and period until
 * then; otherwise the answer carries a `checkoutUrl` to go to.
 */
export async function changePlan(
  services: BillingFlowDeps,
  at: BillingRequest,
  user: BillingUser,
  input: PriceIdInput,
) {
  const price = await priceOrThrow(services, input.priceId);
  requestedSeats(price, input.seats);
  // A team member never changes what the owner pays for (403 TEAM_BILLING_OWNER_ONLY).
  const sub = await billableSubscriptionFor(services.db, user.id);
  if (upgradeAction(sub) === 'checkout' || !sub?.stripeSubscriptionId) {
    const { checkoutUrl } = await startCheckout(services, at, user, price, input, sub);
    return { subscription: await services.billing.view(user.id), checkoutUrl };
  }
  const subscriptionId = sub.stripeSubscriptionId;
  const seats = requestedSeats(price, input.seats, sub.seats);
  if (isCurrentPrice(sub, input.priceId, seats))
    throw badRequest(
      sub.scheduledPlanId
        ? 'You are already on this plan. To stay on it, cancel the scheduled plan change.'
        : 'You are already on this plan.',
    );
  const currentPlan = await planById(services.db, sub.planId);
  const direction = changeDirection(
    sub.planId ? { planId: sub.planId, cycle: sub.billingCycle === 'ANNUAL' ? 'annual' : 'monthly' } : null,
    { planId: price.plan.id, cycle: price.cycle },
    currentPlan ? [currentPlan, price.plan] : [price.plan],
  );
  if (isDeferred(direction)) {
    if (seats !== sub.seats && price.plan.perSeat)
      throw badRequest('Change seats on their own: seats change now, a downgrade at the end of the period.');
    await withCardErrors(() =>
      bookScheduledChange(services, { ...sub, stripeSubscriptionId: subscriptionId }, price, seats),
    );
    await services.usage.log({
      userId: user.id,
      action: 'SUBSCRIPTION',
      endpoint: at.endpoint,
      details: `Plan change to ${price.plan.name} (${price.cycle}) scheduled for ${sub.currentPeriodEnd?.toISOString().slice(0, 10)}`,
    });
    return { subscription: await services.billing.view(user.id), checkoutUrl: null };
  }
  // An upgrade replaces a downgrade booked earlier: the new plan applies now and stays at renewal.
  await dropScheduledChange(services, sub);
  const updated = await withCardErrors(() =>
    services.billing.provider.changePrice({
      subscriptionId,
      priceId: input.priceId,
      quantity: seats,
      annual: price.cycle === 'annual',
    }),
  );
  await applyProviderSubscription(services.billing.deps, updated);
  await services.usage.log({
    userId: user.id,
    action: 'SUBSCRIPTION',
    endpoint: at.endpoint,
    details: `Plan changed to ${price.plan.name} (${price.cycle})`,
  });
  return { subscription: await services.billing.view(user.id), checkoutUrl: null };
}

/** Test helper (not in production): converts the trial into a paid subscription on `plan` now. */
export async function testUpgradeTrial(
  services: BillingFlowDeps,
  endpoint: string,
  userId: string,
  input: z.output<typeof testUpgradeTrialSchema>,
) {
  if (services.config.isProduction) throw notFound('Not available in production');
  const sub = await billableSubscriptionFor(services.db, userId);
  if (!sub?.stripeSubscriptionId || !LIVE_STATUSES.has(sub.status))
    throw badRequest('No active trial or subscription to upgrade', 'NO_SUBSCRIPTION');
  const subscriptionId = sub.stripeSubscriptionId;
  const cycle: BillingCycleKey = input.cycle ?? (sub.billingCycle === 'ANNUAL' ? 'annual' : 'monthly');
  const priceId = services.config.priceIds[input.plan][cycle];
  const updated = await withCardErrors(() =>
    services.billing.provider.changePrice({
      subscriptionId,
      priceId,
      quantity: 1,
      annual: cycle === 'annual',
      endTrial: sub.status === 'TRIALING',
    }),
  );
  await applyProviderSubscription(services.billing.deps, updated);
  await services.usage.log({
    userId,
    action: 'SUBSCRIPTION',
    endpoint,
    details: `Test upgrade to ${input.plan} (${cycle})`,
    isTest: true,
  });
  return { success: true, subscription: await services.billing.view(userId) };
}
