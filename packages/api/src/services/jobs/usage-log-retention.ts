// The usage-log clean-up job: deletes entries older than USAGE_LOG_RETENTION_DAYS (default 400) once a day
// across the whole fleet. Every instance ticks hourly; a tick first claims the `usage-log-retention` lease for the
// rest of the current UTC day (claimJobLease, the billing job's lease: one conditional upsert on the database
// clock, kept, not released), so exactly one tick per day does the work and a restart does not repeat it.
// The log is partitioned by month (issue 40): a run makes the coming months' partitions, drops the months that
// ended before the cutoff whole (so entries are kept between retentionDays and a month more), then deletes what
// is past the cutoff outside the monthly partitions (the default partition: rows of months without one, normally
// none) in chunks of 10,000 rows, so no statement holds locks for long.
import { Prisma, type Db } from '@app/db';
import { dropExpiredUsageLogPartitions, ensureUsageLogPartitions } from './usage-log-partitions.js';
import type { Logger } from '../logger.js';
import { claimJobLease } from './billing-job.js';
import { createPeriodicJob, jobOwner, type PeriodicJob } from './periodic.js';

export const USAGE_RETENTION_LEASE = 'usage-log-retention';
/** One run per this interval (aligned on the database clock: a UTC day). */
export const USAGE_RETENTION_INTERVAL_MS = 86_400_000;
/** How often each instance tries to claim the day's run. */
const TICK_MS = 60 * 60_000;
const FIRST_TICK_MS = 10_000;
const DELETE_CHUNK = 10_000;

export interface UsageRetentionDeps {
  db: Db;
  log: Logger;
  retentionDays: number;
}

export interface UsageRetentionResult {
  /** False when this interval's run was already claimed (by this or another instance). */
  ran: boolean;
  /** Rows deleted one by one (outside the monthly partitions). */
  deleted: number;
  /** Monthly partitions dropped whole. */
  partitionsDropped?: number;
  cutoff: Date | null;
}

/**
 * Retention before `now`: months past `retentionDays` dropped whole, then rows older than the cutoff in the default
 * partition deleted in chunks; returns how many rows were deleted and partitions dropped.
 */
export async function deleteExpiredUsageLogs(db: Db, retentionDays: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  await ensureUsageLogPartitions(db, now);
  const partitionsDropped = await dropExpiredUsageLogPartitions(db, cutoff);
  let deleted = 0;
  for (;;) {
    // Rows picked in the default partition, deleted through the parent so the rollup trigger subtracts them.
    const n = await db.$executeRaw(Prisma.sql`
      DELETE FROM "UsageLog" WHERE ("timestamp", "id") IN (
        SELECT "timestamp", "id" FROM usage_log_parts."UsageLog_default" WHERE "timestamp" < ${cutoff}
        LIMIT ${DELETE_CHUNK}
      )`);
    deleted += n;
    if (n < DELETE_CHUNK) return { deleted, partitionsDropped, cutoff };
  }
}

/** One tick: claim today's lease, and if claimed delete what is past retention. */
export async function runUsageRetentionJob(
  o: UsageRetentionDeps,
  now = new Date(),
  opts: { owner?: string; intervalMs?: number } = {},
): Promise<UsageRetentionResult> {
  const owner = opts.owner ?? jobOwner();
  const until = await claimJobLease(
    o.db,
    USAGE_RETENTION_LEASE,
    owner,
    opts.intervalMs ?? USAGE_RETENTION_INTERVAL_MS,
  );
  if (!until) {
    o.log.debug(
      { job: USAGE_RETENTION_LEASE, owner },
      'usage-log retention: skipped, already run this interval',
    );
    return { ran: false, deleted: 0, cutoff: null };
  }
  const started = Date.now();
  const { deleted, partitionsDropped, cutoff } = await deleteExpiredUsageLogs(o.db, o.retentionDays, now);
  const fields = {
    job: USAGE_RETENTION_LEASE,
    owner,
    until,
    cutoff,
    deleted,
    partitionsDropped,
    ms: Date.now() - started,
  };
  if (deleted > 0 || partitionsDropped > 0) o.log.info(fields, 'usage-log retention: old entries deleted');
  else o.log.debug(fields, 'usage-log retention: nothing to delete');
  return { ran: true, deleted, partitionsDropped, cutoff };
}

export type UsageRetentionJob = PeriodicJob<UsageRetentionResult>;

export function createUsageRetentionJob(o: UsageRetentionDeps, tickMs = TICK_MS): UsageRetentionJob {
  return createPeriodicJob({
    name: USAGE_RETENTION_LEASE,
    everyMs: tickMs,
    firstTickMs: FIRST_TICK_MS,
    log: o.log,
    run: (now, owner) => runUsageRetentionJob(o, now, { owner }),
  });
}
