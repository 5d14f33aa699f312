import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { seedDevelopmentData } from './dev-seed.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('development seed', () => {
  it('creates users on every plan with sessions, logs and payments, and is idempotent', async () => {
    const db = database.prisma;
    expect((await seedDevelopmentData(db)).created).toBe(7);
    expect((await seedDevelopmentData(db)).created).toBe(0);
    expect(await db.user.count({ where: { isAdmin: true } })).toBe(1);
    const plans = await db.subscription.groupBy({ by: ['planId'], _count: true });
    expect(plans.map((p) => p.planId).sort()).toEqual(['pro', 'starter', 'team']);
    expect(await db.chatSession.count()).toBeGreaterThan(5);
    expect(await db.usageLog.count()).toBe(84);
    expect(await db.payment.count({ where: { status: 'failed' } })).toBe(1);
  });
});
