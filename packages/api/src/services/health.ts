// Dependency health for load balancers (/api/health/ready) and the admin back office: the database, its schema
// (this build's migrations applied), Redis when configured, file storage and the mail transport, each with its
// status and round-trip time. Checks run
// in parallel with a time limit; the mail check (an SMTP handshake) is cached briefly so frequent probes do
// not open a connection each time.
import { Prisma, keyBatcherPerClient, migrationHead, sqlOf, type Db } from '@app/db';
import type { Mailer } from './mail/mailer.js';
import type { Redis } from './redis.js';
import type { Storage } from './storage/index.js';

export type DependencyName = 'database' | 'migrations' | 'redis' | 'storage' | 'mail';

export interface DependencyHealth {
  status: 'ok' | 'error';
  latencyMs: number;
  /** Why it failed (for logs and the admin view; the public readiness route leaves it out). */
  error?: string;
}

export interface HealthReport {
  status: 'ok' | 'error';
  checks: Partial<Record<DependencyName, DependencyHealth>>;
}

export const HEALTH_CHECK_TIMEOUT_MS = 3_000;
const MAIL_CHECK_TTL_MS = 30_000;

async function timed(fn: () => Promise<unknown>, timeoutMs: number): Promise<DependencyHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'ok', latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return {
      status: 'error',
      latencyMs: Math.round(performance.now() - started),
      error: err instanceof Error ? err.message : String(err),
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The pings asked for in one turn of the event loop share one `SELECT 1` (db's batch.ts): under a crowd of probes
 * each round trip's socket write and backend wake-up cost the server more than the rest of the route (issue 15).
 * Every caller still gets a round trip that started after it asked, and the statement's error when it fails.
 */
const pingBatcher = keyBatcherPerClient(async (db: Db) => {
  // Nothing to plan: unnamed is cheaper (sql.ts).
  await sqlOf(db).query(Prisma.sql`SELECT 1`, { prepare: false });
  return new Map([[0, true]]);
}, true);

/** One round trip to the database (on the direct SQL path: the liveness route asks it on every probe). */
export async function pingDatabase(db: Db): Promise<void> {
  await pingBatcher(db).load(0);
}

let expectedHead: Promise<string | null> | undefined;

/**
 * The database has this build's schema: the migrations table holds the newest committed migration, finished and
 * not rolled back (issue 37: a database recreated empty answered every data request with an error while the
 * probes said ready). Migrations are applied in order, so the head stands for all of them.
 */
export async function assertMigrationsApplied(db: Db): Promise<void> {
  const head = await (expectedHead ??= migrationHead());
  if (!head) return;
  let rows: { applied: boolean }[];
  try {
    rows = await sqlOf(db).query<{ applied: boolean }>(
      Prisma.sql`SELECT EXISTS (SELECT 1 FROM "_prisma_migrations" WHERE "migration_name" = ${head}
        AND "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL) AS "applied"`,
    );
  } catch (err) {
    if ((err as { code?: string }).code === '42P01')
      throw new Error('the migrations table is missing (an empty database?)', { cause: err });
    throw err;
  }
  if (!rows[0]?.applied) throw new Error(`migration ${head} is not applied`);
}

export interface HealthChecker {
  check(): Promise<HealthReport>;
}

export function createHealthChecker(
  services: { db: Db; redis?: Redis; storage: Storage; mailer: Pick<Mailer, 'check'> },
  timeoutMs = HEALTH_CHECK_TIMEOUT_MS,
): HealthChecker {
  let mailCache: { at: number; result: DependencyHealth } | undefined;
  const mail = async () => {
    if (mailCache && Date.now() - mailCache.at < MAIL_CHECK_TTL_MS) return mailCache.result;
    const result = await timed(() => services.mailer.check(), timeoutMs);
    mailCache = { at: Date.now(), result };
    return result;
  };
  return {
    async check() {
      const entries = await Promise.all([
        timed(() => pingDatabase(services.db), timeoutMs).then((r) => ['database', r] as const),
        timed(() => assertMigrationsApplied(services.db), timeoutMs).then((r) => ['migrations', r] as const),
        ...(services.redis
          ? [timed(() => services.redis!.ping(), timeoutMs).then((r) => ['redis', r] as const)]
          : []),
        timed(async () => {
          const s = await services.storage.check();
          if (!s.ok) throw new Error(s.error ?? 'storage check failed');
        }, timeoutMs).then((r) => ['storage', r] as const),
        mail().then((r) => ['mail', r] as const),
      ]);
      const checks = Object.fromEntries(entries) as HealthReport['checks'];
      const status = entries.every(([, r]) => r.status === 'ok') ? 'ok' : 'error';
      return { status, checks };
    },
  };
}
