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
  it('write every column of a batch in one statement, stamping team members with their workspace', async () => {
    const db = database.prisma;
    const usage = createUsageLogger(db, log, { flushMs: 60_000 });
    const owner = (await createTestUser(db)).user;
    const member = (await createTestUser(db)).user;
    const loner = (await createTestUser(db)).user;
    const team = await db.workspace.create({ data: { name: 'Team', ownerId: owner.id } });
    const other = await db.workspace.create({ data: { name: 'Other', ownerId: owner.id } });
    await db.workspaceMember.create({ data: { workspaceId: team.id, userId: member.id } });
    await usage.log({
      userId: member.id,
      action: 'CHAT_MESSAGE',
      endpoint: '/api/x',
      usage: 1,
      details: 'm1',
    });
    await usage.log({
      userId: member.id,
      action: 'BILLING',
      endpoint: 'webhook',
      workspaceId: other.id,
      details: 'm2',
      status: 'warning',
      isTest: true,
    });
    await usage.log({ userId: loner.id, action: 'USER_LOGIN', endpoint: '/api/auth/login', details: 'l1' });
    await usage.log({ action: 'BILLING', endpoint: 'job', details: 'anon' });
    await usage.close();
    const rows = await db.usageLog.findMany({ where: { details: { in: ['m1', 'm2', 'l1', 'anon'] } } });
    const by = Object.fromEntries(rows.map((r) => [r.details, r]));
    expect(by.m1).toMatchObject({
      userId: member.id,
      workspaceId: team.id,
      action: 'CHAT_MESSAGE',
      usage: 1,
    });
    expect(by.m2).toMatchObject({
      workspaceId: other.id,
      status: 'warning',
      isTest: true,
      endpoint: 'webhook',
    });
    expect(by.l1).toMatchObject({
      userId: loner.id,
      workspaceId: null,
      action: 'USER_LOGIN',
      status: 'success',
    });
    expect(by.anon).toMatchObject({
      userId: null,
      actorId: null,
      workspaceId: null,
      usage: 0,
      durationMs: null,
    });
    expect(new Set(rows.map((r) => r.id)).size).toBe(4);
    for (const r of rows) expect(Math.abs(r.timestamp.getTime() - Date.now())).toBeLessThan(60_000);
  });
});
