// The usage log's monthly partitions (issue 40, migration 20261128085247_usage_log_partitions): one table per UTC
// month in schema usage_log_parts, plus a default partition for rows outside them. The daily retention run keeps
// the coming months' partitions ready and drops whole months once they are entirely past retention — a DROP
// TABLE, not millions of row deletes — with their rollup days. Works the same on PGlite (PostgreSQL 17 in WASM).
import { Prisma, type Db } from '@app/db';

/** Months made ahead of time, so rows never wait on a partition being created. */
export const MONTHS_AHEAD = 2;
/** Longest wait for the lock a DROP needs on "UsageLog": a long export postpones the drop, never the inserts. */
const DROP_LOCK_TIMEOUT = '5s';

const monthStart = (d: Date, offset = 0) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/** Makes sure the partitions of this month and the next MONTHS_AHEAD exist; returns how many were made. */
export async function ensureUsageLogPartitions(db: Db, now = new Date()): Promise<number> {
  let made = 0;
  for (let i = 0; i <= MONTHS_AHEAD; i++) {
    const [r] = await db.$queryRaw<{ made: boolean }[]>(
      Prisma.sql`SELECT "usage_log_ensure_partition"(${dayKey(monthStart(now, i))}::date) AS "made"`,
    );
    if (r?.made) made++;
  }
  return made;
}

export interface MonthPartition {
  name: string;
  from: Date;
  to: Date;
}

/** The monthly partitions, oldest first (from their names, UsageLog_YYYY_MM). */
export async function usageLogPartitions(db: Db): Promise<MonthPartition[]> {
  const rows = await db.$queryRaw<{ name: string }[]>(Prisma.sql`
    SELECT c."relname" AS "name" FROM pg_inherits i
    JOIN pg_class c ON c."oid" = i."inhrelid"
    JOIN pg_namespace n ON n."oid" = c."relnamespace"
    WHERE i."inhparent" = '"UsageLog"'::regclass AND n."nspname" = 'usage_log_parts'`);
  return rows
    .map((r) => /^UsageLog_(\d{4})_(\d{2})$/.exec(r.name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => {
      const from = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
      return { name: m[0], from, to: monthStart(from, 1) };
    })
    .sort((a, b) => a.from.getTime() - b.from.getTime());
}

/**
 * Drops every monthly partition that ends at or before `cutoff`, with the rollup days it held (a partition
 * covers whole UTC days, and no other partition can hold rows of its month). Returns the partitions dropped.
 */
export async function dropExpiredUsageLogPartitions(db: Db, cutoff: Date): Promise<number> {
  let dropped = 0;
  for (const p of await usageLogPartitions(db)) {
    if (p.to.getTime() > cutoff.getTime()) break;
    const ident = Prisma.raw(`usage_log_parts."${p.name}"`);
    await db.$transaction(async (tx) => {
      await tx.$queryRaw(Prisma.sql`SELECT set_config('lock_timeout', ${DROP_LOCK_TIMEOUT}, true)`);
      await tx.$executeRaw(Prisma.sql`
        DELETE FROM "UsageRollup" WHERE "day" >= ${dayKey(p.from)}::date AND "day" < ${dayKey(p.to)}::date`);
      await tx.$executeRaw(Prisma.sql`DROP TABLE ${ident}`);
    });
    dropped++;
  }
  return dropped;
}
