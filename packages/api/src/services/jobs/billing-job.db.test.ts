// The billing job across a fleet: two job instances on one database run it once per interval (the lease is
// held for the interval, not released), an instance that dies mid-run is replaced in the next interval, and
// every tick is logged (info for claimed runs that changed something, debug otherwise).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database, Db } from '@app/db';
import { testConfig } from '../../config.js';
import { createTestUser } from '../../testing/factories.js';
import { createBillingService, type BillingService } from '../billing/index.js';
import type { Logger } from '../logger.js';
import { createUsageLogger } from '../usage-log.js';
import { BILLING_JOB_LEASE, createBillingJob, type BillingJob } from './billing-job.js';

interface LogLine {
  level: 'info' | 'debug' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg?: string;
}
const lines: LogLine[] = [];
const log: Logger = {
  info: (obj, msg) => lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
  debug: (obj, msg) => lines.push({ level: 'debug', obj: obj as Record<string, unknown>, msg }),
  warn: (obj, msg) => lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
  error: (obj, msg) => lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
};

let database: Database;
let db: Db;
let billing: BillingService;
let dataDir: string;
const jobs: BillingJob[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.prisma;
  dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-billing-job-'));
  const config = testConfig({ dataDir });
  billing = createBillingService({ db, config, usage: createUsageLogger(db, log), log });
});
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.stop()));
  await db.jobLease.deleteMany({ where: { name: BILLING_JOB_LEASE } });
  lines.length = 0;
  vi.restoreAllMocks();
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const job = (intervalMs: number) => {
  const j = createBillingJob({ db, billing, log }, intervalMs);
  jobs.push(j);
  return j;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `ms` into the next interval of length `interval` (local and database clocks agree here). */
async function intervalStart(interval: number, ms = 30) {
  await sleep(interval - (Date.now() % interval) + ms);
}
const runLines = () => lines.filter((l) => l.msg?.startsWith('billing job: run'));

describe('billing job: once per interval across instances', () => {
  it('two instances ticking many times in one interval: exactly one run; the next interval: one again', async () => {
    const interval = 2_000;
    const [a, b] = [job(interval), job(interval)];
    expect(a.owner).not.toBe(b.owner);
    for (let round = 0; round < 2; round++) {
      await intervalStart(interval);
      const results = await Promise.all([a, b, a, b, a, b].map((j) => j.runOnce()));
      results.push(await a.runOnce(), await b.runOnce());
      const ran = results.filter((r) => r.ran);
      expect(ran).toHaveLength(1);
      // The lease is held until the end of this interval (not released when the run ended).
      const until = ran[0]!.until!;
      expect(until.getTime() % interval).toBe(0);
      expect(until.getTime() - Date.now()).toBeGreaterThan(0);
      expect(until.getTime() - Date.now()).toBeLessThanOrEqual(interval);
      const lease = await db.jobLease.findUniqueOrThrow({ where: { name: BILLING_JOB_LEASE } });
      expect(lease.lockedUntil.getTime()).toBe(until.getTime());
    }
    expect(lines.filter((l) => l.msg?.startsWith('billing job: skipped'))).toHaveLength(14);
  });

  it('started on two instances with real timers: never two runs in one interval, one in (nearly) every interval', async () => {
    const interval = 600;
    const [a, b] = [job(interval), job(interval)];
    await intervalStart(interval, 100);
    a.start();
    await sleep(interval / 2);
    b.start();
    await sleep(interval * 5);
    await Promise.all([a.stop(), b.stop()]);
    const runs = runLines().map((l) => (l.obj.until as Date).getTime());
    expect(new Set(runs).size).toBe(runs.length); // one run per interval at most
    expect(runs.length).toBeGreaterThanOrEqual(3);
    const owners = new Set(runLines().map((l) => l.obj.owner));
    expect([...owners].every((o) => o === a.owner || o === b.owner)).toBe(true);
  });

  it('an instance that dies mid-run keeps the interval; another instance takes over in the next one', async () => {
    const interval = 1_500;
    const [a, b] = [job(interval), job(interval)];
    const sim = billing.simulator!;
    // Instance a's run never finishes (the process hangs or dies after claiming).
    const hang = vi.spyOn(sim, 'advance').mockImplementationOnce(() => new Promise(() => undefined));
    await intervalStart(interval);
    void a.runOnce();
    await vi.waitFor(() => expect(hang).toHaveBeenCalledTimes(1));
    expect((await b.runOnce()).ran).toBe(false);
    await intervalStart(interval);
    const next = await b.runOnce();
    expect(next.ran).toBe(true);
    const lease = await db.jobLease.findUniqueOrThrow({ where: { name: BILLING_JOB_LEASE } });
    expect(lease.owner).toBe(b.owner);
  });
});

describe('billing job: logs', () => {
  it('a claimed run that changed something logs at info what changed; skipped and idle runs at debug', async () => {
    const interval = 60_000;
    const [a, b] = [job(interval), job(interval)];
    await createTestUser(db, { plan: 'pro', status: 'TRIALING' });
    const later = new Date(Date.now() + 8 * 86_400_000);
    const first = await a.runOnce(later);
    expect(first).toMatchObject({ ran: true, trialsEnded: 1, renewalsCharged: 1, advanced: 1 });
    const info = lines.filter((l) => l.level === 'info' && l.msg === 'billing job: run');
    expect(info).toHaveLength(1);
    expect(info[0]!.obj).toMatchObject({
      job: 'billing-job',
      owner: a.owner,
      trialsEnded: 1,
      renewalsCharged: 1,
      chargesFailed: 0,
      cancellations: 0,
      synced: 0,
    });
    expect((await b.runOnce(later)).ran).toBe(false);
    expect(lines.at(-1)).toMatchObject({ level: 'debug', msg: expect.stringMatching(/skipped/) });
    // A new interval with nothing to do: debug only.
    await db.jobLease.deleteMany({ where: { name: BILLING_JOB_LEASE } });
    lines.length = 0;
    expect(await b.runOnce(later)).toMatchObject({ ran: true, advanced: 0 });
    expect(lines).toEqual([
      expect.objectContaining({ level: 'debug', msg: 'billing job: run, nothing to do' }),
    ]);
  });

  it('renewals, failed charges and cancellations at period end are counted', async () => {
    const job1 = job(60_000);
    const past = new Date(Date.now() - 60_000);
    const mk = async (o: { cancel?: boolean; failing?: boolean }) => {
      const { user, subscription } = await createTestUser(db, { plan: 'starter', status: 'ACTIVE' });
      await db.subscription.update({
        where: { id: subscription!.id },
        data: {
          currentPeriodStart: new Date(past.getTime() - 30 * 86_400_000),
          currentPeriodEnd: past,
          cancelAtPeriodEnd: !!o.cancel,
          ...(o.failing ? { stripeCustomerId: `cus_simfail_${user.id}` } : {}),
        },
      });
    };
    await mk({});
    await mk({ failing: true });
    await mk({ cancel: true });
    const res = await job1.runOnce();
    expect(res).toMatchObject({
      ran: true,
      trialsEnded: 0,
      renewalsCharged: 1,
      chargesFailed: 1,
      cancellations: 1,
      advanced: 3,
    });
  });
});
