// The periodic billing job (in-process, every minute on every instance): expires trials and starts new quota
// periods where no webhook did. It runs once per interval across the whole fleet:
// - each tick claims the `billing-job` lease row for the rest of the current interval (one conditional upsert,
//   database clock) and keeps it — the lease is not released at the end, so the other instances' ticks in the
//   same interval are skipped; an instance that dies mid-run is replaced in the next interval;
// - simulator: its clock (SimulatorProvider.advance) claims each transition with a conditional UPDATE,
//   and the events it emits carry deterministic ids (recorded once in WebhookEvent);
// - Stripe: subscriptions whose trial or period ended more than a grace period ago are re-read from
//   Stripe and synced (convergent, so running it twice changes nothing).
// Both are idempotent, so a run that outlasts its interval and overlaps the next one's is harmless.
// Every tick is logged: claimed runs that changed something at info, the others at debug.
import { Prisma, type Db } from '@app/db';
import type { BillingService } from '../billing/index.js';
import type { ClockChanges } from '../billing/simulator.js';
import type { Logger } from '../logger.js';
import { createPeriodicJob, jobOwner, type PeriodicJob } from './periodic.js';

export const BILLING_JOB_INTERVAL_MS = 60_000;
export const BILLING_JOB_LEASE = 'billing-job';
/** Delay of the first tick after start (at most one interval). */
const FIRST_TICK_MS = 2_000;
const STRIPE_GRACE_MS = 10 * 60_000;

/**
 * Claims the lease `name` for the rest of the current interval: intervals are aligned on the database clock
 * (multiples of `intervalMs` since the epoch), and the lease is taken only once its holder's interval has ended.
 * One statement, so of concurrent claimers exactly one wins, and in each interval at most one claim succeeds.
 * Aligning (rather than `now() + interval`) keeps a lone instance, whose ticks are one interval apart give or
 * take a few milliseconds, from missing every other interval. Returns the end of the claimed interval, or null.
 */
export async function claimJobLease(
  db: Db,
  name: string,
  owner: string,
  intervalMs: number,
): Promise<Date | null> {
  const rows = await db.$queryRaw<{ lockedUntil: Date }[]>(Prisma.sql`
    INSERT INTO "JobLease" ("name", "owner", "lockedUntil")
    SELECT ${name}, ${owner},
      to_timestamp(((floor(extract(epoch FROM now()) * 1000 / ${intervalMs}::bigint) + 1)
        * ${intervalMs}::bigint / 1000.0)::double precision)
    ON CONFLICT ("name") DO UPDATE
      SET "owner" = EXCLUDED."owner", "lockedUntil" = EXCLUDED."lockedUntil"
      WHERE "JobLease"."lockedUntil" <= now()
    RETURNING "lockedUntil"`);
  return rows[0]?.lockedUntil ?? null;
}

export interface BillingJobChanges extends ClockChanges {
  /** Stripe subscriptions re-read and applied because no webhook came after their trial or period ended. */
  synced: number;
  /** Stripe re-syncs that failed (each is logged; the next interval tries again). */
  syncFailures: number;
}

export interface BillingJobResult extends BillingJobChanges {
  /** False when another instance holds this interval's lease, so this tick did nothing. */
  ran: boolean;
  /** The end of the interval this run claimed (null when skipped). */
  until: Date | null;
  /** Clock transitions applied: charges made or failed and cancellations, at a trial's or a period's end. */
  advanced: number;
}

const NO_CHANGES: BillingJobChanges = {
  trialsEnded: 0,
  renewalsCharged: 0,
  chargesFailed: 0,
  cancellations: 0,
  synced: 0,
  syncFailures: 0,
};

interface JobDeps {
  db: Db;
  billing: BillingService;
  log: Logger;
}

export interface RunOptions {
  /** Who claims the lease (one per job instance). */
  owner?: string;
  intervalMs?: number;
}

/** One tick: claim this interval's lease, run if claimed, log what happened. `now` is the billing clock. */
export async function runBillingJob(
  o: JobDeps,
  now = new Date(),
  opts: RunOptions = {},
): Promise<BillingJobResult> {
  const owner = opts.owner ?? jobOwner();
  const intervalMs = opts.intervalMs ?? BILLING_JOB_INTERVAL_MS;
  const until = await claimJobLease(o.db, BILLING_JOB_LEASE, owner, intervalMs);
  if (!until) {
    o.log.debug(
      { job: BILLING_JOB_LEASE, owner },
      'billing job: skipped, another instance runs this interval',
    );
    return { ...NO_CHANGES, advanced: 0, ran: false, until: null };
  }
  const started = Date.now();
  const changes = await runClaimed(o, now);
  // Every transition (a trial's end or a period's) has one outcome: charged, failed or cancelled.
  const advanced = changes.renewalsCharged + changes.chargesFailed + changes.cancellations;
  const result: BillingJobResult = { ...changes, advanced, ran: true, until };
  const changed = advanced > 0 || changes.synced > 0 || changes.syncFailures > 0;
  const fields = { job: BILLING_JOB_LEASE, owner, until, ...changes, ms: Date.now() - started };
  if (changed) o.log.info(fields, 'billing job: run');
  else o.log.debug(fields, 'billing job: run, nothing to do');
  return result;
}

async function runClaimed(o: JobDeps, now: Date): Promise<BillingJobChanges> {
  if (o.billing.simulator) return { ...NO_CHANGES, ...(await o.billing.simulator.advance(now)) };
  const changes = { ...NO_CHANGES };
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
      if (await o.billing.sync(s.stripeSubscriptionId!)) changes.synced++;
    } catch (err) {
      changes.syncFailures++;
      o.log.warn({ err, subscription: s.stripeSubscriptionId }, 'billing job: sync failed');
    }
  }
  return changes;
}

/** Periodic trial/period transitions; `runOnce(now)` takes the billing clock. */
export type BillingJob = PeriodicJob<BillingJobResult>;

export function createBillingJob(o: JobDeps, intervalMs = BILLING_JOB_INTERVAL_MS): BillingJob {
  return createPeriodicJob({
    name: BILLING_JOB_LEASE,
    everyMs: intervalMs,
    firstTickMs: FIRST_TICK_MS,
    log: o.log,
    run: (now, owner) => runBillingJob(o, now, { owner, intervalMs }),
  });
}
