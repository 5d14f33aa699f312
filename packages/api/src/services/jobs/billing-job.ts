// The periodic billing job (in-process, every minute): expires trials and starts new quota periods where
// no webhook did. Idempotent and safe with several instances:
// - simulator: its clock (SimulatorProvider.advance) claims each transition with a conditional UPDATE,
//   and the events it emits carry deterministic ids (recorded once in WebhookEvent);
// - Stripe: subscriptions whose trial or period ended more than a grace period ago are re-read from
//   Stripe and synced (convergent, so running it twice changes nothing).
import type { BillingService } from '../billing/index.js';
import type { Db } from '@app/db';
import type { Logger } from '../logger.js';

export const BILLING_JOB_INTERVAL_MS = 60_000;
const STRIPE_GRACE_MS = 10 * 60_000;

export async function runBillingJob(
  o: { db: Db; billing: BillingService; log: Logger },
  now = new Date(),
): Promise<{ advanced: number; synced: number }> {
  let advanced = 0;
  let synced = 0;
  if (o.billing.simulator) {
    advanced = await o.billing.simulator.advance(now);
  } else {
    const before = new Date(now.getTime() - STRIPE_GRACE_MS);
    const stale = await o.db.subscription.findMany({
      where: {
        provider: 'stripe',
        stripeSubscriptionId: { not: null },
        OR: [
          { status: 'TRIALING', trialEnd: { lte: before } },
          { status: { in: ['ACTIVE', 'PAST_DUE'] }, currentPeriodEnd: { lte: before } },
        ],
      },
      select: { stripeSubscriptionId: true },
      take: 50,
    });
    for (const s of stale) {
      try {
        if (await o.billing.sync(s.stripeSubscriptionId!)) synced++;
      } catch (err) {
        o.log.warn({ err, subscription: s.stripeSubscriptionId }, 'billing job: sync failed');
      }
    }
  }
  return { advanced, synced };
}

export interface BillingJob {
  start(): void;
  stop(): Promise<void>;
  runOnce(now?: Date): Promise<{ advanced: number; synced: number }>;
}

export function createBillingJob(
  o: { db: Db; billing: BillingService; log: Logger },
  intervalMs = BILLING_JOB_INTERVAL_MS,
): BillingJob {
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = runBillingJob(o)
      .catch((err) => o.log.error({ err }, 'billing job failed'))
      .finally(() => (running = undefined));
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      first = setTimeout(tick, 2_000);
      first.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
      timer = undefined;
      await running;
    },
    runOnce: (now) => runBillingJob(o, now),
  };
}
