// The CSV export of every matching usage-log entry (issue 40), newest first, each CSV line built in the database
// (SQL below) so Node only passes text along. Two ways to read them:
// - PostgreSQL: one COPY (query) TO STDOUT of the whole range (@app/db's copyOf), the database's bulk path at its
//   own pace, pulled as the response drains (back-pressure to the socket); a client that goes away cancels it.
// - PGlite, or when MAX_COPIES exports already run: one keyset range walked in pages of EXPORT_PAGE_ROWS, each
//   page one statement reading the next slice of the filter's index (a row comparison, so every page costs the
//   same however deep), several slices read at once; no transaction or connection is held between pages.
import { Prisma, copyOf, sqlOf, type CopyBatch, type Db } from '@app/db';
import type { AdminLogsExportInput } from '../../schemas/admin.js';
import { USAGE_CSV_COLUMNS } from '../../schemas/admin.js';
import type { Services } from '../container.js';
import { NEWEST_FIRST, afterKey, logConditions, searchUsers, type LogKey } from './log-query.js';
import { rollupScope, rollupsAnswer } from './log-total.js';
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

/** Slices read at once (the one being written and those after it): PostgreSQL works on about this many cores. */
export const EXPORT_READERS = 3;

/** The pages of one slice of the range, newest first, reading one page ahead of the consumer. */
async function* walk(db: Db, where: Prisma.Sql, pageSize: number): AsyncGenerator<CsvRow[]> {
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
    if (page.length > 0) yield page;
  }
}

const DAY_MS = 86_400_000;

/**
 * Boundaries (newest first) cutting the range into slices of about `target` rows, from the rollups' daily counts
 * (a day is cut evenly in time). Only a guide: the slices are contiguous and the first and last open-ended, so
 * every matching row is in exactly one whatever the rollups say. None when the rollups cannot answer the filters.
 */
async function sliceBoundaries(
  db: Db,
  scope: AdminScope,
  f: AdminLogsExportInput,
  target: number,
): Promise<Date[]> {
  if (!rollupsAnswer(f)) return [];
  const c: Prisma.Sql[] = [Prisma.sql`r."scope" = ${rollupScope(scope)}`];
  if (f.action) c.push(Prisma.sql`r."action" = ${f.action}`);
  if (f.status) c.push(Prisma.sql`r."status" = ${f.status}`);
  if (f.period.gte) c.push(Prisma.sql`r."day" >= ${f.period.gte.toISOString().slice(0, 10)}::date`);
  if (f.period.lt) c.push(Prisma.sql`r."day" < ${f.period.lt.toISOString().slice(0, 10)}::date`);
  const days = await sqlOf(db).query<{ day: string; n: number }>(Prisma.sql`
    SELECT to_char(r."day", 'YYYY-MM-DD') AS "day", sum(r."requests")::int AS "n"
    FROM "UsageRollup" r WHERE ${Prisma.join(c, ' AND ')} GROUP BY r."day" ORDER BY r."day" DESC`);
  const cuts: Date[] = [];
  let since = 0;
  for (const d of days) {
    const start = Date.parse(`${d.day}T00:00:00.000Z`);
    const parts = Math.floor((since + d.n) / target);
    // Cut inside the day where it passes the target (rows assumed even over the day), then carry the rest.
    for (let k = 1; k <= parts; k++) {
      const into = (k * target - since) / d.n;
      cuts.push(new Date(Math.round(start + DAY_MS * (1 - Math.min(1, into)))));
    }
    since = (since + d.n) % target;
  }
  return [...new Set(cuts.map((t) => t.getTime()))].sort((a, b) => b - a).map((t) => new Date(t));
}

interface CsvChunk {
  text: string;
  rows: number;
}

/** The lines of a COPY, a chunk per batch that arrived. */
async function* copiedLines(batches: AsyncIterable<CopyBatch>): AsyncGenerator<CsvChunk> {
  for await (const b of batches) yield { text: b.bytes.toString('utf8'), rows: b.rows };
}

/**
 * The lines by keyset pages, a chunk per page. The range is cut into slices of about two pages (from the rollups)
 * and the next slices are read while the current one is written: EXPORT_READERS reads at a time, each at most one
 * page ahead, so PostgreSQL works on several cores as \\copy's parallel plan does.
 */
async function* pagedLines(
  db: Db,
  scope: AdminScope,
  input: AdminLogsExportInput,
  where: Prisma.Sql,
  pageSize: number,
): AsyncGenerator<CsvChunk> {
  const cuts = await sliceBoundaries(db, scope, input, 2 * pageSize);
  const slices = [undefined, ...cuts].map((upper, i) => {
    const lower = cuts[i];
    return Prisma.join(
      [
        where,
        upper ? Prisma.sql`l."timestamp" < ${upper}` : Prisma.sql`TRUE`,
        lower ? Prisma.sql`l."timestamp" >= ${lower}` : Prisma.sql`TRUE`,
      ],
      ' AND ',
    );
  });
  const start = (i: number) => {
    const it = walk(db, slices[i]!, pageSize);
    const first = it.next();
    first.catch(() => {});
    return { it, first };
  };
  // The slice being written and the next EXPORT_READERS - 1, each read at most one page ahead.
  const started = slices.slice(0, EXPORT_READERS).map((_, i) => start(i));
  let current: ReturnType<typeof start> | undefined;
  try {
    for (let i = 0; i < slices.length; i++) {
      current = started.shift()!;
      if (i + EXPORT_READERS < slices.length) started.push(start(i + EXPORT_READERS));
      for (let r = await current.first; !r.done; r = await current.it.next()) {
        yield { text: r.value.map((x) => x.line).join(''), rows: r.value.length };
      }
    }
  } finally {
    // A client gone: the slices read ahead stop after their page in flight.
    await Promise.all([current, ...started].map((s) => s?.it.return(undefined).catch(() => {})));
  }
}

/**
 * Every row matching the filters as CSV text, newest first: the header, then the lines in chunks, by COPY where
 * the database offers it (PostgreSQL, fewer than MAX_COPIES running), else by keyset pages. Stable while entries
 * are being written (new ones are newer than the range being read). A consumer that stops early (the client went
 * away) ends the reading: the COPY is cancelled, or no page past the one in flight is read.
 */
export async function* exportLogsCsv(
  services: Pick<Services, 'db' | 'usage'>,
  scope: AdminScope,
  input: AdminLogsExportInput,
  /** `bulk: false` reads pages even where COPY is available (tests of the paged path). */
  { pageSize = EXPORT_PAGE_ROWS, bulk = true }: { pageSize?: number; bulk?: boolean } = {},
): AsyncGenerator<string, { rows: number }, unknown> {
  const db = services.db;
  const where = logConditions(scope, input, await searchUsers(db, input.search));
  yield csvHeader();
  // Asked for only now and iterated at once: a COPY's slot is freed when its iteration ends.
  const copied = bulk
    ? copyOf(db)?.lines(Prisma.sql`
        SELECT ${CSV_LINE} FROM "UsageLog" l LEFT JOIN "User" u ON u."id" = l."userId" WHERE ${where} ${NEWEST_FIRST}`)
    : null;
  let rows = 0;
  for await (const chunk of copied ? copiedLines(copied) : pagedLines(db, scope, input, where, pageSize)) {
    rows += chunk.rows;
    yield chunk.text;
  }
  services.usage.current()?.attach({ details: `Exported ${rows} usage records as CSV` });
  return { rows };
}
