// Subscriptions (SPEC §7): the current subscription with usage, upgrade options, the plan list, trial status,
// plan change, checkout for upgrades, cancel at period end, and a test-only trial upgrade. The logic lives in
// services/billing/.
import { router, protectedProcedure, publicProcedure } from '../trpc.js';
import { cancelSubscription } from '../services/billing/cancellation.js';
import { changePlan, createCheckout, testUpgradeTrial } from '../services/billing/plan-change.js';
import { cancelScheduledChange } from '../services/billing/scheduled-change.js';
import { trialStatus } from '../services/billing/view.js';
import { priceIdSchema, testUpgradeTrialSchema } from '../schemas/subscriptions.js';

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
    .mutation(({ ctx, input }) => changePlan(ctx, ctx.user, input)),

  checkout: protectedProcedure
    .input(priceIdSchema)
    .mutation(({ ctx, input }) => createCheckout(ctx, ctx.user, input)),

  /** DELETE /subscriptions/scheduled-change: drops the downgrade booked for the end of the period. */
  cancelScheduledChange: protectedProcedure.mutation(({ ctx }) => cancelScheduledChange(ctx, ctx.user.id)),

  /** DELETE /subscriptions: cancels at the end of the current period. */
  cancel: protectedProcedure.mutation(({ ctx }) => cancelSubscription(ctx, ctx.user.id)),

  /** Test helper (not in production): converts the trial into a paid subscription on `plan` now. */
  testUpgradeTrial: protectedProcedure
    .input(testUpgradeTrialSchema)
    .mutation(({ ctx, input }) => testUpgradeTrial(ctx, ctx.user.id, input)),
});
