// The usage logger against a real database: entries of an account deleted while they waited in the buffer
// are kept without the user (like the rest of a deleted account's history), never dropped with their batch.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { createTestUser } from '../testing/factories.js';
import type { Logger } from './logger.js';
import { createUsageLogger } from './usage-log.js';

const log = { info: vi.fn(), debug: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('usage log writes', () => {
  it('keep the batch when a user in it was deleted meanwhile', async () => {
    const db = database.prisma;
    const usage = createUsageLogger(db, log, { flushMs: 60_000 });
    const gone = (await createTestUser(db)).user;
    const stays = (await createTestUser(db)).user;
    await usage.log({
      userId: gone.id,
      action: 'USER_LOGIN',
      endpoint: '/api/auth/account',
      details: 'deleted',
    });
    await usage.log({ userId: stays.id, action: 'USER_LOGIN', endpoint: '/api/auth/login', details: 'kept' });
    await db.user.delete({ where: { id: gone.id } });
    await usage.close();
    const rows = await db.usageLog.findMany({ where: { details: { in: ['deleted', 'kept'] } } });
    expect(rows.map((r) => [r.details, r.userId]).sort()).toEqual([
      ['deleted', null],
      ['kept', stays.id],
    ]);
    expect(usage.stats().dropped).toBe(0);
  });
});
