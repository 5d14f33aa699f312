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

/**
 * What a one-statement write may carry besides its steps: another service's CTEs before them (the steps may read
 * them), a requirement checked before the steps' own checks, and values read alongside.
 */
export interface StatementFrame {
  ctes?: Prisma.Sql;
  /** False: the write fails with `message` (see failedRequirement) and changes nothing. */
  require?: { sql: Prisma.Sql; message: string };
  /** Values of the output row (name → one SQL value), read from the snapshot before the statement. */
  values?: Record<string, Prisma.Sql>;
}

const valueColumn = (name: string) => `__v_${name}`;

/** The statement running `steps` as one (exported for its test). */
export function oneStatement(steps: SqlStep[], frame: StatementFrame = {}): Prisma.Sql {
  if (!steps.length) throw new Error('a one-statement write needs at least one step');
  const name = (i: number) => Prisma.raw(`"w${i}"`);
  const ctes = steps.map(
    (s, i) => Prisma.sql`${name(i)} AS (${s.sql} RETURNING ${Prisma.raw(s.returns ? '*' : '1')})`,
  );
  if (frame.ctes) ctes.unshift(frame.ctes);
  const checks = steps.flatMap((s, i) =>
    s.expectOne
      ? [
          Prisma.sql`WHEN (SELECT count(*) FROM ${name(i)}) <> 1 THEN "app_fail"(${`${s.expectOne} is gone`}::text)`,
        ]
      : [],
  );
  // The requirement first: when it fails, the steps' checks (which may depend on it) are not what went wrong.
  if (frame.require)
    checks.unshift(
      Prisma.sql`WHEN NOT (${frame.require.sql}) THEN "app_fail"(${frame.require.message}::text)`,
    );
  const ok = checks.length ? Prisma.sql`CASE ${Prisma.join(checks, ' ')} ELSE true END` : Prisma.sql`true`;
  const entries = Object.entries(frame.values ?? {});
  const values = entries.length
    ? Prisma.join(
        entries.map(([key, sql]) => Prisma.sql`, ${sql} AS ${Prisma.raw(`"${valueColumn(key)}"`)}`),
        '',
      )
    : Prisma.empty;
  const returned = steps.findIndex((s) => s.returns);
  // The check is a column of the one output row, so it is always evaluated; LEFT JOIN keeps that row when
  // the returned step changed nothing (and the check then fails).
  const select =
    returned < 0
      ? Prisma.sql`SELECT ${ok} AS "__ok"${values}`
      : Prisma.sql`SELECT r.*, ${ok} AS "__ok"${values} FROM (SELECT 1) AS one LEFT JOIN ${name(returned)} AS r ON true`;
  return Prisma.sql`WITH ${Prisma.join(ctes, ', ')} ${select}`;
}

/** Runs `steps` as one statement; resolves to the row of the step marked `returns` (undefined without one). */
export async function runAsOneStatement<R = unknown>(db: Db, steps: SqlStep[]): Promise<R | undefined> {
  return (await runInFrame<R>(db, steps)).row;
}

/** runAsOneStatement with a frame: the returned step's row and the frame's values. */
export async function runInFrame<R = unknown>(
  db: Db,
  steps: SqlStep[],
  frame: StatementFrame = {},
): Promise<{ row: R | undefined; values: Record<string, unknown> }> {
  const [output] = await sqlOf(db).query<Record<string, unknown>>(oneStatement(steps, frame));
  const { __ok: _ok, ...rest } = output!;
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(frame.values ?? {})) {
    values[key] = rest[valueColumn(key)];
    delete rest[valueColumn(key)];
  }
  return { row: steps.some((s) => s.returns) ? (rest as R) : undefined, values };
}

/** Whether `err` is a one-statement write failing its frame's requirement with `message`. */
export function failedRequirement(err: unknown, message: string): boolean {
  return err instanceof Error && err.message.includes(message);
}
