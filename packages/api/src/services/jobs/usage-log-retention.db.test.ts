// The usage-log clean-up: entries older than the retention are deleted (in chunks), newer ones kept, and only
// one run per day across instances (the JobLease row).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { silentLogger } from '../logger.js';
import { createUsageRetentionJob, USAGE_RETENTION_LEASE } from './usage-log-retention.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const DAY = 86_400_000;

describe('usage-log retention job', () => {
  it('deletes entries past the retention once a day, whichever instance claims the day', async () => {
    const db = database.prisma;
    const now = Date.now();
    await db.usageLog.createMany({
      data: [
        { action: 'BILLING', endpoint: 'old', timestamp: new Date(now - 401 * DAY) },
        { action: 'BILLING', endpoint: 'old', timestamp: new Date(now - 400 * DAY - 60_000) },
        { action: 'BILLING', endpoint: 'kept', timestamp: new Date(now - 399 * DAY) },
        { action: 'BILLING', endpoint: 'kept', timestamp: new Date(now) },
      ],
    });
    const a = createUsageRetentionJob({ db, log: silentLogger, retentionDays: 400 });
    const b = createUsageRetentionJob({ db, log: silentLogger, retentionDays: 400 });
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect([ra.ran, rb.ran].sort()).toEqual([false, true]);
    expect(ra.deleted + rb.deleted).toBe(2);
    expect((await db.usageLog.findMany()).map((r) => r.endpoint)).toEqual(['kept', 'kept']);
    // The day is taken: a later tick today does nothing.
    expect(await a.runOnce()).toMatchObject({ ran: false, deleted: 0 });
    const lease = await db.jobLease.findUniqueOrThrow({ where: { name: USAGE_RETENTION_LEASE } });
    // Held until the next UTC midnight.
    expect(lease.lockedUntil.getTime() % DAY).toBe(0);
    expect(lease.lockedUntil.getTime()).toBeGreaterThan(now);
    // Another day (the lease expired): a shorter retention deletes more.
    await db.jobLease.update({
      where: { name: USAGE_RETENTION_LEASE },
      data: { lockedUntil: new Date(now - 1) },
    });
    const c = createUsageRetentionJob({ db, log: silentLogger, retentionDays: 1 });
    expect(await c.runOnce()).toMatchObject({ ran: true, deleted: 1 });
  });
});
