// COPY (query) TO STDOUT on PostgreSQL (issue 40): the database's own bulk path, for exports of millions of rows
// (the usage-log CSV). Through the row protocol each row becomes a JavaScript object on its way out, which held
// an export to about half of psql's \copy; COPY sends the rows as one stream of bytes, read here as the consumer
// pulls (back-pressure down to the socket), in one statement and one snapshot.
//
// The query selects one text column and COPY runs in binary format: each value arrives as its exact bytes
// (a CSV line the query built, CRLF included), without COPY's own quoting or escaping, and a batch of rows is the
// values' bytes joined. COPY takes no bind parameters, so the statement's values are written into its text as
// literals (`inlineSql`, quoted by pg's escapeLiteral); a value of another type makes `lines` answer null.
//
// A COPY holds a pooled connection for its whole length, so at most MAX_COPIES run at once per pool and `lines`
// answers null beyond that (the caller has a slower path that holds nothing). Only PostgreSQL's pool is attached:
// PGlite has one connection, which a long COPY would take from every other request.
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Prisma } from './generated/prisma/client.js';

export interface CopyBatch {
  /** The values of `rows` rows, their bytes joined. */
  bytes: Buffer;
  rows: number;
}

export interface CopyRunner {
  /**
   * The values of a one-column query, in order, in batches as they arrive; null when MAX_COPIES are running or a
   * value cannot be written as a literal. Stopping early (return/break) cancels the query. Iterate the answer at
   * once: its slot among MAX_COPIES is taken now and freed when the iteration ends.
   */
  lines(statement: Prisma.Sql): AsyncGenerator<CopyBatch> | null;
}

/** COPYs at once per pool: each holds a connection for the whole download. */
export const MAX_COPIES = 2;

const attached = new WeakMap<object, CopyRunner>();

/** A literal for one bound value; undefined for a type with no literal form here. */
function literal(v: unknown): string | undefined {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'string') return pg.escapeLiteral(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : undefined;
  if (typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date)
    return Number.isNaN(v.getTime()) ? undefined : `${pg.escapeLiteral(v.toISOString())}::timestamptz`;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) {
    return v.length
      ? `ARRAY[${v.map((x) => pg.escapeLiteral(x as string)).join(',')}]::text[]`
      : `ARRAY[]::text[]`;
  }
  return undefined;
}

/** The statement's text with its values as literals; undefined when one has no literal form. */
export function inlineSql(statement: Prisma.Sql): string | undefined {
  const { strings, values } = statement;
  let text = strings[0]!;
  for (let i = 0; i < values.length; i++) {
    const lit = literal(values[i]);
    if (lit === undefined) return undefined;
    text += lit + strings[i + 1]!;
  }
  return text;
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * The rows of a binary COPY stream of one column, as batches of their values' bytes. Rows split across chunks are
 * carried to the next one; NULL values count as rows with no bytes.
 */
export async function* binaryCopyValues(chunks: AsyncIterable<Buffer>): AsyncGenerator<CopyBatch> {
  let rest: Buffer | undefined;
  let started = false;
  for await (const chunk of chunks) {
    const buf = rest ? Buffer.concat([rest, chunk]) : chunk;
    let pos = 0;
    if (!started) {
      if (buf.length < 19) {
        rest = buf;
        continue;
      }
      if (!buf.subarray(0, 11).equals(SIGNATURE)) throw new Error('COPY: not a binary COPY stream');
      const ext = buf.readUInt32BE(15);
      if (buf.length < 19 + ext) {
        rest = buf;
        continue;
      }
      pos = 19 + ext;
      started = true;
    }
    const out = Buffer.allocUnsafe(buf.length);
    let o = 0;
    let rows = 0;
    while (pos + 2 <= buf.length) {
      const fields = buf.readInt16BE(pos);
      if (fields === -1) {
        pos = buf.length; // the trailer: nothing follows
        break;
      }
      if (fields !== 1) throw new Error(`COPY: expected one column, got ${fields}`);
      if (pos + 6 > buf.length) break;
      const len = buf.readInt32BE(pos + 2);
      const end = pos + 6 + Math.max(0, len);
      if (end > buf.length) break;
      if (len > 0) o += buf.copy(out, o, pos + 6, end);
      pos = end;
      rows++;
    }
    rest = pos < buf.length ? buf.subarray(pos) : undefined;
    if (rows) yield { bytes: out.subarray(0, o), rows };
  }
  if (rest?.length) throw new Error('COPY: the stream ended inside a row');
}

/** A runner on PostgreSQL's `pool`. */
export function poolCopy(pool: pg.Pool): CopyRunner {
  let active = 0;
  return {
    lines(statement) {
      const text = inlineSql(statement);
      if (text === undefined || active >= MAX_COPIES) return null;
      active++;
      return (async function* () {
        let client: pg.PoolClient | undefined;
        let done = false;
        try {
          client = await pool.connect();
          const stream = client.query(copyTo(`COPY (${text}) TO STDOUT (FORMAT binary)`));
          yield* binaryCopyValues(stream);
          done = true;
        } finally {
          active--;
          if (client && !done) {
            // Stopped early (the client went away) or failed: the server stops now, and the connection, left
            // mid-COPY, is closed rather than returned to the pool.
            const pid = (client as unknown as { processID?: number }).processID;
            if (pid) await pool.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => {});
            client.release(new Error('COPY stopped before its end'));
          } else client?.release();
        }
      })();
    },
  };
}

/** Makes `runner` the COPY path of `client` (the root client of a PostgreSQL database). */
export function attachCopy(client: object, runner: CopyRunner): void {
  attached.set(client, runner);
}

/** The COPY path of `db`; undefined for PGlite, a transaction or a client without one. */
export function copyOf(db: object): CopyRunner | undefined {
  return attached.get(db);
}
