// GET /admin/analytics/usage (and the team's): the cards and the per-day chart, read from "UsageRollup" —
// per UTC day, action and status, kept by triggers on "UsageLog" — so all-time and any range read at most a few
// thousand rows (issue 40). Only what the rollups cannot answer reads the log: a period bounded mid-day (the
// partial days at its ends, through the timestamp index) and a search by user (those users' entries, through
// the userId index).
import { Prisma, sqlOf, type Db } from '@app/db';
import type { AdminUsageAnalyticsInput } from '../../schemas/admin.js';
import type { Services } from '../container.js';
import { logConditions, searchUsers, type SearchUsers } from './log-query.js';
import { rollupScope } from './log-total.js';
import { percent } from '../admin/pagination.js';
import type { AdminScope } from './scope.js';

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

interface DayRow {
  day: string;
  requests: number;
  usage: number;
  successes: number;
  errors: number;
  warnings: number;
}

const DAY_MS = 86_400_000;
const dayKey = (d: Date) => d.toISOString().slice(0, 10);
const floorDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS);
const ceilDay = (d: Date) => new Date(Math.ceil(d.getTime() / DAY_MS) * DAY_MS);

const DAY_COLUMNS = (n: Prisma.Sql, status: Prisma.Sql, usage: Prisma.Sql) => Prisma.sql`
  COALESCE(sum(${n}), 0)::int AS "requests",
  COALESCE(sum(${usage}), 0)::int AS "usage",
  COALESCE(sum(${n}) FILTER (WHERE ${status} = 'success'), 0)::int AS "successes",
  COALESCE(sum(${n}) FILTER (WHERE ${status} = 'error'), 0)::int AS "errors",
  COALESCE(sum(${n}) FILTER (WHERE ${status} = 'warning'), 0)::int AS "warnings"`;

/** Whole UTC days [from, to) from the rollups. */
function rollupDays(db: Db, scope: AdminScope, action: string | undefined, from?: Date, to?: Date) {
  const c: Prisma.Sql[] = [Prisma.sql`r."scope" = ${rollupScope(scope)}`];
  if (action) c.push(Prisma.sql`r."action" = ${action}`);
  if (from) c.push(Prisma.sql`r."day" >= ${dayKey(from)}::date`);
  if (to) c.push(Prisma.sql`r."day" < ${dayKey(to)}::date`);
  return sqlOf(db).query<DayRow>(Prisma.sql`
    SELECT to_char(r."day", 'YYYY-MM-DD') AS "day",
      ${DAY_COLUMNS(Prisma.sql`r."requests"`, Prisma.sql`r."status"`, Prisma.sql`r."usage"`)}
    FROM "UsageRollup" r WHERE ${Prisma.join(c, ' AND ')}
    GROUP BY r."day" ORDER BY r."day"`);
}

/** The same figures counted in the log (an instant-bounded period's partial days, or a search). */
function logDays(
  db: Db,
  scope: AdminScope,
  f: { action?: string; search?: string; period: { gte?: Date; lt?: Date } },
  users: SearchUsers,
) {
  return sqlOf(db).query<DayRow>(Prisma.sql`
    SELECT to_char(l."timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "day",
      ${DAY_COLUMNS(Prisma.sql`1`, Prisma.sql`l."status"`, Prisma.sql`l."usage"`)}
    FROM "UsageLog" l WHERE ${logConditions(scope, f, users)}
    GROUP BY 1 ORDER BY 1`);
}

/** Per-day figures for the filters: rollups for whole days, the log for the rest. */
async function daysOf(db: Db, scope: AdminScope, input: AdminUsageAnalyticsInput): Promise<DayRow[]> {
  const { gte, lt } = input.period;
  if (input.search) return logDays(db, scope, input, await searchUsers(db, input.search));
  const from = gte && ceilDay(gte);
  const to = lt && floorDay(lt);
  if (from && to && from >= to) return logDays(db, scope, input, undefined);
  const parts = [rollupDays(db, scope, input.action, from, to)];
  if (gte && from!.getTime() !== gte.getTime())
    parts.push(logDays(db, scope, { action: input.action, period: { gte, lt: from } }, undefined));
  if (lt && to!.getTime() !== lt.getTime())
    parts.push(logDays(db, scope, { action: input.action, period: { gte: to, lt } }, undefined));
  return (await Promise.all(parts)).flat().sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** Totals and requests per day over a period (and action / user search, like the list). */
export async function usageAnalytics(
  services: Pick<Services, 'db'>,
  scope: AdminScope,
  input: AdminUsageAnalyticsInput,
  now = new Date(),
): Promise<UsageAnalytics> {
  const days = await daysOf(services.db, scope, input);
  const sum = (k: Exclude<keyof DayRow, 'day'>) => days.reduce((n, d) => n + d[k], 0);
  const totalRequests = sum('requests');
  const byDay = new Map<string, DayRow>();
  for (const d of days) {
    const seen = byDay.get(d.day);
    byDay.set(
      d.day,
      seen
        ? {
            ...seen,
            requests: seen.requests + d.requests,
            usage: seen.usage + d.usage,
            errors: seen.errors + d.errors,
          }
        : d,
    );
  }
  const perDay: UsageDay[] = [];
  const first = input.period.gte ?? (days[0] ? new Date(`${days[0].day}T00:00:00.000Z`) : undefined);
  const last = input.period.lt ? new Date(input.period.lt.getTime() - 1) : now;
  if (first) {
    // At most ~3 years of days (the retention keeps 400 by default).
    for (let t = floorDay(first).getTime(), n = 0; t <= last.getTime() && n < 1100; t += DAY_MS, n++) {
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
