import { router, publicProcedure } from '../trpc.js';

export const systemRouter = router({
  /** Liveness plus a database round-trip; the health route answers 503 when this throws. */
  health: publicProcedure.query(async ({ ctx }) => {
    await ctx.services.db.$queryRaw`SELECT 1`;
    return { status: 'ok' as const, db: 'ok' as const };
  }),
  /** What the web app needs to know about the running configuration. */
  publicConfig: publicProcedure.query(({ ctx }) => {
    const c = ctx.services.config;
    return {
      llmMode: c.openai.apiKey ? ('openai' as const) : ('offline' as const),
      billingMode: c.stripe.secretKey ? ('stripe' as const) : ('simulator' as const),
      stripePublishableKey: c.stripe.publishableKey ?? null,
      priceIds: c.priceIds,
      testHelpers: !c.isProduction,
    };
  }),
});
