// Admin usage logs (SPEC §2 Usage Logs, §3 Usage log entry / Usage analytics, §7 GET /admin/logs,
// GET /admin/analytics/usage, DELETE /admin/usage/clear) and the server-side CSV export of every matching row.
import { Prisma } from '@app/db';
import type {
  AdminLogsExportInput,
  AdminLogsInput,
  AdminUsageAnalyticsInput,
  Period,
  UsageStatus,
} from '../../schemas/admin.js';
import { USAGE_CSV_COLUMNS } from '../../schemas/admin.js';
import type { Services } from '../index.js';
import { paginationOf, percent, type Pagination } from './pagination.js';
import { usageLogScope, type AdminScope } from './scope.js';

export interface LogPerson {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
}

/** SPEC §3 Usage log entry, plus who acted, the procedure, duration and IP. */
export interface AdminLogEntry {
  id: string;
  /** The account the entry is about; null for anonymous calls and deleted accounts. */
  user: LogPerson | null;
  /** Who performed it when that is not `user` (an admin acting on an account); null otherwise. */
  actor: LogPerson | null;
  action: string;
  timestamp: Date;
  /** Credits. */
  usage: number;
  status: string;
  endpoint: string;
  procedure: string | null;
  details: string | null;
  durationMs: number | null;
  ip: string | null;
  isTest: boolean;
}

interface LogFilters {
  action?: string;
  status?: UsageStatus;
  search?: string;
  adminId?: string;
  userId?: string;
  period: Period;
}

const personSelect = { id: true, email: true, firstName: true, lastName: true } as const;

function logWhere(scope: AdminScope, f: LogFilters): Prisma.UsageLogWhereInput {
  const and: Prisma.UsageLogWhereInput[] = [usageLogScope(scope)];
  if (f.action) and.push({ action: f.action });
  if (f.status) and.push({ status: f.status });
  if (f.userId) and.push({ userId: f.userId });
  if (f.adminId) and.push({ actorId: f.adminId });
  if (f.period.gte || f.period.lt) and.push({ timestamp: { gte: f.period.gte, lt: f.period.lt } });
  if (f.search) {
    const q = { contains: f.search, mode: 'insensitive' as const };
    and.push({ user: { is: { OR: [{ email: q }, { firstName: q }, { lastName: q }] } } });
  }
  return { AND: and };
}

type LogRow = Prisma.UsageLogGetPayload<{
  include: { user: { select: typeof personSelect }; actor: { select: typeof personSelect } };
}>;

function toEntry(r: LogRow): AdminLogEntry {
  return {
    id: r.id,
    user: r.user,
    actor: r.actor && r.actor.id !== r.userId ? r.actor : null,
    action: r.action,
    timestamp: r.timestamp,
    usage: r.usage,
    status: r.status,
    endpoint: r.endpoint,
    procedure: r.procedure,
    details: r.details,
    durationMs: r.durationMs,
    ip: r.ip,
    isTest: r.isTest,
  };
}

const logOrder = [{ timestamp: 'desc' }, { id: 'desc' }] satisfies Prisma.UsageLogOrderByWithRelationInput[];
const logInclude = { user: { select: personSelect }, actor: { select: personSelect } } as const;

export async function listLogs(
  services: Services,
  scope: AdminScope,
  input: AdminLogsInput,
): Promise<{ logs: AdminLogEntry[]; pagination: Pagination }> {
  const where = logWhere(scope, input);
  const [total, rows] = await Promise.all([
    services.db.usageLog.count({ where }),
    services.db.usageLog.findMany({
      where,
      include: logInclude,
      orderBy: logOrder,
      skip: (input.page - 1) * input.limit,
      take: input.limit,
    }),
  ]);
  return { logs: rows.map(toEntry), pagination: paginationOf(input, total) };
}

export interface UsageDay {
  /** UTC day, YYYY-MM-DD. */
  date: string;
  requests: number;
  usage: number;
  errors: number;
}

export interface UsageAnalytics {
  totalRequests: number;
  /** Credits. */
  totalUsage: number;
  /** Successful requests, percent with one decimal (SPEC §9); 0 without requests. */
  successRate: number;
  errorCount: number;
  warningCount: number;
  /** Requests per UTC day over the period (days without requests included), for the chart. */
  perDay: UsageDay[];
}

const DAY_MS = 86_400_000;
const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/** The same filters as the list, as SQL over "UsageLog" l (and "User" u for the search). */
function logConditions(scope: AdminScope, f: Omit<LogFilters, 'status' | 'userId' | 'adminId'>): Prisma.Sql {
  const c: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (scope.kind === 'workspace') c.push(Prisma.sql`l."workspaceId" = ${scope.workspaceId}`);
  if (f.action) c.push(Prisma.sql`l."action" = ${f.action}`);
  if (f.period.gte) c.push(Prisma.sql`l."timestamp" >= ${f.period.gte}`);
  if (f.period.lt) c.push(Prisma.sql`l."timestamp" < ${f.period.lt}`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    c.push(Prisma.sql`EXISTS (SELECT 1 FROM "User" u WHERE u."id" = l."userId"
      AND (u."email" ILIKE ${like} OR u."firstName" ILIKE ${like} OR u."lastName" ILIKE ${like}))`);
  }
  return Prisma.join(c, ' AND ');
}

/** Totals and requests per day over a period (and action / user search, like the list). */
export async function usageAnalytics(
  services: Services,
  scope: AdminScope,
  input: AdminUsageAnalyticsInput,
  now = new Date(),
): Promise<UsageAnalytics> {
  const where = logConditions(scope, input);
  const days = await services.db.$queryRaw<
    { day: string; requests: number; usage: number; successes: number; errors: number; warnings: number }[]
  >(Prisma.sql`
    SELECT to_char(l."timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "day",
      count(*)::int AS "requests",
      COALESCE(sum(l."usage"), 0)::int AS "usage",
      count(*) FILTER (WHERE l."status" = 'success')::int AS "successes",
      count(*) FILTER (WHERE l."status" = 'error')::int AS "errors",
      count(*) FILTER (WHERE l."status" = 'warning')::int AS "warnings"
    FROM "UsageLog" l
    WHERE ${where}
    GROUP BY 1 ORDER BY 1`);
  const sum = (k: 'requests' | 'usage' | 'successes' | 'errors' | 'warnings') =>
    days.reduce((n, d) => n + d[k], 0);
  const totalRequests = sum('requests');
  const byDay = new Map(days.map((d) => [d.day, d]));
  const perDay: UsageDay[] = [];
  const first = input.period.gte ?? (days[0] ? new Date(`${days[0].day}T00:00:00.000Z`) : undefined);
  const last = input.period.lt ? new Date(input.period.lt.getTime() - 1) : now;
  if (first) {
    const start = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate());
    // At most ~3 years of days (the retention keeps 400 by default).
    for (let t = start, n = 0; t <= last.getTime() && n < 1100; t += DAY_MS, n++) {
      const key = dayKey(new Date(t));
      const d = byDay.get(key);
      perDay.push({ date: key, requests: d?.requests ?? 0, usage: d?.usage ?? 0, errors: d?.errors ?? 0 });
    }
  }
  return {
    totalRequests,
    totalUsage: sum('usage'),
    successRate: percent(sum('successes'), totalRequests),
    errorCount: sum('errors'),
    warningCount: sum('warnings'),
    perDay,
  };
}

/**
 * Test accounts: addresses at domains reserved for testing and documentation (RFC 2606 / RFC 6761), which
 * can never receive real mail — example.com/.net/.org and anything under .test, .example, .invalid or
 * .localhost. The seeded accounts (`npm run db:seed`: @example.com), the test factories and the e2e accounts
 * (@e2e.test) are all there.
 */
export const TEST_EMAIL_PATTERN = String.raw`@([^@]+\.)?example\.(com|net|org)$|\.(test|example|invalid|localhost)$`;

export function isTestEmail(email: string): boolean {
  return new RegExp(TEST_EMAIL_PATTERN).test(email.toLowerCase());
}

/**
 * DELETE /admin/usage/clear: removes test data — entries flagged `isTest` (written by test helpers such as
 * test-upgrade-trial) and every entry about or by a test account (TEST_EMAIL_PATTERN) — within the scope.
 */
export async function clearTestUsage(
  services: Services,
  scope: AdminScope,
): Promise<{ deletedCount: number }> {
  const inScope =
    scope.kind === 'workspace' ? Prisma.sql`l."workspaceId" = ${scope.workspaceId}` : Prisma.sql`TRUE`;
  const deletedCount = await services.db.$executeRaw(Prisma.sql`
    DELETE FROM "UsageLog" l
    WHERE ${inScope} AND (
      l."isTest"
      OR EXISTS (SELECT 1 FROM "User" u WHERE u."id" IN (l."userId", l."actorId")
        AND lower(u."email") ~ ${TEST_EMAIL_PATTERN})
    )`);
  services.usage.current()?.attach({ details: `Cleared ${deletedCount} test usage records` });
  return { deletedCount };
}

// ---- CSV ---------------------------------------------------------------------------------------------------

/**
 * One CSV cell (RFC 4180): always quoted, quotes doubled. Text that a spreadsheet would run as a formula —
 * starting with =, +, -, @, a tab or a carriage return — gets a leading apostrophe (OWASP's CSV injection
 * advice), so opening the export never executes anything a user typed.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** SPEC §7's columns: User (email), Action, Timestamp, Usage, Status, Endpoint, Details. */
export const csvHeader = () => `\uFEFF${USAGE_CSV_COLUMNS.map((c) => c).join(',')}\r\n`;

export function csvRow(
  e: Pick<AdminLogEntry, 'user' | 'action' | 'timestamp' | 'usage' | 'status' | 'endpoint' | 'details'>,
) {
  return csvLine([
    e.user?.email ?? '',
    e.action,
    e.timestamp.toISOString(),
    e.usage,
    e.status,
    e.endpoint,
    e.details ?? '',
  ]);
}

export const CSV_PAGE_SIZE = 500;

/**
 * Every row matching the filters as CSV text, newest first: the header, then one chunk per page of 500 read by
 * keyset (timestamp, id) — stable while entries are being written, and never the whole table in memory.
 */
export async function* exportLogsCsv(
  services: Services,
  scope: AdminScope,
  input: AdminLogsExportInput,
  pageSize = CSV_PAGE_SIZE,
): AsyncGenerator<string, { rows: number }, unknown> {
  const where = logWhere(scope, input);
  yield csvHeader();
  let after: { timestamp: Date; id: string } | undefined;
  let rows = 0;
  for (;;) {
    const page: LogRow[] = await services.db.usageLog.findMany({
      where: after
        ? {
            AND: [
              where,
              {
                OR: [
                  { timestamp: { lt: after.timestamp } },
                  { timestamp: after.timestamp, id: { lt: after.id } },
                ],
              },
            ],
          }
        : where,
      include: logInclude,
      orderBy: logOrder,
      take: pageSize,
    });
    if (page.length === 0) break;
    rows += page.length;
    yield page.map((r) => csvRow(toEntry(r))).join('');
    const last = page[page.length - 1]!;
    after = { timestamp: last.timestamp, id: last.id };
    if (page.length < pageSize) break;
  }
  services.usage.current()?.attach({ details: `Exported ${rows} usage records as CSV` });
  return { rows };
}
