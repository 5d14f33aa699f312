import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { Prisma, sqlOf } from '@app/db';
import { createQuotaService, periodStartFor, periodStartSql } from './quota.js';
import { canSend } from '../plans/catalogue.js';
import { createTestUser } from '../testing/factories.js';
import { ensureTeamWorkspace } from './workspaces/provision.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('quota', () => {
  it('the reservation statement keys the counter by the same period as periodStartFor', async () => {
    const now = new Date('2026-11-24T10:00:00.123Z');
    const trial = new Date('2026-11-20T08:30:00.001Z');
    const past = new Date('2026-11-03T00:00:00.000Z');
    const future = new Date('2026-11-24T10:00:00.124Z');
    const cases = [
      { status: 'TRIALING', trialStart: trial, currentPeriodStart: past },
      { status: 'TRIALING', trialStart: null, currentPeriodStart: past },
      { status: 'TRIALING', trialStart: null, currentPeriodStart: null },
      { status: 'ACTIVE', trialStart: trial, currentPeriodStart: past },
      { status: 'ACTIVE', trialStart: null, currentPeriodStart: now },
      { status: 'ACTIVE', trialStart: null, currentPeriodStart: future },
      { status: 'PAST_DUE', trialStart: null, currentPeriodStart: null },
      { status: 'CANCELED', trialStart: trial, currentPeriodStart: future },
    ];
    for (const c of cases) {
      const [row] = await sqlOf(database.prisma).query<{ period: Date }>(Prisma.sql`
        WITH p AS (SELECT ${c.status}::"SubscriptionStatus" AS "status", ${c.trialStart}::timestamptz AS "trialStart",
                          ${c.currentPeriodStart}::timestamptz AS "currentPeriodStart")
        SELECT ${periodStartSql(now)} AS period FROM p`);
      expect([c, row!.period]).toEqual([c, periodStartFor(c, now)]);
    }
  });

  it('50 concurrent reservations with one message left yield exactly one success', async () => {
    const quota = createQuotaService(database.prisma);
    const { user } = await createTestUser(database.prisma, { plan: 'starter', messageLimit: 5 });
    for (let i = 0; i < 4; i++) await (await quota.reserve(user.id)).commit();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => quota.reserve(user.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(49);
    expect(rejected[0]!.reason).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: expect.stringMatching(/used all messages/),
      cause: { info: { appCode: 'QUOTA_EXCEEDED', httpStatus: 402 } },
    });
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
    await expect(quota.reserve(bare.id)).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: /no active subscription/,
      cause: { info: { appCode: 'SUBSCRIPTION_INACTIVE', httpStatus: 402 } },
    });
  });

  it.each(['CANCELED', 'INCOMPLETE_EXPIRED', 'INACTIVE'] as const)(
    '%s subscriptions cannot send (402 SUBSCRIPTION_INACTIVE)',
    async (status) => {
      const quota = createQuotaService(database.prisma);
      const { user } = await createTestUser(database.prisma, { plan: 'pro', status });
      await expect(quota.reserve(user.id)).rejects.toThrow(/no active subscription/);
    },
  );

  it('an admin without a subscription sends unmetered (no counter row)', async () => {
    const quota = createQuotaService(database.prisma);
    const { user } = await createTestUser(database.prisma, { isAdmin: true });
    const r = await quota.reserve(user.id);
    await r.commit();
    await (await quota.reserve(user.id)).release();
    expect(await quota.usage(user.id)).toBeNull();
    const { user: lapsed } = await createTestUser(database.prisma, {
      isAdmin: true,
      plan: 'starter',
      status: 'CANCELED',
    });
    await (await quota.reserve(lapsed.id)).commit();
    const sub = await database.prisma.subscription.findUniqueOrThrow({ where: { userId: lapsed.id } });
    expect(await database.prisma.usageCounter.count({ where: { subscriptionId: sub.id } })).toBe(0);
  });
});

describe('a read alongside the reservation', () => {
  const alongside = (text: string) => Prisma.sql`(SELECT ${text}::text)`;

  it('comes back with an own payer’s, an admin’s unmetered and a no-payer admin’s reservation', async () => {
    const quota = createQuotaService(database.prisma);
    const { user } = await createTestUser(database.prisma, { plan: 'pro' });
    const r = await quota.reserve(user.id, { alongside: alongside('own') });
    expect(r.alongside).toBe('own');
    expect(r.counter).toBeDefined();
    await r.release();
    expect((await quota.usage(user.id))!.messagesUsed).toBe(0);
    const { user: admin } = await createTestUser(database.prisma, { isAdmin: true });
    const u = await quota.reserve(admin.id, { alongside: alongside('admin') });
    expect(u.alongside).toBe('admin');
    expect(u.counter).toBeUndefined();
    expect((await quota.reserve(admin.id)).alongside).toBeUndefined();
  });

  it('changes nothing about refusals: no payer and a used-up quota are still 402s', async () => {
    const quota = createQuotaService(database.prisma);
    const { user: bare } = await createTestUser(database.prisma);
    await expect(quota.reserve(bare.id, { alongside: alongside('x') })).rejects.toThrow(
      /no active subscription/,
    );
    const { user } = await createTestUser(database.prisma, { plan: 'starter', messageLimit: 1 });
    await (await quota.reserve(user.id, { alongside: alongside('x') })).commit();
    await expect(quota.reserve(user.id, { alongside: alongside('x') })).rejects.toThrow(/used all messages/);
    expect((await quota.usage(user.id))!.messagesUsed).toBe(1);
  });
});

describe('the sending rule (shared by the quota service and the dashboard)', () => {
  it.each([
    ['ACTIVE', true],
    ['TRIALING', true],
    ['PAST_DUE', true],
    ['INCOMPLETE', false],
    ['INCOMPLETE_EXPIRED', false],
    ['CANCELED', false],
    ['INACTIVE', false],
    [null, false],
    [undefined, false],
    ['SOMETHING_NEW', false],
  ] as const)('%s → %s', (status, allowed) => {
    expect(canSend(status)).toBe(allowed);
  });

  it('admins may always send', () => {
    expect(canSend(null, { isAdmin: true })).toBe(true);
    expect(canSend('CANCELED', { isAdmin: true })).toBe(true);
  });
});

describe('periodStartFor', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  const trialStart = new Date('2026-03-10T08:00:00Z');
  const periodStart = new Date('2026-03-02T00:00:00Z');

  it('a trial counts from its start', () => {
    expect(periodStartFor({ status: 'TRIALING', trialStart, currentPeriodStart: periodStart }, now)).toEqual(
      trialStart,
    );
  });

  it('a paid subscription counts from its current period start', () => {
    expect(periodStartFor({ status: 'ACTIVE', trialStart, currentPeriodStart: periodStart }, now)).toEqual(
      periodStart,
    );
    expect(
      periodStartFor({ status: 'PAST_DUE', trialStart: null, currentPeriodStart: periodStart }, now),
    ).toEqual(periodStart);
  });

  it('falls back to the first of the UTC month without a period or with one in the future', () => {
    const first = new Date('2026-03-01T00:00:00Z');
    expect(periodStartFor({ status: 'ACTIVE', trialStart: null, currentPeriodStart: null }, now)).toEqual(
      first,
    );
    expect(
      periodStartFor(
        { status: 'ACTIVE', trialStart: null, currentPeriodStart: new Date('2026-04-01T00:00:00Z') },
        now,
      ),
    ).toEqual(first);
    // A trial without a start date uses the period rule.
    expect(
      periodStartFor({ status: 'TRIALING', trialStart: null, currentPeriodStart: periodStart }, now),
    ).toEqual(periodStart);
  });
});

describe('an inline reservation (the reservation inside a caller’s statement)', () => {
  /** Runs the inline reservation's CTEs in a statement of their own, as a caller's statement would. */
  async function runInline(userId: string) {
    const quota = createQuotaService(database.prisma);
    const inline = quota.reserveInline(userId);
    const [row] = await sqlOf(database.prisma).query<{
      reserved: boolean;
      subscriptionId: string | null;
      periodStart: Date | null;
    }>(Prisma.sql`WITH ${inline.ctes}
      SELECT ${inline.reserved} AS "reserved", ${inline.subscriptionId} AS "subscriptionId",
             ${inline.periodStart} AS "periodStart"`);
    return { ...row!, inline };
  }

  it('reserves a payer of their own’s message on the counter reserve() uses, and its release gives it back', async () => {
    const { user, subscription } = await createTestUser(database.prisma, { plan: 'pro' });
    const row = await runInline(user.id);
    expect(row.reserved).toBe(true);
    expect(row.subscriptionId).toBe(subscription!.id);
    expect(row.periodStart).toEqual(periodStartFor(subscription!));
    const quota = createQuotaService(database.prisma);
    expect((await quota.usage(user.id))!.messagesUsed).toBe(1);
    const held = row.inline.held({ subscriptionId: row.subscriptionId!, periodStart: row.periodStart! });
    expect(held.counter).toEqual({ subscriptionId: subscription!.id, periodStart: row.periodStart });
    await held.release();
    await held.release();
    expect((await quota.usage(user.id))!.messagesUsed).toBe(0);
  });

  it('reserves nothing, and changes no counter, for a used-up quota, no payer, an inactive one or a team seat', async () => {
    const quota = createQuotaService(database.prisma);
    const { user: full } = await createTestUser(database.prisma, { plan: 'starter', messageLimit: 1 });
    await (await quota.reserve(full.id)).commit();
    expect((await runInline(full.id)).reserved).toBe(false);
    expect((await quota.usage(full.id))!.messagesUsed).toBe(1);
    const { user: bare } = await createTestUser(database.prisma);
    expect(await runInline(bare.id)).toMatchObject({ reserved: false, subscriptionId: null });
    const { user: lapsed } = await createTestUser(database.prisma, { plan: 'pro', status: 'CANCELED' });
    expect((await runInline(lapsed.id)).reserved).toBe(false);
    expect((await quota.usage(lapsed.id))!.messagesUsed).toBe(0);
    const { subscription: team } = await createTestUser(database.prisma, { plan: 'team', messageLimit: 10 });
    const workspaceId = await ensureTeamWorkspace(database.prisma, team!.id);
    const { user: member } = await createTestUser(database.prisma);
    await database.prisma.workspaceMember.create({
      data: { workspaceId: workspaceId!, userId: member.id, role: 'MEMBER' },
    });
    expect((await runInline(member.id)).reserved).toBe(false);
    expect(await database.prisma.usageCounter.count({ where: { subscriptionId: team!.id } })).toBe(0);
  });

  it('20 concurrent inline reservations with one message left reserve exactly one', async () => {
    const quota = createQuotaService(database.prisma);
    const { user } = await createTestUser(database.prisma, { plan: 'starter', messageLimit: 3 });
    for (let i = 0; i < 2; i++) await (await quota.reserve(user.id)).commit();
    const rows = await Promise.all(Array.from({ length: 20 }, () => runInline(user.id)));
    expect(rows.filter((r) => r.reserved)).toHaveLength(1);
    expect((await quota.usage(user.id))!.messagesUsed).toBe(3);
  });
});
