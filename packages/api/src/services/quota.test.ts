import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { createQuotaService } from './quota.js';
import { createTestUser } from '../testing/factories.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('quota', () => {
  it('50 concurrent reservations with one message left yield exactly one success', async () => {
    const quota = createQuotaService(database.prisma);
    const { user } = await createTestUser(database.prisma, { plan: 'starter', messageLimit: 5 });
    for (let i = 0; i < 4; i++) await (await quota.reserve(user.id)).commit();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => quota.reserve(user.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(49);
    expect(rejected[0]!.reason.message).toMatch(/used all messages/);
    expect((await quota.usage(user.id))!.messagesUsed).toBe(5);
  });

  it('a released reservation costs nothing; reset clears the period', async () => {
    const quota = createQuotaService(database.prisma);
    const { user } = await createTestUser(database.prisma, { plan: 'pro' });
    const r = await quota.reserve(user.id);
    await r.release();
    await r.release();
    expect((await quota.usage(user.id))!.messagesUsed).toBe(0);
    await (await quota.reserve(user.id)).commit();
    expect((await quota.usage(user.id))!).toMatchObject({ messagesUsed: 1, messageLimit: 1000 });
    await quota.reset(user.id);
    expect((await quota.usage(user.id))!.messagesUsed).toBe(0);
  });

  it('INCOMPLETE subscriptions and users without one cannot send', async () => {
    const quota = createQuotaService(database.prisma);
    const { user } = await createTestUser(database.prisma, { plan: 'pro', status: 'INCOMPLETE' });
    await expect(quota.reserve(user.id)).rejects.toThrow(/trial has expired/);
    const { user: bare } = await createTestUser(database.prisma);
    await expect(quota.reserve(bare.id)).rejects.toThrow(/trial has expired/);
  });
});
