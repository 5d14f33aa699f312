// Billing (SPEC §7): cancel trial, billing portal link, resume; and the local simulator's checkout page. The
// logic lives in services/billing/.
import { router, proceduresFiledUnder } from '../trpc.js';
import { USAGE_ACTIONS } from '../schemas/admin.js';
import { cancelTrial, resumeSubscription } from '../services/billing/cancellation.js';
import { listInvoices, openPortal } from '../services/billing/portal.js';
import { returnBase } from '../services/billing/urls.js';
import {
  completeSimulatorCheckout,
  simulatorCheckoutSession,
} from '../services/billing/simulator-checkout.js';
import { checkoutSessionSchema, completeCheckoutSchema } from '../schemas/billing.js';

const { protectedProcedure, publicProcedure } = proceduresFiledUnder(USAGE_ACTIONS.BILLING);

export const billingRouter = router({
  /** POST /billing/cancel-trial: the trial runs to its end, then the subscription becomes INCOMPLETE. */
  cancelTrial: protectedProcedure.mutation(({ ctx }) =>
    cancelTrial(ctx.services, ctx.user.id, ctx.req.endpoint),
  ),

  /** Undoes a pending cancellation (trial or subscription). */
  resume: protectedProcedure.mutation(({ ctx }) =>
    resumeSubscription(ctx.services, ctx.user.id, ctx.req.endpoint),
  ),

  /** A billing-portal link for the customer (Stripe's portal, or the simulator's /billing/portal). */
  portal: protectedProcedure.mutation(({ ctx }) =>
    openPortal(ctx.services, ctx.user.id, {
      endpoint: ctx.req.endpoint,
      returnBase: returnBase(ctx.services.config, ctx.req.origin),
    }),
  ),

  /** The user's payments (invoices), newest first — for the billing portal page. */
  invoices: protectedProcedure.query(({ ctx }) => listInvoices(ctx.services.db, ctx.user.id)),

  /** Simulator checkout page: what is being bought. The signed session id is the authorisation. */
  checkoutSession: publicProcedure
    .input(checkoutSessionSchema)
    .query(({ ctx, input }) => simulatorCheckoutSession(ctx.services, input.sessionId)),

  completeCheckout: publicProcedure
    .input(completeCheckoutSchema)
    .mutation(({ ctx, input }) => completeSimulatorCheckout(ctx.services, input)),
});
