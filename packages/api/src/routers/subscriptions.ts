// Subscriptions (SPEC §7): the current subscription with usage, upgrade options, the plan list, trial status,
// plan change, checkout for upgrades, cancel at period end, and a test-only trial upgrade. The logic lives in
// services/billing/.
import { router, proceduresFiledUnder } from '../trpc.js';
import { USAGE_ACTIONS } from '../schemas/admin.js';
import { cancelSubscription } from '../services/billing/cancellation.js';
import {
  changePlan,
  createCheckout,
  testUpgradeTrial,
  type BillingRequest,
} from '../services/billing/plan-change.js';
import { cancelScheduledChange } from '../services/billing/scheduled-change-flow.js';
import { returnBase } from '../services/billing/urls.js';
import type { Context } from '../context.js';
import { trialStatus } from '../services/billing/view.js';
import { priceIdSchema, testUpgradeTrialSchema } from '../schemas/subscriptions.js';

const { protectedProcedure, publicProcedure } = proceduresFiledUnder(USAGE_ACTIONS.SUBSCRIPTION);

/** The request details a plan change uses: the endpoint its usage entry names, the base of its return pages. */
const billingRequest = (ctx: Context): BillingRequest => ({
  endpoint: ctx.req.endpoint,
  returnBase: returnBase(ctx.services.config, ctx.req.origin),
});

export const subscriptionsRouter = router({
  /** GET /subscriptions/current: {subscription} — the view with usage and trial days left, or null. */
  current: protectedProcedure.query(async ({ ctx }) => ({
    subscription: await ctx.services.billing.view(ctx.user.id),
  })),

  /** {planOptions}: per listed plan and cycle, its direction, how a change goes (change_in_place | schedule | checkout), and if current. */
  planOptions: protectedProcedure.query(({ ctx }) => ctx.services.billing.planOptions(ctx.user.id)),

  /** The plans on offer, from the editable Plan rows, with the provider's price ids. */
  plans: publicProcedure.query(async ({ ctx }) => ({ plans: await ctx.services.billing.plans() })),

  trialStatus: protectedProcedure.query(({ ctx }) => trialStatus(ctx.services.db, ctx.user.id)),

  /**
   * POST /subscriptions {priceId}: upgrades change in place with proration, downgrades are booked for the end of
   * the period (view's scheduledChange), or → checkoutUrl (upgradeAction).
   */
  change: protectedProcedure
    .input(priceIdSchema)
    .mutation(({ ctx, input }) => changePlan(ctx.services, billingRequest(ctx), ctx.user, input)),

  checkout: protectedProcedure
    .input(priceIdSchema)
    .mutation(({ ctx, input }) => createCheckout(ctx.services, billingRequest(ctx), ctx.user, input)),

  /** DELETE /subscriptions/scheduled-change: drops the downgrade booked for the end of the period. */
  cancelScheduledChange: protectedProcedure.mutation(({ ctx }) =>
    cancelScheduledChange(ctx.services, ctx.user.id, ctx.req.endpoint),
  ),

  /** DELETE /subscriptions: cancels at the end of the current period. */
  cancel: protectedProcedure.mutation(({ ctx }) =>
    cancelSubscription(ctx.services, ctx.user.id, ctx.req.endpoint),
  ),

  /** Test helper (not in production): converts the trial into a paid subscription on `plan` now. */
  testUpgradeTrial: protectedProcedure
    .input(testUpgradeTrialSchema)
    .mutation(({ ctx, input }) => testUpgradeTrial(ctx.services, ctx.req.endpoint, ctx.user.id, input)),
});
