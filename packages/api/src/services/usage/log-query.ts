// The usage-log filters as SQL over "UsageLog" l, shared by the list, its total, the analytics and the CSV
// export (issue 40). Every filter has an index ending in (timestamp DESC, id DESC), so with the keyset condition
// `(timestamp, id) < (t, i)` a page is one range of one index, whatever the table's size.
import { Prisma, sqlOf, type Db } from '@app/db';
import type { Period, UsageStatus } from '../../schemas/admin.js';
import type { AdminScope } from './scope.js';

export interface LogFilters {
  action?: string;
  status?: UsageStatus;
  search?: string;
  adminId?: string;
  userId?: string;
  period: Period;
}

/** A position in the newest-first order: the last row of a page. */
export interface LogKey {
  timestamp: Date;
  id: string;
}

/**
 * Accounts whose email or name contains the search: looked up first (the user table is small next to the log),
 * so the log is read through its userId index. Beyond this many the search is a join filter instead.
 */
export const SEARCH_MAX_USERS = 500;

export type SearchUsers = string[] | 'many' | undefined;

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * The statement of searchUsers: the three `ILIKE '%…%'` are read through the User table's pg_trgm GIN indexes
 * (a bitmap OR of three index scans) when the search has 3 or more characters; a shorter one has no trigram to
 * look up and scans the table, stopping at the first SEARCH_MAX_USERS + 1 matches.
 */
export function userSearchStatement(search: string): Prisma.Sql {
  const like = likePattern(search);
  return Prisma.sql`
    SELECT "id" FROM "User"
    WHERE "email" ILIKE ${like} OR "firstName" ILIKE ${like} OR "lastName" ILIKE ${like}
    LIMIT ${SEARCH_MAX_USERS + 1}`;
}

export async function searchUsers(db: Db, search: string | undefined): Promise<SearchUsers> {
  if (!search) return undefined;
  // Unnamed, so planned for this pattern: a prepared statement's generic plan (kept after five runs) reads the
  // trigram indexes whatever the pattern, and for a 1–2 character or very common one that is a full scan of all
  // three indexes (measured at 50,000 users: 5–50 ms, where the plan made for the pattern takes 0.2–33 ms).
  const rows = await sqlOf(db).query<{ id: string }>(userSearchStatement(search), { prepare: false });
  return rows.length > SEARCH_MAX_USERS ? 'many' : rows.map((r) => r.id);
}

/** The WHERE conditions (without the keyset). `users` is searchUsers' answer for `f.search`. */
export function logConditions(
  scope: AdminScope,
  f: Omit<LogFilters, 'search'> & { search?: string },
  users: SearchUsers,
): Prisma.Sql {
  const c: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (scope.kind === 'workspace') c.push(Prisma.sql`l."workspaceId" = ${scope.workspaceId}`);
  if (f.action) c.push(Prisma.sql`l."action" = ${f.action}`);
  if (f.status) c.push(Prisma.sql`l."status" = ${f.status}`);
  if (f.userId) c.push(Prisma.sql`l."userId" = ${f.userId}`);
  if (f.adminId) c.push(Prisma.sql`l."actorId" = ${f.adminId}`);
  if (f.period.gte) c.push(Prisma.sql`l."timestamp" >= ${f.period.gte}`);
  if (f.period.lt) c.push(Prisma.sql`l."timestamp" < ${f.period.lt}`);
  if (f.search) {
    if (users === 'many') {
      const like = likePattern(f.search);
      c.push(Prisma.sql`EXISTS (SELECT 1 FROM "User" su WHERE su."id" = l."userId"
        AND (su."email" ILIKE ${like} OR su."firstName" ILIKE ${like} OR su."lastName" ILIKE ${like}))`);
    } else {
      c.push(Prisma.sql`l."userId" = ANY(${users ?? []}::text[])`);
    }
  }
  return Prisma.join(c, ' AND ');
}

/**
 * Rows after `key` in the newest-first order, as a row comparison (an index range, unlike
 * `timestamp < t OR (timestamp = t AND id < i)`); the plain bound on timestamp lets PostgreSQL skip the
 * partitions of later months.
 */
export function afterKey(key: LogKey | undefined): Prisma.Sql {
  if (!key) return Prisma.sql`TRUE`;
  return Prisma.sql`l."timestamp" <= ${key.timestamp} AND (l."timestamp", l."id") < (${key.timestamp}::timestamptz, ${key.id})`;
}

export const NEWEST_FIRST = Prisma.sql`ORDER BY l."timestamp" DESC, l."id" DESC`;

/** A key as an opaque cursor for the API: `<epoch ms>.<id>` (timestamps have millisecond precision). */
export const encodeCursor = (k: LogKey) => `${k.timestamp.getTime()}.${k.id}`;

export function decodeCursor(cursor: string | undefined): LogKey | undefined {
  const m = cursor ? /^(\d{1,15})\.([A-Za-z0-9_-]{1,100})$/.exec(cursor) : null;
  return m ? { timestamp: new Date(Number(m[1])), id: m[2]! } : undefined;
}
