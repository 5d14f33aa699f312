// Admin usage logs (SPEC §2 Usage Logs, §3 Usage log entry / Usage analytics, §7 GET /admin/logs,
// GET /admin/analytics/usage, DELETE /admin/usage/clear) and the server-side CSV export of every matching row.
// Pages are keyset ranges of one index each (log-query.ts), totals come from the rollups or a capped count
// (log-total.ts), the analytics from the rollups (usage-analytics.ts), the export streams (log-export.ts).
import { Prisma, sqlOf } from '@app/db';
import type { AdminLogsInput } from '../../schemas/admin.js';
import type { Services } from '../container.js';
import {
  NEWEST_FIRST,
  afterKey,
  decodeCursor,
  encodeCursor,
  logConditions,
  searchUsers,
} from './log-query.js';
import { countLogs } from './log-total.js';
import { paginationOf, type Pagination } from '../admin/pagination.js';
import type { AdminScope } from './scope.js';

export { exportLogsCsv, csvHeader, EXPORT_PAGE_ROWS } from './log-export.js';
export { usageAnalytics, type UsageAnalytics, type UsageDay } from './usage-analytics.js';

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

const personColumns = (alias: string) =>
  Prisma.raw(`${alias}."id" AS "${alias}Id", ${alias}."email" AS "${alias}Email", ${alias}."firstName" AS "${alias}FirstName",
    ${alias}."lastName" AS "${alias}LastName"`);

interface LogRow {
  id: string;
  userId: string | null;
  action: string;
  timestamp: Date;
  usage: number;
  status: string;
  endpoint: string;
  procedure: string | null;
  details: string | null;
  durationMs: number | null;
  ip: string | null;
  isTest: boolean;
  uId: string | null;
  uEmail: string;
  uFirstName: string;
  uLastName: string | null;
  aId: string | null;
  aEmail: string;
  aFirstName: string;
  aLastName: string | null;
}

const person = (id: string | null, email: string, firstName: string, lastName: string | null) =>
  id ? { id, email, firstName, lastName } : null;

function toEntry(r: LogRow): AdminLogEntry {
  return {
    id: r.id,
    user: person(r.uId, r.uEmail, r.uFirstName, r.uLastName),
    actor: r.aId && r.aId !== r.userId ? person(r.aId, r.aEmail, r.aFirstName, r.aLastName) : null,
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

export interface LogsPagination extends Pagination {
  /** True when more entries match than `total` says (counted up to the cap: "10,000+"). */
  totalCapped: boolean;
  /** Pass as `cursor` for the next page (a keyset position; null on the last page). */
  nextCursor: string | null;
}

/**
 * One page, newest first. With `cursor` (the previous page's nextCursor) the page is the keyset range after it;
 * without, `page` is an offset into the same order (cheap for the first pages, which is where people look).
 */
export async function listLogs(
  services: Pick<Services, 'db'>,
  scope: AdminScope,
  input: AdminLogsInput,
): Promise<{ logs: AdminLogEntry[]; pagination: LogsPagination }> {
  const db = services.db;
  const users = await searchUsers(db, input.search);
  const where = logConditions(scope, input, users);
  const after = decodeCursor(input.cursor);
  const offset = after ? 0 : (input.page - 1) * input.limit;
  const [count, rows] = await Promise.all([
    countLogs(db, scope, input, users),
    sqlOf(db).query<LogRow>(Prisma.sql`
      SELECT l."id", l."userId", l."action", l."timestamp", l."usage", l."status", l."endpoint", l."procedure",
             l."details", l."durationMs", l."ip", l."isTest", ${personColumns('u')}, ${personColumns('a')}
      FROM (
        SELECT * FROM "UsageLog" l WHERE ${where} AND ${afterKey(after)} ${NEWEST_FIRST}
        LIMIT ${input.limit + 1} OFFSET ${offset}
      ) l
      LEFT JOIN "User" u ON u."id" = l."userId"
      LEFT JOIN "User" a ON a."id" = l."actorId"
      ${NEWEST_FIRST}`),
  ]);
  const more = rows.length > input.limit;
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    logs: page.map(toEntry),
    pagination: {
      ...paginationOf(input, count.total),
      totalCapped: count.capped,
      nextCursor: more && last ? encodeCursor({ timestamp: last.timestamp, id: last.id }) : null,
    },
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
  services: Pick<Services, 'db' | 'usage'>,
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
