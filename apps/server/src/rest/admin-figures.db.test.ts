// Admin figures on seeded data, each expected value worked out by hand in the comments: the plans overview
// (growth, churn, revenue, per-plan stats), payment status and transactions, usage analytics and the log list,
// clearing test data, the CSV export (quoting, spreadsheet-formula cells, keyset pages) and plan edits that users
// see at once. (The CSV export's keyset paging is tested in packages/api services/usage/logs.db.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '@app/db';
import { createSignedInUser, createTestUser } from '@app/api/testing';
import { createTestServer, type TestServer } from '../testing.js';

let s: TestServer;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
const DAY = 86_400_000;
const now = new Date();
const monthStart = (offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
/** A moment in the month `offset` months from this one (day 2 at noon, or just after the start when sooner). */
const inMonth = (offset: number) =>
  offset === 0
    ? new Date(Math.max(monthStart(0).getTime() + 1, now.getTime() - 60_000))
    : new Date(monthStart(offset).getTime() + DAY + 12 * 3_600_000);

beforeAll(async () => {
  s = await createTestServer();
  admin = await createSignedInUser(s.services, { isAdmin: true, email: 'boss@admin-co.com' });
});
afterAll(async () => {
  await s?.close();
});

const get = (url: string) =>
  s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.accessToken}` } });
const put = (url: string, payload: unknown) =>
  s.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${admin.accessToken}` },
    payload: payload as never,
  });

/** A user created `monthOffset` months from now, with a subscription shaped by `sub`. */
async function seedUser(
  email: string,
  monthOffset: number,
  sub?: { plan: 'starter' | 'pro' | 'team'; status: SubscriptionStatus; canceledAt?: Date },
) {
  const { user, subscription } = await createTestUser(s.services.db, {
    email,
    ...(sub ? { plan: sub.plan, status: sub.status } : {}),
  });
  const createdAt = inMonth(monthOffset);
  await s.services.db.user.update({ where: { id: user.id }, data: { createdAt } });
  if (subscription)
    await s.services.db.subscription.update({
      where: { id: subscription.id },
      data: { createdAt, canceledAt: sub?.canceledAt ?? null },
    });
  return user;
}

describe('plans overview and payment status', () => {
  beforeAll(async () => {
    // Users: this month admin + T1..T4 = 5; last month L1..L3 = 3; two months ago O = 1. Total 9.
    await seedUser('t1@co-one.com', 0, { plan: 'team', status: 'ACTIVE' }); //              s5: new, live
    await seedUser('t2@co-one.com', 0, { plan: 'pro', status: 'ACTIVE', canceledAt: inMonth(0) }); // s6: cancels
    await seedUser('t3@co-one.com', 0);
    await seedUser('t4@co-one.com', 0);
    await seedUser('l1@co-one.com', -1, { plan: 'pro', status: 'ACTIVE' }); //                 s1: live at start
    await seedUser('l2@co-one.com', -1, { plan: 'starter', status: 'CANCELED', canceledAt: inMonth(0) }); // s2
    await seedUser('l3@co-one.com', -1, { plan: 'starter', status: 'TRIALING' }); //           s3: live at start
    await seedUser('o@co-one.com', -2, { plan: 'pro', status: 'CANCELED', canceledAt: inMonth(-1) }); // s4: ended
    const pay = (providerId: string, amountCents: number, plan: string, status: string, offset: number) =>
      s.services.db.payment.create({
        data: { providerId, amountCents, plan, status, createdAt: inMonth(offset) },
      });
    await pay('in_1', 2700, 'Pro', 'succeeded', 0);
    await pay('in_2', 2700, 'Pro', 'succeeded', -1);
    await pay('in_3', 1200, 'Starter', 'succeeded', 0);
    await pay('in_4', 9900, 'Team', 'succeeded', 0);
    await pay('in_5', 2700, 'Pro', 'failed', 0);
    await pay('in_6', 1200, 'Starter', 'failed', -1);
    await pay('in_7', 500, 'Legacy', 'succeeded', -1);
  });

  it('GET /admin/plans/overview', async () => {
    const res = await get('/api/admin/plans/overview');
    expect(res.statusCode).toBe(200);
    const o = res.json();
    // Revenue: 2700 + 2700 + 1200 + 9900 + 500 = 17,000 cents = $170 (failed payments excluded).
    // Growth: (5 − 3) / 3 = 66.67 % → 66.7. Churn: live at the month's start s1, s2, s3 = 3 (s4 ended last
    // month, s5 and s6 are new); cancellations this month s2 and s6 = 2 → 2 / 3 → 66.7.
    expect(o).toMatchObject({
      totalUsers: 9,
      totalRevenue: 170,
      totalRevenueCents: 17_000,
      newUsersThisMonth: 5,
      newUsersLastMonth: 3,
      growthRate: 66.7,
      liveSubscriptionsAtMonthStart: 3,
      cancellationsThisMonth: 2,
      churnRate: 66.7,
    });
    // Live subscriptions: s1 pro, s3 starter, s5 team, s6 pro = 4 → 25 / 50 / 25 %.
    // Revenue per plan: Starter 1200, Pro 5400, Team 9900, and 500 under a name no plan has.
    expect(o.planStats).toEqual([
      { planId: 'starter', plan: 'Starter', users: 1, revenue: 12, revenueCents: 1200, percentage: 25 },
      { planId: 'pro', plan: 'Pro', users: 2, revenue: 54, revenueCents: 5400, percentage: 50 },
      { planId: 'team', plan: 'Team', users: 1, revenue: 99, revenueCents: 9900, percentage: 25 },
      { planId: null, plan: 'Legacy', users: 0, revenue: 5, revenueCents: 500, percentage: 0 },
    ]);
  });

  it('GET /admin/stripe/status and /admin/stripe/transactions', async () => {
    const status = (await get('/api/admin/stripe/status')).json();
    // This month: 2700 + 1200 + 9900 = 13,800 cents; one failed payment this month (in_5).
    // ACTIVE: s1, s5, s6 = 3; TRIALING: s3.
    expect(status).toEqual({
      totalRevenue: 170,
      totalRevenueCents: 17_000,
      monthlyRevenue: 138,
      monthlyRevenueCents: 13_800,
      activeSubscriptions: 3,
      trialingSubscriptions: 1,
      pastDueSubscriptions: 0,
      failedPayments: 1,
      provider: { mode: 'simulator', name: 'Stripe', dashboardUrl: '/billing/portal' },
    });
    const tx = (await get('/api/admin/stripe/transactions?limit=3')).json().transactions;
    expect(tx).toHaveLength(3);
    expect(tx[0]).toMatchObject({
      amount: expect.any(Number),
      customer: { email: null },
      status: expect.stringMatching(/succeeded|failed/),
    });
    // Newest first, this month's payments before last month's.
    const all = (await get('/api/admin/stripe/transactions')).json().transactions;
    expect(all).toHaveLength(7);
    expect(
      all
        .slice(0, 4)
        .map((t: { id: string }) => t.id)
        .sort(),
    ).toEqual(['in_1', 'in_3', 'in_4', 'in_5']);
    expect(all.find((t: { id: string }) => t.id === 'in_4')).toMatchObject({
      amount: 99,
      amountCents: 9900,
      plan: 'Team',
    });
  });

  it('GET /admin/dashboard counts', async () => {
    const d = (await get('/api/admin/dashboard')).json();
    expect(d.users).toEqual({ total: 9, admins: 1, verified: 9, newThisMonth: 5 });
    expect(d.subscriptions).toEqual({ active: 3, trialing: 1, pastDue: 0, canceled: 2, incomplete: 0 });
    expect(d.revenue).toEqual({ total: 170, totalCents: 17_000, thisMonth: 138, thisMonthCents: 13_800 });
  });

  it('GET /admin/health names every dependency and the modes in use', async () => {
    const h = (await get('/api/admin/health')).json();
    expect(h.checks.database).toMatchObject({ status: 'ok' });
    expect(h.checks.storage).toMatchObject({ status: 'ok' });
    expect(h.checks.mail).toMatchObject({ status: 'ok' });
    expect(Boolean(h.checks.redis)).toBe(Boolean(process.env.REDIS_URL));
    expect(h.llm).toEqual({ mode: 'offline', model: null, baseUrl: null });
    expect(h.billing.mode).toBe('simulator');
    expect(h.mailer).toEqual({ mode: 'outbox' });
    expect(h.storage).toEqual({ driver: 'local', bucket: null });
    expect(h.redis).toEqual({ configured: Boolean(process.env.REDIS_URL) });
    expect(h.usageLog).toMatchObject({ dropped: 0, pending: 0 });
  });
});

describe('usage analytics and the log list', () => {
  let ana: { id: string };
  let ben: { id: string };
  beforeAll(async () => {
    ana = (await createTestUser(s.services.db, { email: 'ana@alpha-co.com', firstName: 'Ana' })).user;
    ben = (await createTestUser(s.services.db, { email: 'ben@beta-co.com', firstName: 'Ben' })).user;
    const at = (iso: string) => new Date(iso);
    await s.services.db.usageLog.createMany({
      data: [
        {
          userId: ana.id,
          action: 'CHAT_MESSAGE',
          endpoint: '/x',
          status: 'success',
          usage: 1,
          timestamp: at('2025-03-01T08:00:00Z'),
        },
        {
          userId: ana.id,
          action: 'STREAMING_CHAT',
          endpoint: '/x',
          status: 'success',
          usage: 1,
          timestamp: at('2025-03-01T09:00:00Z'),
        },
        {
          userId: ben.id,
          action: 'CHAT_MESSAGE',
          endpoint: '/x',
          status: 'error',
          usage: 0,
          timestamp: at('2025-03-01T23:59:59.999Z'),
        },
        {
          userId: ana.id,
          action: 'STREAMING_CHAT',
          endpoint: '/x',
          status: 'warning',
          usage: 0,
          timestamp: at('2025-03-03T00:00:00Z'),
        },
        {
          userId: ben.id,
          action: 'CHAT_MESSAGE',
          endpoint: '/x',
          status: 'success',
          usage: 1,
          timestamp: at('2025-03-03T12:00:00Z'),
          actorId: admin.user.id,
        },
        // Outside 1–3 March:
        {
          userId: ana.id,
          action: 'CHAT_MESSAGE',
          endpoint: '/x',
          status: 'success',
          usage: 5,
          timestamp: at('2025-03-04T00:00:00Z'),
        },
        {
          userId: ben.id,
          action: 'CHAT_MESSAGE',
          endpoint: '/x',
          status: 'success',
          usage: 5,
          timestamp: at('2025-02-28T23:59:59.999Z'),
        },
      ],
    });
  });

  it('GET /admin/analytics/usage: totals, success rate to one decimal and every day of the period', async () => {
    // 1–3 March: 5 requests, credits 1 + 1 + 0 + 0 + 1 = 3, successes 3 → 60.0 %.
    const expected = {
      totalRequests: 5,
      totalUsage: 3,
      successRate: 60,
      errorCount: 1,
      warningCount: 1,
      perDay: [
        { date: '2025-03-01', requests: 3, usage: 2, errors: 1 },
        { date: '2025-03-02', requests: 0, usage: 0, errors: 0 },
        { date: '2025-03-03', requests: 2, usage: 1, errors: 0 },
      ],
    };
    expect((await get('/api/admin/analytics/usage?from=2025-03-01&to=2025-03-03')).json()).toEqual(expected);
    expect((await get('/api/admin/analytics/usage?startDate=2025-03-01&endDate=2025-03-03')).json()).toEqual(
      expected,
    );
    // Ana's entries: 3, of which 2 succeeded → 66.7 %.
    const anas = (
      await get('/api/admin/analytics/usage?from=2025-03-01&to=2025-03-03&search=ALPHA-co')
    ).json();
    expect(anas).toMatchObject({ totalRequests: 3, totalUsage: 2, successRate: 66.7 });
    const streaming = (
      await get('/api/admin/analytics/usage?from=2025-03-01&to=2025-03-03&action=STREAMING_CHAT')
    ).json();
    expect(streaming).toMatchObject({ totalRequests: 2, totalUsage: 1, successRate: 50 });
    const none = (await get('/api/admin/analytics/usage?from=2024-01-01&to=2024-01-01')).json();
    expect(none).toEqual({
      totalRequests: 0,
      totalUsage: 0,
      successRate: 0,
      errorCount: 0,
      warningCount: 0,
      perDay: [{ date: '2024-01-01', requests: 0, usage: 0, errors: 0 }],
    });
    expect((await get('/api/admin/analytics/usage?from=yesterday')).statusCode).toBe(400);
  });

  it('GET /admin/logs: newest first, paged, filtered by action, search, period and admin', async () => {
    const page2 = (await get('/api/admin/logs?from=2025-03-01&to=2025-03-03&limit=2&page=2')).json();
    // Whole days and no user filter: the total is the rollups' exact sum (issue 40).
    expect(page2.pagination).toEqual({
      page: 2,
      limit: 2,
      total: 5,
      pages: 3,
      totalCapped: false,
      nextCursor: expect.any(String),
    });
    // The cursor continues from page 2 by keyset: page 3 is the oldest entry.
    const page3 = (
      await get(`/api/admin/logs?from=2025-03-01&to=2025-03-03&limit=2&cursor=${page2.pagination.nextCursor}`)
    ).json();
    expect(page3.logs.map((l: { timestamp: string }) => l.timestamp)).toEqual(['2025-03-01T08:00:00.000Z']);
    expect(page3.pagination.nextCursor).toBeNull();
    expect((await get('/api/admin/logs?cursor=nope')).statusCode).toBe(400);
    // Newest first: 03-03 12:00, 03-03 00:00 | 03-01 23:59, 03-01 09:00 | 03-01 08:00.
    expect(page2.logs.map((l: { timestamp: string }) => l.timestamp)).toEqual([
      '2025-03-01T23:59:59.999Z',
      '2025-03-01T09:00:00.000Z',
    ]);
    expect(page2.logs[0]).toMatchObject({
      user: { id: ben.id, email: 'ben@beta-co.com', firstName: 'Ben', lastName: 'User' },
      action: 'CHAT_MESSAGE',
      usage: 0,
      status: 'error',
      endpoint: '/x',
      details: null,
    });
    const defaults = (await get('/api/admin/logs')).json();
    expect(defaults.pagination).toMatchObject({ page: 1, limit: 50 });
    const anas = (
      await get('/api/admin/logs?search=ana%40alpha&action=streaming_chat&from=2025-03-01&to=2025-03-31')
    ).json();
    expect(anas.logs.map((l: { status: string }) => l.status)).toEqual(['warning', 'success']);
    const byAdmin = (
      await get(`/api/admin/logs?adminId=${admin.user.id}&from=2025-01-01&to=2025-12-31`)
    ).json();
    expect(byAdmin.logs).toHaveLength(1);
    expect(byAdmin.logs[0]).toMatchObject({
      user: { id: ben.id },
      actor: { id: admin.user.id, email: 'boss@admin-co.com' },
    });
    expect((await get('/api/admin/logs?action=NOPE')).statusCode).toBe(400);
    expect((await get('/api/admin/logs?limit=500')).statusCode).toBe(400);
  });
});

/** RFC 4180 reader for the tests. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe('CSV export', () => {
  const tricky = [
    'a, b and c',
    'she said "hi"',
    'line one\nline two\r\nline three',
    '=HYPERLINK("http://evil.example","click")',
    '+1+2',
    '-2',
    '@SUM(A1:A2)',
    '\t=1',
    'plain',
  ];
  beforeAll(async () => {
    const { user } = await createTestUser(s.services.db, { email: '=evil@csv-co.com', firstName: 'Eve' });
    await s.services.db.usageLog.createMany({
      data: tricky.map((details, i) => ({
        userId: user.id,
        action: 'BILLING',
        endpoint: '/api/x,y',
        status: 'success',
        usage: i,
        details,
        timestamp: new Date(Date.UTC(2024, 4, 5, 10, 0, i)),
      })),
    });
  });

  it('GET /api/admin/logs/export.csv: every matching row, quotes doubled, formulas neutralised', async () => {
    const res = await get('/api/admin/logs/export.csv?from=2024-05-05&to=2024-05-05');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="usage_logs_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFFUser,Action,Timestamp,Usage,Status,Endpoint,Details\r\n')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual(['User', 'Action', 'Timestamp', 'Usage', 'Status', 'Endpoint', 'Details']);
    expect(rows).toHaveLength(1 + tricky.length);
    // Newest first: the last seeded detail comes first.
    const body = rows.slice(1).reverse();
    expect(body.map((r) => r[6])).toEqual([
      'a, b and c',
      'she said "hi"',
      'line one\nline two\r\nline three',
      `'=HYPERLINK("http://evil.example","click")`,
      `'+1+2`,
      `'-2`,
      `'@SUM(A1:A2)`,
      `'\t=1`,
      'plain',
    ]);
    expect(body[0]).toEqual([
      "'=evil@csv-co.com",
      'BILLING',
      '2024-05-05T10:00:00.000Z',
      '0',
      'success',
      '/api/x,y',
      'a, b and c',
    ]);
    // Every text cell is quoted, with quotes doubled.
    expect(res.body).toContain('"she said ""hi"""');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });
});

describe('clearing test data', () => {
  it('deletes entries of test accounts (reserved test domains) and isTest entries, nothing else', async () => {
    const mk = async (email: string) => (await createTestUser(s.services.db, { email })).user;
    const real = await mk('keep@realco.com');
    const seeded = await mk('seed-user@example.com');
    const e2e = await mk('admin@e2e.test');
    const sub = await mk('x@mail.example.org');
    const lookalike = await mk('someone@notexample.com');
    const entry = (userId: string | null, o: { isTest?: boolean; actorId?: string } = {}) => ({
      userId,
      action: 'BILLING',
      endpoint: '/clear',
      ...o,
    });
    await s.services.db.usageLog.createMany({
      data: [
        entry(real.id),
        entry(lookalike.id),
        entry(null),
        entry(seeded.id),
        entry(e2e.id),
        entry(sub.id),
        entry(real.id, { isTest: true }),
        entry(null, { actorId: seeded.id }),
      ],
    });
    const res = await s.app.inject({
      method: 'DELETE',
      url: '/api/admin/usage/clear',
      headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    // At least the five test entries above; every entry of earlier tests' @example.com users goes too.
    expect(res.json().deletedCount).toBeGreaterThanOrEqual(5);
    const left = await s.services.db.usageLog.findMany({ where: { endpoint: '/clear' } });
    expect(left.map((l) => l.userId).sort()).toEqual([real.id, lookalike.id, null].sort());
    const logged = await s.services.db.usageLog.findFirstOrThrow({
      where: { procedure: 'admin.clearTestUsage', status: 'success' },
      orderBy: { timestamp: 'desc' },
    });
    expect(logged.details).toBe(`Cleared ${res.json().deletedCount} test usage records`);
  });
});

describe('plan edits', () => {
  it('PUT /admin/plans/{id} changes what users see; validation; the last active plan stays', async () => {
    const before = (await get('/api/subscriptions/plans')).json().plans;
    expect(before.map((p: { name: string }) => p.name)).toEqual(['Starter', 'Pro', 'Team']);
    const edit = await put('/api/admin/plans/pro', {
      description: 'For busy freelancers',
      features: ['Everything in Starter', 'Quiz generator'],
      monthlyMessages: 1200,
      annualMessages: 16_800,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().plan).toMatchObject({
      id: 'pro',
      description: 'For busy freelancers',
      monthlyMessages: 1200,
    });
    const pro = (await get('/api/subscriptions/plans'))
      .json()
      .plans.find((p: { id: string }) => p.id === 'pro');
    expect(pro).toMatchObject({
      description: 'For busy freelancers',
      features: ['Everything in Starter', 'Quiz generator'],
      annualMessages: 16_800,
      messages: { monthly: '1,200 messages/month' },
    });
    expect((await put('/api/admin/plans/starter', { isActive: false })).statusCode).toBe(200);
    expect((await get('/api/subscriptions/plans')).json().plans.map((p: { id: string }) => p.id)).toEqual([
      'pro',
      'team',
    ]);
    expect((await put('/api/admin/plans/team', { isActive: false })).statusCode).toBe(200);
    const last = await put('/api/admin/plans/pro', { isActive: false });
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('LAST_ACTIVE_PLAN');
    expect((await put('/api/admin/plans/pro', { monthlyMessages: 20_000 })).statusCode).toBe(400); // annual < monthly
    expect((await put('/api/admin/plans/pro', { features: [] })).statusCode).toBe(400);
    expect((await put('/api/admin/plans/pro', {})).statusCode).toBe(400);
    expect((await put('/api/admin/plans/gold', { popular: true })).statusCode).toBe(404);
    for (const id of ['starter', 'team'])
      expect((await put(`/api/admin/plans/${id}`, { isActive: true })).statusCode).toBe(200);
    const rows = (await get('/api/admin/plans')).json().plans;
    expect(rows.map((p: { id: string; isActive: boolean }) => [p.id, p.isActive])).toEqual([
      ['starter', true],
      ['pro', true],
      ['team', true],
    ]);
  });
});
