// The CSV export of every matching usage-log entry (issue 40): one keyset range walked newest first in pages of
// EXPORT_PAGE_ROWS, each page one statement that reads the next slice of the filter's index (a row comparison,
// so every page costs the same however deep), joins the users and formats each CSV line in the database; Node
// joins a page's lines into one chunk. The next page is read while the current one is written, at most one ahead:
// the caller pulls chunks as the response drains (back-pressure), and a client that goes away closes the generator,
// so nothing past the page in flight is read. No transaction or connection is held between pages, so an export
// never blocks retention or holds a pool connection for minutes.
import { Prisma, sqlOf, type Db } from '@app/db';
import type { AdminLogsExportInput } from '../../schemas/admin.js';
import { USAGE_CSV_COLUMNS } from '../../schemas/admin.js';
import type { Services } from '../index.js';
import { NEWEST_FIRST, afterKey, logConditions, searchUsers, type LogKey } from './log-query.js';
import type { AdminScope } from './scope.js';

export const EXPORT_PAGE_ROWS = 10_000;

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

interface CsvRow {
  line: string;
  /** The row's key, for the next page: its timestamp as text (exact to the millisecond) and id. */
  at: string;
  id: string;
}

function readPage(db: Db, where: Prisma.Sql, after: LogKey | undefined, size: number) {
  return sqlOf(db).query<CsvRow>(Prisma.sql`
    SELECT ${CSV_LINE} AS "line",
           to_char(l."timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "at", l."id"
    FROM "UsageLog" l LEFT JOIN "User" u ON u."id" = l."userId"
    WHERE ${where} AND ${afterKey(after)}
    ${NEWEST_FIRST}
    LIMIT ${size}`);
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
  let rows = 0;
  // One page ahead: the next page is read while this one is written to the client (the database and the socket
  // work at once), and never more, so memory stays at two pages and a client that stops reading stops the reads.
  let next: Promise<CsvRow[]> | undefined = readPage(db, where, undefined, pageSize);
  while (next) {
    const page: CsvRow[] = await next;
    const last = page.at(-1);
    next =
      page.length === pageSize && last
        ? readPage(db, where, { timestamp: new Date(last.at), id: last.id }, pageSize)
        : undefined;
    // A page read ahead for a client that went away: its failure must not be unhandled.
    next?.catch(() => {});
    if (page.length === 0) break;
    rows += page.length;
    yield page.map((r) => r.line).join('');
  }
  services.usage.current()?.attach({ details: `Exported ${rows} usage records as CSV` });
  return { rows };
}
