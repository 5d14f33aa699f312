// How many usage-log entries match the filters, without counting millions of rows per page view (issue 40,
// docs/decisions/usage-logs.md): filters the rollups can answer (action, status, the scope, whole UTC days) are
// summed from "UsageRollup" — exact, and a few hundred rows at most. Any other filter (a user, an admin, a
// search, a period bounded mid-day) is counted in the log up to TOTAL_CAP rows; past it the total is a lower
// bound and the answer says so (`totalCapped`, shown as "10,000+").
import { Prisma, sqlOf, type Db } from '@app/db';
import { logConditions, type LogFilters, type SearchUsers } from './log-query.js';
import type { AdminScope } from './scope.js';

export const TOTAL_CAP = 10_000;

export interface LogTotal {
  total: number;
  /** True when more than `total` entries match (the count stopped at the cap). */
  capped: boolean;
}

const isMidnight = (d: Date | undefined) => !d || d.getTime() % 86_400_000 === 0;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The rollup scope key: '' for the platform, the workspace id for a team. */
export const rollupScope = (scope: AdminScope) => (scope.kind === 'workspace' ? scope.workspaceId : '');

/** Whether the rollups alone answer these filters exactly. */
export function rollupsAnswer(f: LogFilters): boolean {
  return !f.search && !f.userId && !f.adminId && isMidnight(f.period.gte) && isMidnight(f.period.lt);
}

export async function countLogs(
  db: Db,
  scope: AdminScope,
  f: LogFilters,
  users: SearchUsers,
): Promise<LogTotal> {
  if (rollupsAnswer(f)) {
    const c: Prisma.Sql[] = [Prisma.sql`r."scope" = ${rollupScope(scope)}`];
    if (f.action) c.push(Prisma.sql`r."action" = ${f.action}`);
    if (f.status) c.push(Prisma.sql`r."status" = ${f.status}`);
    if (f.period.gte) c.push(Prisma.sql`r."day" >= ${utcDay(f.period.gte)}::date`);
    if (f.period.lt) c.push(Prisma.sql`r."day" < ${utcDay(f.period.lt)}::date`);
    const [row] = await sqlOf(db).query<{ n: number }>(Prisma.sql`
      SELECT COALESCE(sum(r."requests"), 0)::int AS "n" FROM "UsageRollup" r WHERE ${Prisma.join(c, ' AND ')}`);
    return { total: row?.n ?? 0, capped: false };
  }
  const [row] = await sqlOf(db).query<{ n: number }>(Prisma.sql`
    SELECT count(*)::int AS "n" FROM (
      SELECT 1 FROM "UsageLog" l WHERE ${logConditions(scope, f, users)} LIMIT ${TOTAL_CAP + 1}
    ) c`);
  const n = row?.n ?? 0;
  return n > TOTAL_CAP ? { total: TOTAL_CAP, capped: true } : { total: n, capped: false };
}
