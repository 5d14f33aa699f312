// Subscriptions (SPEC §7): the current subscription with usage, the plan list, trial status, plan change
// (proration), checkout for upgrades, cancel at period end, and a test-only trial upgrade.
import { router, protectedProcedure, publicProcedure } from '../trpc.js';
import { badRequest, notFound } from '../errors.js';
import { findPrice, isPlanListed, PLANS, messagesLabel, type BillingCycleKey } from '../plans/catalogue.js';
import type { Context } from '../context.js';
import { CardError } from '../services/billing/types.js';
import { applyProviderSubscription, LIVE_STATUSES } from '../services/billing/sync.js';
import { changeCancellation } from '../services/billing/cancellation.js';
import { cardError } from '../services/billing/card-error.js';
import { priceIdSchema, testUpgradeTrialSchema } from '../schemas/subscriptions.js';

const DAY_MS = 86_400_000;

/** Days until trialEnd, rounded up, never below 0 (SPEC §4). */
export function trialDaysLeft(trialEnd: Date | null, now = new Date()): number {
  if (!trialEnd) return 0;
  return Math.max(0, Math.ceil((trialEnd.getTime() - now.getTime()) / DAY_MS));
}

async function ownSubscription(ctx: Context, userId: string) {
  return ctx.services.db.subscription.findUnique({ where: { userId } });
}

function priceOrThrow(ctx: Context, priceId: string) {
  const found = findPrice(ctx.services.config.priceIds, priceId);
  if (!found) throw badRequest('Unknown price. Please choose one of the listed plans.');
  return found;
}

async function withCardErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof CardError) throw cardError(err);
    throw err;
  }
}

export async function createCheckout(
  ctx: Context,
  user: { id: string; email: string },
  priceId: string,
  seats = 1,
) {
  const { services } = ctx;
  const price = priceOrThrow(ctx, priceId);
  const sub = await ownSubscription(ctx, user.id);
  const { url } = await services.billing.provider.createCheckoutSession({
    userId: user.id,
    email: user.email,
    customerId: sub?.stripeCustomerId ?? null,
    priceId,
    quantity: price.plan.perSeat ? seats : 1,
    annual: price.cycle === 'annual',
    successUrl: `${services.config.appUrl}/dashboard?subscription=success`,
    cancelUrl: `${services.config.appUrl}/pricing?subscription=cancelled`,
  });
  await services.usage.log({
    userId: user.id,
    action: 'SUBSCRIPTION',
    endpoint: ctx.req.endpoint,
    details: `Checkout started: ${price.plan.name} (${price.cycle})`,
  });
  return { checkoutUrl: url };
}

export const subscriptionsRouter = router({
  current: protectedProcedure.query(async ({ ctx }) => ({
    subscription: await ctx.services.billing.view(ctx.user.id),
  })),

  plans: publicProcedure.query(async ({ ctx }) => {
    const ids = ctx.services.config.priceIds;
    // All rows: a plan is listed when it has no row (catalogue default) or its row is active.
    const rows = await ctx.services.db.plan.findMany();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      plans: PLANS.filter((p) => isPlanListed(byId.get(p.id))).map((p) => {
        const row = byId.get(p.id);
        return {
          id: p.id,
          name: row?.name ?? p.name,
          description: row?.description ?? p.description,
          monthlyPrice: (row?.monthlyPriceCents ?? p.monthlyPriceCents) / 100,
          annualPrice: (row?.annualPriceCents ?? p.annualPriceCents) / 100,
          monthlyPriceId: ids[p.id].monthly,
          annualPriceId: ids[p.id].annual,
          messages: { monthly: messagesLabel(p, 'monthly'), annual: messagesLabel(p, 'annual') },
          monthlyMessages: row?.monthlyMessages ?? p.monthlyMessages,
          annualMessages: row?.annualMessages ?? p.monthlyMessages * 14,
          features: row?.features ?? p.features,
          popular: row?.popular ?? p.popular,
          perSeat: p.perSeat,
        };
      }),
    };
  }),

  trialStatus: protectedProcedure.query(async ({ ctx }) => {
    const sub = await ownSubscription(ctx, ctx.user.id);
    const isTrialing = sub?.status === 'TRIALING';
    return {
      isTrialing,
      trialEnd: sub?.trialEnd ?? null,
      daysLeft: isTrialing ? trialDaysLeft(sub.trialEnd) : 0,
    };
  }),

  /** POST /subscriptions {priceId}: change plan with proration; without a live subscription → checkout. */
  change: protectedProcedure.input(priceIdSchema).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    const price = priceOrThrow(ctx, input.priceId);
    const sub = await ownSubscription(ctx, ctx.user.id);
    if (!sub?.stripeSubscriptionId || !LIVE_STATUSES.has(sub.status)) {
      const { checkoutUrl } = await createCheckout(ctx, ctx.user, input.priceId, input.seats);
      return { subscription: await services.billing.view(ctx.user.id), checkoutUrl };
    }
    const seats = price.plan.perSeat ? (input.seats ?? sub.seats) : 1;
    if (sub.priceId === input.priceId && sub.seats === seats && sub.status !== 'TRIALING')
      throw badRequest('You are already on this plan.');
    const updated = await withCardErrors(() =>
      services.billing.provider.changePrice({
        subscriptionId: sub.stripeSubscriptionId!,
        priceId: input.priceId,
        quantity: seats,
        annual: price.cycle === 'annual',
      }),
    );
    await applyProviderSubscription(services.billing.deps, updated);
    await services.usage.log({
      userId: ctx.user.id,
      action: 'SUBSCRIPTION',
      endpoint: ctx.req.endpoint,
      details: `Plan changed to ${price.plan.name} (${price.cycle})`,
    });
    return { subscription: await services.billing.view(ctx.user.id), checkoutUrl: null };
  }),

  checkout: protectedProcedure
    .input(priceIdSchema)
    .mutation(({ ctx, input }) => createCheckout(ctx, ctx.user, input.priceId, input.seats)),

  /** DELETE /subscriptions: cancels at the end of the current period. */
  cancel: protectedProcedure.mutation(({ ctx }) =>
    changeCancellation(ctx.services, ctx.user.id, ctx.req.endpoint, {
      cancel: true,
      allowed: (sub) => LIVE_STATUSES.has(sub.status),
      error: { message: 'No active subscription to cancel', code: 'NO_SUBSCRIPTION' },
      action: 'SUBSCRIPTION',
      details: 'Subscription set to cancel at period end',
    }),
  ),

  /** Test helper (not in production): converts the trial into a paid subscription on `plan` now. */
  testUpgradeTrial: protectedProcedure.input(testUpgradeTrialSchema).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    if (services.config.isProduction) throw notFound('Not available in production');
    const sub = await ownSubscription(ctx, ctx.user.id);
    if (!sub?.stripeSubscriptionId || !LIVE_STATUSES.has(sub.status))
      throw badRequest('No active trial or subscription to upgrade', 'NO_SUBSCRIPTION');
    const cycle: BillingCycleKey = input.cycle ?? (sub.billingCycle === 'ANNUAL' ? 'annual' : 'monthly');
    const priceId = services.config.priceIds[input.plan][cycle];
    const updated = await withCardErrors(() =>
      services.billing.provider.changePrice({
        subscriptionId: sub.stripeSubscriptionId!,
        priceId,
        quantity: 1,
        annual: cycle === 'annual',
        endTrial: sub.status === 'TRIALING',
      }),
    );
    await applyProviderSubscription(services.billing.deps, updated);
    await services.usage.log({
      userId: ctx.user.id,
      action: 'SUBSCRIPTION',
      endpoint: ctx.req.endpoint,
      details: `Test upgrade to ${input.plan} (${cycle})`,
      isTest: true,
    });
    return { success: true, subscription: await services.billing.view(ctx.user.id) };
  }),
});
