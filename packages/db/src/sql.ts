// Direct SQL on the pool Prisma's adapter uses (issue 15). Prisma's client costs about 100 µs of CPU per statement
// on top of pg's own (measured on the 2-core machine: a SELECT by id took 44 µs through the pool, 137 µs through
// $queryRaw and 218 µs as findFirst), and a streaming send makes about ten statements before the model. The
// hot path's statements, already written as SQL, run here.
//
// They run as named prepared statements: PostgreSQL then parses and plans each text once per connection (and
// after five runs keeps a generic plan) instead of on every call. Planning was most of the database's work for
// these statements: the chat session list ran 2.5 times as often per second prepared as unnamed on the same
// pool. Names are given per distinct text, at most MAX_PREPARED of them per process (a statement whose text
// varies, e.g. an IN list of varying length, must not fill every connection's memory): texts beyond that run
// unnamed, as before.
//
// Only the root client openDatabase opens (or a test's logging client) has a pool attached. Any other client —
// above all a transaction's — runs the same statement through Prisma's $queryRaw, so a statement given a
// transaction stays inside it.
//
// Values come back as pg parses them, which differs from Prisma's raw results only for int8 and numeric
// (strings here, BigInt and Decimal there): statements run here cast counts to int and return neither.
import type pg from 'pg';
import type { Prisma } from './generated/prisma/client.js';

export interface SqlQueryOptions {
  /**
   * false: run unnamed. For a statement with nothing to plan (`SELECT 1`), where a named statement only adds
   * protocol work (measured on PGlite: the health ping ~12 % slower prepared).
   */
  prepare?: boolean;
}

export interface SqlRunner {
  /** The rows of one statement. */
  query<R>(statement: Prisma.Sql, opts?: SqlQueryOptions): Promise<R[]>;
}

type RawCapable = { $queryRaw<R>(statement: Prisma.Sql): Promise<R> };

const attached = new WeakMap<object, SqlRunner>();

/** How many distinct statement texts one process prepares (each is kept by every pool connection). */
export const MAX_PREPARED = 256;

/**
 * The statement's name cannot be used on this connection, and nothing ran: a plan a migration made stale (it
 * altered a table that `SELECT t.*` reads while the connection kept the old plan; refused until renamed), or a
 * name the connection has but pg does not know it has (PGlite answers a failed statement without confirming
 * the parse that preceded it, so pg parses it again).
 */
function needsNewName(err: unknown) {
  const e = err as { code?: string; message?: string } | null;
  return (
    e?.code === '42P05' ||
    (e?.code === '0A000' && /cached plan must not change result type/.test(e.message ?? ''))
  );
}

/**
 * A runner on `pool`; `onQuery` sees each statement's text (the statement-counting tests). `prepare: false` runs
 * every statement unnamed: on PGlite, whose connections all share its one backend session (so a name one pg client
 * has never parsed may exist already) and which does not confirm the parse of a statement that fails as it runs;
 * the e2e run there failed requests with `42P05` before this.
 */
export function poolSql(
  pool: pg.Pool,
  onQuery?: (text: string) => void,
  o: { prepare?: boolean } = {},
): SqlRunner {
  const preparing = o.prepare !== false;
  const names = new Map<string, string | undefined>();
  let nextName = 0;
  // A new name for `text` (or none once the budget is spent): a connection parses a name it has not seen.
  const rename = (text: string) => {
    const name = nextName < MAX_PREPARED ? `app_sql_${nextName++}` : undefined;
    names.set(text, name);
    return name;
  };
  return {
    async query<R>(statement: Prisma.Sql, opts?: SqlQueryOptions) {
      onQuery?.(statement.text);
      const text = statement.text;
      const values = statement.values as unknown[];
      const name =
        !preparing || opts?.prepare === false ? undefined : names.has(text) ? names.get(text) : rename(text);
      try {
        return (await pool.query({ name, text, values })).rows as R[];
      } catch (err) {
        if (name === undefined || !needsNewName(err)) throw err;
        // Either stays so on that connection: the text moves to a fresh name (or, past the budget, none).
        if (names.get(text) === name) rename(text);
        return (await pool.query({ name: names.get(text), text, values })).rows as R[];
      }
    },
  };
}

/** Makes `runner` the direct path of `client` (the client must use the same database). */
export function attachSql(client: object, runner: SqlRunner): void {
  attached.set(client, runner);
}

/** The direct path of `db`, or — for a transaction or a client without a pool — `db.$queryRaw` itself. */
export function sqlOf(db: object): SqlRunner {
  return (
    attached.get(db) ?? {
      query: <R>(statement: Prisma.Sql) => (db as RawCapable).$queryRaw<R[]>(statement),
    }
  );
}
