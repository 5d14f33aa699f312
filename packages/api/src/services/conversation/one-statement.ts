// One-statement writes (issue 15): the few writes of an exchange step as the data-modifying CTEs of ONE SQL
// statement instead of a transaction. A statement is atomic on its own, so this keeps the transaction's
// guarantee in one round trip where Prisma's batch transaction takes BEGIN, a statement each and COMMIT — under a
// burst of sends every round trip before the model delays everyone's first token. A step that must change a
// row (Prisma's update or delete of a missing row fails its transaction) is checked in the same statement:
// `app_fail` (migration 20261124120000_app_fail) raises, and the whole statement changes nothing.
//
// Data-modifying CTEs all see the snapshot from before the statement, so no two steps may touch the same row.
import { Prisma, sqlOf, type Db } from '@app/db';

/** One INSERT, UPDATE or DELETE (without RETURNING) of a one-statement write. */
export interface SqlStep {
  sql: Prisma.Sql;
  /**
   * Set: the step must change exactly one row, or the whole write fails and changes nothing. The text names
   * the row in the error.
   */
  expectOne?: string;
  /** The step's changed row is what the write returns (at most one step; give it `expectOne` too). */
  returns?: boolean;
}

export function isSqlStep(x: unknown): x is SqlStep {
  return typeof x === 'object' && x !== null && 'sql' in x && (x as SqlStep).sql instanceof Prisma.Sql;
}

/** The statement running `steps` as one (exported for its test). */
export function oneStatement(steps: SqlStep[]): Prisma.Sql {
  if (!steps.length) throw new Error('a one-statement write needs at least one step');
  const name = (i: number) => Prisma.raw(`"w${i}"`);
  const ctes = steps.map(
    (s, i) => Prisma.sql`${name(i)} AS (${s.sql} RETURNING ${Prisma.raw(s.returns ? '*' : '1')})`,
  );
  const checks = steps.flatMap((s, i) =>
    s.expectOne
      ? [
          Prisma.sql`WHEN (SELECT count(*) FROM ${name(i)}) <> 1 THEN "app_fail"(${`${s.expectOne} is gone`}::text)`,
        ]
      : [],
  );
  const ok = checks.length ? Prisma.sql`CASE ${Prisma.join(checks, ' ')} ELSE true END` : Prisma.sql`true`;
  const returned = steps.findIndex((s) => s.returns);
  // The check is a column of the one output row, so it is always evaluated; LEFT JOIN keeps that row when
  // the returned step changed nothing (and the check then fails).
  const select =
    returned < 0
      ? Prisma.sql`SELECT ${ok} AS "__ok"`
      : Prisma.sql`SELECT r.*, ${ok} AS "__ok" FROM (SELECT 1) AS one LEFT JOIN ${name(returned)} AS r ON true`;
  return Prisma.sql`WITH ${Prisma.join(ctes, ', ')} ${select}`;
}

/** Runs `steps` as one statement; resolves to the row of the step marked `returns` (undefined without one). */
export async function runAsOneStatement<R = unknown>(db: Db, steps: SqlStep[]): Promise<R | undefined> {
  const rows = await sqlOf(db).query<R & { __ok?: boolean }>(oneStatement(steps));
  if (!steps.some((s) => s.returns)) return undefined;
  const { __ok: _ok, ...row } = rows[0]!;
  return row as R;
}
