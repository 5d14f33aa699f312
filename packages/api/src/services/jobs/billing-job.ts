// The periodic billing job (in-process, every minute): expires trials and starts new quota periods where
// no webhook did. Idempotent and safe with several instances:
// - each run first claims the `billing-job` lease row (one conditional upsert, wall-clock expiry), so only
//   one instance runs it at a time; the others skip that tick;
// - simulator: its clock (SimulatorProvider.advance) claims each transition with a conditional UPDATE,
//   and the events it emits carry deterministic ids (recorded once in WebhookEvent);
// - Stripe: subscriptions whose trial or period ended more than a grace period ago are re-read from
//   Stripe and synced (convergent, so running it twice changes nothing).
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { Prisma, type Db } from '@app/db';
import type { BillingService } from '../billing/index.js';
import type { Logger } from '../logger.js';

export const BILLING_JOB_INTERVAL_MS = 60_000;
export const BILLING_JOB_LEASE = 'billing-job';
/** How long a claimed lease holds if its holder dies without releasing it. */
export const BILLING_JOB_LEASE_MS = 5 * 60_000;
const STRIPE_GRACE_MS = 10 * 60_000;

/**
 * Claims the lease `name` for `ttlMs` of database time: inserts it, or takes it over only once the
 * previous holder's lease has expired — one statement, so of concurrent claimers exactly one wins.
 */
export async function claimJobLease(db: Db, name: string, owner: string, ttlMs: number): Promise<boolean> {
  const rows = await db.$queryRaw<{ owner: string }[]>(Prisma.sql`
    INSERT INTO "JobLease" ("name", "owner", "lockedUntil")
    VALUES (${name}, ${owner}, now() + ${ttlMs}::int * interval '1 millisecond')
    ON CONFLICT ("name") DO UPDATE
      SET "owner" = EXCLUDED."owner", "lockedUntil" = EXCLUDED."lockedUntil"
      WHERE "JobLease"."lockedUntil" <= now()
    RETURNING "owner"`);
  return rows.length === 1;
}

/** Gives the lease back (only if we still hold it). */
export async function releaseJobLease(db: Db, name: string, owner: string): Promise<void> {
  await db.$executeRaw(Prisma.sql`
    UPDATE "JobLease" SET "lockedUntil" = now() WHERE "name" = ${name} AND "owner" = ${owner}`);
}

export interface BillingJobResult {
  advanced: number;
  synced: number;
  /** False when another instance held the lease, so this run did nothing. */
  ran: boolean;
}

export async function runBillingJob(
  o: { db: Db; billing: BillingService; log: Logger },
  now = new Date(),
): Promise<BillingJobResult> {
  const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  if (!(await claimJobLease(o.db, BILLING_JOB_LEASE, owner, BILLING_JOB_LEASE_MS)))
    return { advanced: 0, synced: 0, ran: false };
  try {
    return { ...(await runLocked(o, now)), ran: true };
  } finally {
    await releaseJobLease(o.db, BILLING_JOB_LEASE, owner).catch((err) =>
      o.log.warn({ err }, 'billing job: lease release failed'),
    );
  }
}

async function runLocked(
  o: { db: Db; billing: BillingService; log: Logger },
  now: Date,
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
  runOnce(now?: Date): Promise<BillingJobResult>;
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
