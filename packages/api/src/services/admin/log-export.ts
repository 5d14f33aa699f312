// The CSV export of every matching usage-log entry (issue 40): one keyset range walked newest first in pages of
// EXPORT_PAGE_ROWS, each page one statement that reads the next slice of the filter's index (a row comparison,
// so every page costs the same however deep), joins the users and formats the CSV lines in the database. Node
// only passes text along: one string per page. The caller pulls pages as the response drains (back-pressure), and
// a client that goes away closes the generator, so no further page is read. No transaction or connection is held
// between pages, so an export never blocks retention or holds a pool connection for minutes.
import { Prisma, sqlOf, type Db } from '@app/db';
import type { AdminLogsExportInput } from '../../schemas/admin.js';
import { USAGE_CSV_COLUMNS } from '../../schemas/admin.js';
import type { Services } from '../index.js';
import { NEWEST_FIRST, afterKey, logConditions, searchUsers, type LogKey } from './log-query.js';
import type { AdminScope } from './scope.js';

export const EXPORT_PAGE_ROWS = 5_000;

/** SPEC §7's columns: User (email), Action, Timestamp, Usage, Status, Endpoint, Details. */
export const csvHeader = () => `\uFEFF${USAGE_CSV_COLUMNS.join(',')}\r\n`;

/**
 * csvCell (logs.ts) in SQL: quoted, quotes doubled, and a leading apostrophe before text a spreadsheet would run
 * as a formula (=, +, -, @, tab, carriage return). NULL is an empty cell.
 */
function sqlCell(expr: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`'"' || replace(CASE WHEN left(${expr}, 1) IN ('=', '+', '-', '@', chr(9), chr(13))
    THEN '''' || ${expr} ELSE COALESCE(${expr}, '') END, '"', '""') || '"'`;
}

/** One CSV line per entry, as csvRow writes it (timestamps as toISOString does, in UTC). */
const CSV_LINE = Prisma.sql`${sqlCell(Prisma.sql`u."email"`)} || ',' || ${sqlCell(Prisma.sql`l."action"`)} || ','
  || '"' || to_char(l."timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '",'
  || l."usage"::text || ',' || ${sqlCell(Prisma.sql`l."status"`)} || ',' || ${sqlCell(Prisma.sql`l."endpoint"`)}
  || ',' || ${sqlCell(Prisma.sql`l."details"`)} || E'\r\n'`;

interface CsvPage {
  csv: string | null;
  rows: number;
  lastAt: string | null;
  lastId: string | null;
}

async function readPage(db: Db, where: Prisma.Sql, after: LogKey | undefined, size: number) {
  const [page] = await sqlOf(db).query<CsvPage>(Prisma.sql`
    WITH page AS (
      SELECT l."timestamp", l."id", ${CSV_LINE} AS "line"
      FROM "UsageLog" l LEFT JOIN "User" u ON u."id" = l."userId"
      WHERE ${where} AND ${afterKey(after)}
      ${NEWEST_FIRST}
      LIMIT ${size}
    ), last AS (
      SELECT p."timestamp", p."id" FROM page p ORDER BY p."timestamp", p."id" LIMIT 1
    )
    SELECT (SELECT string_agg(p."line", '' ORDER BY p."timestamp" DESC, p."id" DESC) FROM page p) AS "csv",
           (SELECT count(*)::int FROM page) AS "rows",
           (SELECT to_char(last."timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM last) AS "lastAt",
           (SELECT last."id" FROM last) AS "lastId"`);
  return page!;
}

/**
 * Every row matching the filters as CSV text, newest first: the header, then one chunk per page. Stable while
 * entries are being written (new ones are newer than the range being walked).
 */
export async function* exportLogsCsv(
  services: Services,
  scope: AdminScope,
  input: AdminLogsExportInput,
  pageSize = EXPORT_PAGE_ROWS,
): AsyncGenerator<string, { rows: number }, unknown> {
  const db = services.db;
  const where = logConditions(scope, input, await searchUsers(db, input.search));
  yield csvHeader();
  let after: LogKey | undefined;
  let rows = 0;
  for (;;) {
    const page = await readPage(db, where, after, pageSize);
    if (page.rows === 0) break;
    rows += page.rows;
    yield page.csv ?? '';
    if (page.rows < pageSize) break;
    after = { timestamp: new Date(page.lastAt!), id: page.lastId! };
  }
  services.usage.current()?.attach({ details: `Exported ${rows} usage records as CSV` });
  return { rows };
}
