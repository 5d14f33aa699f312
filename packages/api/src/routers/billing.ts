// Billing (SPEC §7): cancel trial, billing portal link, resume; and the local simulator's checkout page.
import { router, protectedProcedure, publicProcedure } from '../trpc.js';
import { appError, badRequest, notFound } from '../errors.js';
import { findPrice } from '../plans/catalogue.js';
import type { Context } from '../context.js';
import { CardError } from '../services/billing/types.js';
import { changeCancellation } from '../services/billing/cancellation.js';
import { cardError } from '../services/billing/card-error.js';
import { checkoutSessionSchema, completeCheckoutSchema } from '../schemas/billing.js';

function simulatorOf(ctx: Context) {
  const sim = ctx.services.billing.simulator;
  if (!sim) throw notFound('The payments simulator is not enabled');
  return sim;
}

function decode(ctx: Context, sessionId: string) {
  try {
    return simulatorOf(ctx).decodeSession(sessionId);
  } catch (err) {
    throw appError('NOT_FOUND', (err as Error).message || 'No such checkout session');
  }
}

export const billingRouter = router({
  /** POST /billing/cancel-trial: the trial runs to its end, then the subscription becomes INCOMPLETE. */
  cancelTrial: protectedProcedure.mutation(({ ctx }) =>
    changeCancellation(ctx.services, ctx.user.id, ctx.req.endpoint, {
      cancel: true,
      allowed: (sub) => sub.status === 'TRIALING',
      error: { message: 'No active trial to cancel', code: 'NO_TRIAL' },
      action: 'BILLING',
      details: 'Trial cancelled',
    }),
  ),

  /** Undoes a pending cancellation (trial or subscription). */
  resume: protectedProcedure.mutation(({ ctx }) =>
    changeCancellation(ctx.services, ctx.user.id, ctx.req.endpoint, {
      cancel: false,
      allowed: (sub) => sub.cancelAtPeriodEnd,
      error: { message: 'No pending cancellation to undo', code: 'NO_SUBSCRIPTION' },
      action: 'BILLING',
      details: 'Cancellation undone',
    }),
  ),

  /** A billing-portal link for the customer (Stripe's portal, or the simulator's /billing/portal). */
  portal: protectedProcedure.mutation(async ({ ctx }) => {
    const { services } = ctx;
    const sub = await services.db.subscription.findUnique({ where: { userId: ctx.user.id } });
    if (!sub?.stripeCustomerId) throw badRequest('No billing portal available', 'NO_CUSTOMER');
    const { url } = await services.billing.provider.createPortalSession({
      customerId: sub.stripeCustomerId,
      returnUrl: `${services.config.appUrl}/dashboard`,
    });
    await services.usage.log({
      userId: ctx.user.id,
      action: 'BILLING',
      endpoint: ctx.req.endpoint,
      details: 'Billing portal opened',
    });
    return { url };
  }),

  /** The user's payments (invoices), newest first — for the billing portal page. */
  invoices: protectedProcedure.query(async ({ ctx }) => {
    const rows = await ctx.services.db.payment.findMany({
      where: { userId: ctx.user.id },
      orderBy: { createdAt: 'desc' },
      take: 24,
      select: {
        id: true,
        providerId: true,
        amountCents: true,
        currency: true,
        plan: true,
        status: true,
        createdAt: true,
      },
    });
    return { invoices: rows };
  }),

  /** Simulator checkout page: what is being bought. The signed session id is the authorisation. */
  checkoutSession: publicProcedure.input(checkoutSessionSchema).query(async ({ ctx, input }) => {
    const p = decode(ctx, input.sessionId);
    const price = findPrice(ctx.services.config.priceIds, p.p);
    if (!price) throw notFound('No such price');
    const user = await ctx.services.db.user.findUnique({ where: { id: p.u }, select: { email: true } });
    const unit = price.cycle === 'annual' ? price.plan.annualPriceCents : price.plan.monthlyPriceCents;
    return {
      sessionId: input.sessionId,
      priceId: p.p,
      plan: price.plan.id,
      planName: price.plan.name,
      cycle: price.cycle,
      quantity: p.q,
      amountCents: unit * (price.plan.perSeat ? p.q : 1),
      email: user?.email ?? null,
      successUrl: '/dashboard?subscription=success',
      cancelUrl: '/pricing?subscription=cancelled',
    };
  }),

  completeCheckout: publicProcedure.input(completeCheckoutSchema).mutation(async ({ ctx, input }) => {
    decode(ctx, input.sessionId);
    try {
      await simulatorOf(ctx).completeCheckout(input.sessionId, input.paymentMethodId);
    } catch (err) {
      if (err instanceof CardError) throw cardError(err);
      throw err;
    }
    return { redirectUrl: '/dashboard?subscription=success' };
  }),
});
