import { pingDatabase } from '../services/health.js';
import { router, proceduresFiledUnder } from '../trpc.js';

// Health probes and public config are not logged.
const { publicProcedure } = proceduresFiledUnder(null);

export const systemRouter = router({
  /** Liveness plus a database round-trip; the health route answers 503 when this throws. */
  health: publicProcedure.query(async ({ ctx }) => {
    await pingDatabase(ctx.services.db);
    return { status: 'ok' as const, db: 'ok' as const };
  }),
  /** Liveness: the process is up and serving (no dependency is asked). */
  live: publicProcedure.query(() => ({ status: 'ok' as const })),
  /**
   * Readiness: every dependency answers. Public, so only statuses and timings, never error texts or
   * addresses; the REST route answers 503 when a dependency is down.
   */
  ready: publicProcedure.query(async ({ ctx }) => {
    const report = await ctx.services.health.check();
    const checks = Object.fromEntries(
      Object.entries(report.checks).map(([name, c]) => [name, { status: c.status, latencyMs: c.latencyMs }]),
    );
    if (report.status !== 'ok') ctx.services.log.warn({ checks: report.checks }, 'readiness check failed');
    return { status: report.status, checks };
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
