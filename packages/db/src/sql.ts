// Direct SQL on the pool Prisma's adapter uses (issue 15). Prisma's client costs about 100 µs of CPU per statement
// on top of pg's own (measured on the 2-core machine: a SELECT by id took 44 µs through the pool, 137 µs through
// $queryRaw and 218 µs as findFirst), and a streaming send makes about ten statements before the model. The
// hot path's statements, already written as SQL, run here.
//
// Only the root client openDatabase opens (or a test's logging client) has a pool attached. Any other client —
// above all a transaction's — runs the same statement through Prisma's $queryRaw, so a statement given a
// transaction stays inside it.
//
// Values come back as pg parses them, which differs from Prisma's raw results only for int8 and numeric
// (strings here, BigInt and Decimal there): statements run here cast counts to int and return neither.
import type pg from 'pg';
import type { Prisma } from './generated/prisma/client.js';

export interface SqlRunner {
  /** The rows of one statement. */
  query<R>(statement: Prisma.Sql): Promise<R[]>;
}

type RawCapable = { $queryRaw<R>(statement: Prisma.Sql): Promise<R> };

const attached = new WeakMap<object, SqlRunner>();

/** A runner on `pool`; `onQuery` sees each statement's text (the statement-counting tests). */
export function poolSql(pool: pg.Pool, onQuery?: (text: string) => void): SqlRunner {
  return {
    async query<R>(statement: Prisma.Sql) {
      onQuery?.(statement.text);
      const res = await pool.query({ text: statement.text, values: statement.values as unknown[] });
      return res.rows as R[];
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
