// Plan changes (SPEC §7): Checkout for upgrades (POST /subscriptions/checkout), a plan change that follows the
// one upgrade rule (POST /subscriptions: in place with proration, or Checkout), and the test-only trial upgrade.
import type { Context } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import type { BillingCycleKey } from '../../plans/catalogue.js';
import type { z } from 'zod';
import type { PriceIdInput, testUpgradeTrialSchema } from '../../schemas/subscriptions.js';
import { cardError } from './card-error.js';
import { planForPrice, type PlanChoice } from './plans.js';
import { subscriptionFor, type SubscriptionRow } from './subscription.js';
import { applyProviderSubscription, LIVE_STATUSES } from './sync.js';
import { CardError } from './types.js';
import { isCurrentPrice, upgradeAction } from './upgrade.js';
import { returnBase } from './urls.js';

export interface BillingUser {
  id: string;
  email: string;
}

async function priceOrThrow(ctx: Context, priceId: string): Promise<PlanChoice> {
  const found = await planForPrice(ctx.services.db, ctx.services.config, priceId);
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
  ctx: Context,
  user: BillingUser,
  price: PlanChoice,
  input: PriceIdInput,
  sub: SubscriptionRow | null,
) {
  const { services } = ctx;
  const { url } = await services.billing.provider.createCheckoutSession({
    userId: user.id,
    email: user.email,
    customerId: sub?.stripeCustomerId ?? null,
    priceId: input.priceId,
    quantity: requestedSeats(price, input.seats),
    annual: price.cycle === 'annual',
    successUrl: `${returnBase(ctx)}/dashboard?subscription=success`,
    cancelUrl: `${returnBase(ctx)}/pricing?subscription=cancelled`,
  });
  await services.usage.log({
    userId: user.id,
    action: 'SUBSCRIPTION',
    endpoint: ctx.req.endpoint,
    details: `Checkout started: ${price.plan.name} (${price.cycle})`,
  });
  return { checkoutUrl: url };
}

/** POST /subscriptions/checkout {priceId}: a Checkout session for the price → {checkoutUrl}. */
export async function createCheckout(ctx: Context, user: BillingUser, input: PriceIdInput) {
  const price = await priceOrThrow(ctx, input.priceId);
  requestedSeats(price, input.seats);
  return startCheckout(ctx, user, price, input, await subscriptionFor(ctx.services.db, user.id));
}

/**
 * POST /subscriptions {priceId}: the upgrade rule (`upgradeAction`) decides — a live paid subscription changes
 * its price in place with proration; otherwise the answer carries a `checkoutUrl` to go to.
 */
export async function changePlan(ctx: Context, user: BillingUser, input: PriceIdInput) {
  const { services } = ctx;
  const price = await priceOrThrow(ctx, input.priceId);
  requestedSeats(price, input.seats);
  const sub = await subscriptionFor(services.db, user.id);
  if (upgradeAction(sub) === 'checkout' || !sub?.stripeSubscriptionId) {
    const { checkoutUrl } = await startCheckout(ctx, user, price, input, sub);
    return { subscription: await services.billing.view(user.id), checkoutUrl };
  }
  const subscriptionId = sub.stripeSubscriptionId;
  const seats = requestedSeats(price, input.seats, sub.seats);
  if (isCurrentPrice(sub, input.priceId, seats)) throw badRequest('You are already on this plan.');
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
    endpoint: ctx.req.endpoint,
    details: `Plan changed to ${price.plan.name} (${price.cycle})`,
  });
  return { subscription: await services.billing.view(user.id), checkoutUrl: null };
}

/** Test helper (not in production): converts the trial into a paid subscription on `plan` now. */
export async function testUpgradeTrial(
  ctx: Context,
  userId: string,
  input: z.output<typeof testUpgradeTrialSchema>,
) {
  const { services } = ctx;
  if (services.config.isProduction) throw notFound('Not available in production');
  const sub = await subscriptionFor(services.db, userId);
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
    endpoint: ctx.req.endpoint,
    details: `Test upgrade to ${input.plan} (${cycle})`,
    isTest: true,
  });
  return { success: true, subscription: await services.billing.view(userId) };
}
