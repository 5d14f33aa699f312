// Direct SQL on the pool Prisma's adapter uses (issue 15). Prisma's client costs about 100 µs of CPU per statement
// on top of pg's own (measured on the 2-core machine: a SELECT by id took 44 µs through the pool, 137 µs through
// $queryRaw and 218 µs as findFirst), and a streaming send makes about ten statements before the model. The
// hot path's statements, already written as SQL, run here.
//
// They run as named prepared statements: PostgreSQL then parses and plans each text once per connection (and
// after five runs keeps a generic plan) instead of on every call. Planning was most of the database's work for
// these statements: the chat session list ran 2.5 times as often per second prepared as unnamed on the same
// pool. Names are kept per connection, at most MAX_PREPARED of them (a statement whose text varies, e.g. an IN
// list of varying length, must not fill a connection's memory): texts beyond that run unnamed, as before.
//
// Each statement runs on a connection checked out of the pool, not through pool.query: pool.query throws away
// the connection after any failed statement (a unique violation, the exchange's app_fail check), which costs a
// reconnect and every plan it held — and on PGlite, whose socket connections all share its one backend session,
// the next connection found the old names still taken (42P05, seen in the e2e run there). A statement the
// server refused leaves its connection ready; only a broken connection is thrown away. Names carry a serial of
// their connection, unique in the process, so connections sharing a session never share a name.
//
// Only the root client openDatabase opens (or a test's logging client) has a pool attached. Any other client —
// above all a transaction's — runs the same statement through Prisma's $queryRaw, so a statement given a
// transaction stays inside it.
//
// Values come back as pg parses them, which differs from Prisma's raw results only for int8 and numeric
// (strings here, BigInt and Decimal there): statements run here cast counts to int and return neither.
import pg from 'pg';
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

/** How many distinct statement texts one connection prepares. */
export const MAX_PREPARED = 256;

/**
 * The statement's name cannot be used on this connection, and nothing ran: a plan a migration made stale (it
 * altered a table that `SELECT t.*` reads while the connection kept the old plan; refused until renamed), or a
 * name the session has already (a session shared with a connection this process no longer knows).
 */
function needsNewName(err: unknown) {
  const e = err as { code?: string; message?: string } | null;
  return (
    e?.code === '42P05' ||
    (e?.code === '0A000' && /cached plan must not change result type/.test(e.message ?? ''))
  );
}

/** The server refused the statement and the connection is ready for the next (an ERROR, not FATAL or a lost socket). */
function leavesConnectionReady(err: unknown) {
  return err instanceof Error && (err as { severity?: string }).severity === 'ERROR';
}

interface ConnectionNames {
  serial: number;
  /** By statement text; null: no name (past the budget). */
  names: Map<string, string | null>;
  next: number;
}

const connectionNames = new WeakMap<pg.PoolClient, ConnectionNames>();
let connectionSerial = 0;

/** `text`'s name on `client`, given the first time (none once the connection's budget is spent). */
function nameOn(client: pg.PoolClient, text: string, fresh = false): string | undefined {
  let c = connectionNames.get(client);
  if (!c) connectionNames.set(client, (c = { serial: connectionSerial++, names: new Map(), next: 0 }));
  // One look-up (hashing a statement's text is most of the cost here).
  const known = fresh ? undefined : c.names.get(text);
  if (known !== undefined) return known ?? undefined;
  const name = c.next < MAX_PREPARED ? `app_sql_${c.serial}_${c.next++}` : null;
  c.names.set(text, name);
  return name ?? undefined;
}

/**
 * A named statement through pg's own Query object: `client.query({ name, text, values })` first copies the config
 * object descriptor by descriptor (pg's cloneQueryConfig, ~2 % of a short request's CPU in a profile) and wraps the
 * answer in two promises. Given the text as a string the Query copies nothing; the name is set on it afterwards,
 * before it is submitted, which is all `client.query` does with a Query it is handed.
 */
function runNamed(client: pg.PoolClient, name: string, text: string, values: unknown[]) {
  return new Promise<pg.QueryResult>((resolve, reject) => {
    const query = new pg.Query(text, values, (err, result) =>
      err ? reject(err) : resolve(result as unknown as pg.QueryResult),
    );
    (query as unknown as { name: string }).name = name;
    void client.query(query);
  });
}

/**
 * A runner on `pool`; `onQuery` sees each statement's text (the statement-counting tests). `prepare: false` runs
 * every statement unnamed.
 */
export function poolSql(
  pool: pg.Pool,
  onQuery?: (text: string) => void,
  o: { prepare?: boolean } = {},
): SqlRunner {
  const preparing = o.prepare !== false;
  return {
    async query<R>(statement: Prisma.Sql, opts?: SqlQueryOptions) {
      onQuery?.(statement.text);
      const text = statement.text;
      const values = statement.values as unknown[];
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const name = !preparing || opts?.prepare === false ? undefined : nameOn(client, text);
        // Unnamed, the text-and-values form: pg copies a config object's descriptors on every call.
        if (name === undefined) return (await client.query(text, values)).rows as R[];
        try {
          return (await runNamed(client, name, text, values)).rows as R[];
        } catch (err) {
          if (!needsNewName(err)) throw err;
          // Nothing ran: the text moves to a fresh name on this connection (or, past the budget, none).
          const fresh = nameOn(client, text, true);
          if (fresh === undefined) return (await client.query(text, values)).rows as R[];
          return (await runNamed(client, fresh, text, values)).rows as R[];
        }
      } catch (err) {
        if (!leavesConnectionReady(err)) broken = err instanceof Error ? err : new Error(String(err));
        throw err;
      } finally {
        client.release(broken);
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
