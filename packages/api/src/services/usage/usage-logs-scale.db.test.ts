// Usage logs at scale (issue 40), on a test database: keyset pages in (timestamp DESC, id DESC) order with ties,
// totals from the rollups or a capped count, the rollups matching the log after inserts and deletes (and after a
// rebuild), analytics from the rollups equal to counting the log, retention dropping whole monthly partitions,
// and a deleted user's entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import { Prisma, copyOf, type Database, type Db } from '@app/db';
import type { Services } from '../container.js';
import { createTestUser } from '../../testing/factories.js';
import { insertUsageRows } from '../usage-log-insert.js';
import type { UsageRow } from '../usage-log.js';
import { deleteExpiredUsageLogs } from '../jobs/usage-log-retention.js';
import { ensureUsageLogPartitions, usageLogPartitions } from '../jobs/usage-log-partitions.js';
import { adminLogsInput, adminUsageAnalyticsInput } from '../../schemas/admin.js';
import { clearTestUsage, csvHeader, exportLogsCsv, listLogs, usageAnalytics } from './logs.js';
import { TOTAL_CAP } from './log-total.js';
import { rebuildUsageRollups } from './usage-rollups.js';
import { PLATFORM_SCOPE, type AdminScope } from './scope.js';

let database: Database;
let db: Db;
let services: Services;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.prisma;
  services = { db, usage: { current: () => undefined } } as unknown as Services;
});
afterAll(async () => {
  await database?.close();
});

const DAY = 86_400_000;

function row(o: Partial<UsageRow> & { timestamp: Date }): UsageRow {
  return {
    userId: null,
    actorId: null,
    workspaceId: null,
    action: 'CHAT_MESSAGE',
    endpoint: '/api/x',
    procedure: null,
    status: 'success',
    usage: 0,
    durationMs: null,
    ip: null,
    details: null,
    isTest: false,
    ...o,
  };
}

/** The rollups as they should be: the log grouped the same way. */
async function rollupsAndLog() {
  const rollups = await db.$queryRaw<{ k: string; n: number; u: number }[]>(Prisma.sql`
    SELECT "scope" || '|' || "day"::text || '|' || "action" || '|' || "status" AS "k", "requests" AS "n", "usage" AS "u"
    FROM "UsageRollup" ORDER BY 1`);
  const log = await db.$queryRaw<{ k: string; n: number; u: number }[]>(Prisma.sql`
    SELECT e."scope" || '|' || e."day"::text || '|' || e."action" || '|' || e."status" AS "k",
           count(*)::int AS "n", sum(e."usage")::int AS "u"
    FROM (
      SELECT '' AS "scope", ("timestamp" AT TIME ZONE 'UTC')::date AS "day", "action", "status", "usage" FROM "UsageLog"
      UNION ALL
      SELECT "workspaceId", ("timestamp" AT TIME ZONE 'UTC')::date, "action", "status", "usage" FROM "UsageLog"
      WHERE "workspaceId" IS NOT NULL
    ) e GROUP BY 1 ORDER BY 1`);
  return { rollups, log };
}

describe('keyset pages', () => {
  it('walk (timestamp DESC, id DESC) with ties on the timestamp: nothing lost or repeated, same as offsets', async () => {
    const t = new Date('2024-03-10T12:00:00.000Z');
    await insertUsageRows(
      db,
      Array.from({ length: 9 }, (_, i) =>
        row({ action: 'SUBSCRIPTION', details: `tie${i}`, timestamp: i < 6 ? t : new Date(t.getTime() - i) }),
      ),
    );
    const input = (o: Record<string, unknown>) =>
      adminLogsInput.parse({ action: 'SUBSCRIPTION', limit: 2, ...o });
    const walked: string[] = [];
    let cursor: string | undefined;
    for (let page = 1; page < 10; page++) {
      const res = await listLogs(services, PLATFORM_SCOPE, input({ page, cursor }));
      walked.push(...res.logs.map((l) => l.id));
      expect(res.pagination.total).toBe(9);
      cursor = res.pagination.nextCursor ?? undefined;
      if (!cursor) break;
    }
    const all = await db.usageLog.findMany({
      where: { action: 'SUBSCRIPTION' },
      orderBy: [{ timestamp: 'desc' }, { id: 'desc' }],
    });
    expect(walked).toEqual(all.map((r) => r.id));
    expect(new Set(walked).size).toBe(9);
    const byOffset = [];
    for (let page = 1; page <= 5; page++)
      byOffset.push(...(await listLogs(services, PLATFORM_SCOPE, input({ page }))).logs.map((l) => l.id));
    expect(byOffset).toEqual(walked);
  });

  it('the export walks slices of the range two at a time and still writes every row once, newest first', async () => {
    const day = Date.UTC(2024, 2, 20);
    await insertUsageRows(
      db,
      Array.from({ length: 23 }, (_, i) =>
        row({
          action: 'ADMIN_ACCESS',
          details: `s${i}`,
          // Three days, uneven, with ties.
          timestamp: new Date(day + (i % 3) * 86_400_000 + (i < 12 ? 0 : i * 60_000)),
        }),
      ),
    );
    const input = adminLogsInput.parse({ action: 'ADMIN_ACCESS', from: '2024-03-20', to: '2024-03-22' });
    const chunks: string[] = [];
    for await (const c of exportLogsCsv(services, PLATFORM_SCOPE, input, { pageSize: 2, bulk: false }))
      chunks.push(c);
    const details = chunks
      .slice(1)
      .join('')
      .trim()
      .split('\r\n')
      .map((line) => line.split(',').at(-1)!.replace(/"/g, ''));
    const want = await db.usageLog.findMany({
      where: { action: 'ADMIN_ACCESS' },
      orderBy: [{ timestamp: 'desc' }, { id: 'desc' }],
    });
    expect(details).toEqual(want.map((r) => r.details));
    await db.$executeRaw(Prisma.sql`DELETE FROM "UsageLog" WHERE "action" = 'ADMIN_ACCESS'`);
  });

  it('counts past the cap as "10,000+" when the rollups cannot answer (a user filter)', async () => {
    const { user } = await createTestUser(db, { email: 'many@cap-co.com' });
    await db.$executeRaw(Prisma.sql`
      INSERT INTO "UsageLog" ("id", "userId", "action", "endpoint", "timestamp")
      SELECT 'cap' || g, ${user.id}, 'USER_LOGIN', '/cap', now() - g * interval '1 second'
      FROM generate_series(1, ${TOTAL_CAP + 5}) g`);
    const res = await listLogs(
      services,
      PLATFORM_SCOPE,
      adminLogsInput.parse({ userId: user.id, limit: 10 }),
    );
    expect(res.pagination).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    expect(res.logs).toHaveLength(10);
    // The rollups answer the action filter exactly.
    const exact = await listLogs(services, PLATFORM_SCOPE, adminLogsInput.parse({ action: 'USER_LOGIN' }));
    expect(exact.pagination).toMatchObject({ total: TOTAL_CAP + 5, totalCapped: false });
    await db.$executeRaw(Prisma.sql`DELETE FROM "UsageLog" WHERE "endpoint" = '/cap'`);
  });
});

describe('rollups', () => {
  it('match the log after batched inserts, createMany, deletes and a rebuild', async () => {
    const ws = 'ws-rollup';
    const base = Date.UTC(2024, 4, 1, 22);
    await insertUsageRows(
      db,
      Array.from({ length: 40 }, (_, i) =>
        row({
          action: i % 2 ? 'CHAT_MESSAGE' : 'STREAMING_CHAT',
          status: (['success', 'error', 'warning'] as const)[i % 3]!,
          usage: i % 4 === 0 ? 1 : 0,
          workspaceId: i % 5 === 0 ? ws : null,
          timestamp: new Date(base + i * 3_600_000), // across UTC midnights
          isTest: i % 7 === 0,
        }),
      ),
    );
    await db.usageLog.createMany({
      data: [
        { action: 'BILLING', endpoint: '/b', usage: 2, workspaceId: ws, timestamp: new Date(base) },
        { action: 'BILLING', endpoint: '/b', status: 'error', timestamp: new Date(base + DAY) },
      ],
    });
    let { rollups, log } = await rollupsAndLog();
    expect(rollups).toEqual(log);
    expect(rollups.length).toBeGreaterThan(10);

    await clearTestUsage(services, PLATFORM_SCOPE); // a DELETE through the parent table
    ({ rollups, log } = await rollupsAndLog());
    expect(rollups).toEqual(log);

    await db.$executeRaw(Prisma.sql`DELETE FROM "UsageRollup"`);
    const rebuilt = await rebuildUsageRollups(db);
    ({ rollups, log } = await rollupsAndLog());
    expect(rollups).toEqual(log);
    expect(rebuilt.entries).toBe(await db.usageLog.count());
  });

  it('give the same analytics as counting the log: all time, whole days, mid-day bounds, a workspace', async () => {
    const inputs = [
      {},
      { from: '2024-05-02', to: '2024-05-02' },
      { from: '2024-05-01T23:30:00.000Z', to: '2024-05-02T05:00:00.000Z' },
      { startDate: '2024-05-02T10:00:00.000Z', action: 'CHAT_MESSAGE' },
      { to: '2024-05-02T13:15:00.000Z' },
    ];
    const scopes: AdminScope[] = [PLATFORM_SCOPE, { kind: 'workspace', workspaceId: 'ws-rollup' }];
    const now = new Date('2024-05-04T00:00:00.000Z');
    for (const scope of scopes)
      for (const raw of inputs) {
        const input = adminUsageAnalyticsInput.parse(raw);
        const got = await usageAnalytics(services, scope, input, now);
        const where = [
          scope.kind === 'workspace' ? Prisma.sql`"workspaceId" = ${scope.workspaceId}` : Prisma.sql`TRUE`,
          input.action ? Prisma.sql`"action" = ${input.action}` : Prisma.sql`TRUE`,
          input.period.gte ? Prisma.sql`"timestamp" >= ${input.period.gte}` : Prisma.sql`TRUE`,
          input.period.lt ? Prisma.sql`"timestamp" < ${input.period.lt}` : Prisma.sql`TRUE`,
        ];
        const [want] = await db.$queryRaw<{ n: number; u: number; e: number; w: number }[]>(Prisma.sql`
          SELECT count(*)::int AS "n", COALESCE(sum("usage"), 0)::int AS "u",
                 count(*) FILTER (WHERE "status" = 'error')::int AS "e",
                 count(*) FILTER (WHERE "status" = 'warning')::int AS "w"
          FROM "UsageLog" WHERE ${Prisma.join(where, ' AND ')}`);
        expect([raw, got.totalRequests, got.totalUsage, got.errorCount, got.warningCount]).toEqual([
          raw,
          want!.n,
          want!.u,
          want!.e,
          want!.w,
        ]);
        expect(got.perDay.reduce((n, d) => n + d.requests, 0)).toBe(want!.n);
      }
  });
});

describe('retention', () => {
  it('drops whole months past the cutoff (with their rollup days) and deletes old rows outside the months', async () => {
    const now = new Date();
    const old = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 15, 10));
    await ensureUsageLogPartitions(db, old); // that month and the next two
    const oldMonth = `UsageLog_${old.toISOString().slice(0, 7).replace('-', '_')}`;
    expect((await usageLogPartitions(db)).map((p) => p.name)).toContain(oldMonth);
    await insertUsageRows(db, [
      row({ action: 'ADMIN_ACCESS', endpoint: 'old-month', timestamp: old }),
      row({ action: 'ADMIN_ACCESS', endpoint: 'older', timestamp: new Date(now.getTime() - 900 * DAY) }),
      row({ action: 'ADMIN_ACCESS', endpoint: 'kept', timestamp: now }),
    ]);
    const [where] = await db.$queryRaw<{ part: string }[]>(Prisma.sql`
      SELECT tableoid::regclass::text AS "part" FROM "UsageLog" WHERE "endpoint" = 'old-month'`);
    expect(where!.part).toContain(oldMonth);

    const res = await deleteExpiredUsageLogs(db, 400, now);
    expect(res.partitionsDropped).toBeGreaterThanOrEqual(1);
    expect(res.deleted).toBeGreaterThanOrEqual(1); // 'older' sat in the default partition
    const names = (await usageLogPartitions(db)).map((p) => p.name);
    expect(names).not.toContain(oldMonth);
    const thisMonth = `UsageLog_${now.toISOString().slice(0, 7).replace('-', '_')}`;
    expect(names).toContain(thisMonth);
    const left = await db.usageLog.findMany({
      where: { action: 'ADMIN_ACCESS' },
      select: { endpoint: true },
    });
    expect(left.map((r) => r.endpoint)).toEqual(['kept']);
    const { rollups, log } = await rollupsAndLog();
    expect(rollups).toEqual(log);
  });
});

describe('a deleted user', () => {
  it('keeps their entries without the user: listed, exported with an empty email, still counted', async () => {
    const { user } = await createTestUser(db, { email: 'gone@deleted-co.com' });
    const t = new Date('2024-06-01T08:00:00.000Z');
    await insertUsageRows(db, [
      row({ userId: user.id, actorId: user.id, action: 'BILLING', details: 'before', timestamp: t }),
    ]);
    const period = { from: '2024-06-01', to: '2024-06-01' };
    const before = await usageAnalytics(services, PLATFORM_SCOPE, adminUsageAnalyticsInput.parse(period));
    await db.user.delete({ where: { id: user.id } });

    const res = await listLogs(
      services,
      PLATFORM_SCOPE,
      adminLogsInput.parse({ ...period, action: 'BILLING' }),
    );
    expect(res.logs).toHaveLength(1);
    expect(res.logs[0]).toMatchObject({ user: null, actor: null, details: 'before' });
    expect(res.pagination.total).toBe(1);

    const chunks: string[] = [];
    for await (const c of exportLogsCsv(services, PLATFORM_SCOPE, adminLogsInput.parse(period)))
      chunks.push(c);
    expect(chunks.slice(1).join('')).toBe(
      '"","BILLING","2024-06-01T08:00:00.000Z",0,"success","/api/x","before"\r\n',
    );
    const after = await usageAnalytics(services, PLATFORM_SCOPE, adminUsageAnalyticsInput.parse(period));
    expect(after.totalRequests).toBe(before.totalRequests);
  });
});

describe('the CSV export by COPY (PostgreSQL)', () => {
  it('writes the same bytes as the paged export, quoting and formulas included, under every filter', async () => {
    expect(copyOf(db) !== undefined).toBe(database.kind === 'postgres');
    const { user } = await createTestUser(db, { email: 'o\'brien+"x"@copy-co.com' });
    const t = Date.UTC(2024, 8, 10, 12);
    const details = ['=SUM(A1)', 'say "hi"', 'two\r\nlines', '-1', 'tab\tin', 'ünïcode ✓', null, '@home', ''];
    await insertUsageRows(
      db,
      details.map((d, i) =>
        row({
          userId: i % 2 ? user.id : null,
          action: i % 3 ? 'BILLING' : 'SUBSCRIPTION',
          status: i % 4 ? 'success' : 'error',
          details: d,
          // Ties on the timestamp, and one row outside the mid-day period below.
          timestamp: new Date(t + (i < 4 ? 0 : i * 60_000) - (i === 8 ? 86_400_000 : 0)),
        }),
      ),
    );
    const both = async (filters: object) => {
      const input = adminLogsInput.parse(filters);
      const read = async (bulk: boolean) => {
        const chunks: string[] = [];
        for await (const c of exportLogsCsv(services, PLATFORM_SCOPE, input, { bulk })) chunks.push(c);
        return chunks.join('');
      };
      return { copied: await read(true), paged: await read(false) };
    };
    for (const filters of [
      { from: '2024-09-09', to: '2024-09-10' },
      { from: '2024-09-10', to: '2024-09-10', action: 'BILLING', status: 'success' },
      { search: 'copy-co' },
      { userId: user.id, from: '2024-09-10', to: '2024-09-10' },
    ]) {
      const { copied, paged } = await both(filters);
      expect(copied).toBe(paged);
      expect(copied.split('\r\n').length).toBeGreaterThan(2);
    }
    const { copied } = await both({ from: '2024-09-09', to: '2024-09-10' });
    expect(copied).toContain(`"'=SUM(A1)"`);
    expect(copied).toContain(`"say ""hi"""`);
    expect(copied).toContain(`"two\r\nlines"`);
    expect(copied).toContain(`"o'brien+""x""@copy-co.com"`);
    // Exports stopped right after the header leave no COPY slot taken.
    for (let i = 0; i < 3; i++) {
      const it = exportLogsCsv(services, PLATFORM_SCOPE, adminLogsInput.parse({}));
      await it.next();
      await it.return({ rows: 0 });
    }
    const probe = copyOf(db)?.lines(Prisma.sql`SELECT 'x'`);
    if (database.kind === 'postgres') expect(probe).not.toBeNull();
    if (probe) for await (const b of probe) expect(b.rows).toBe(1);
    // A team's export: the same path, scoped.
    const team: AdminScope = { kind: 'workspace', workspaceId: 'no-such-team' };
    const none: string[] = [];
    for await (const c of exportLogsCsv(services, team, adminLogsInput.parse({}))) none.push(c);
    expect(none.join('')).toBe(csvHeader());
    await db.$executeRaw(Prisma.sql`DELETE FROM "UsageLog" WHERE "timestamp" >= ${new Date(t - 2 * 86_400_000)}
      AND "timestamp" < ${new Date(t + 86_400_000)}`);
  });
});
