// Which errors mean "the database is not there" rather than "this statement failed": it cannot be reached,
// it dropped or refused the connection, the pool waited too long for one, or it has no schema (a database
// recreated empty, or not migrated yet). Those are outages a client should retry later (the API answers 503),
// not bugs. Errors arrive from Prisma (its own codes, and the driver adapter's cause in `meta`), from pg on the
// direct SQL path (sql.ts: SQLSTATE codes, socket codes, pg's own messages), possibly wrapped in `cause`.

/** SQLSTATE codes of a lost or refused connection, a server going down, or a missing schema. */
const SQLSTATES = new Set([
  '57P01', // admin_shutdown (a terminated connection)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, in recovery)
  '53300', // too_many_connections
  '3D000', // invalid_catalog_name (no such database)
  '42P01', // undefined_table (no schema)
]);

/** Prisma's codes for the same. */
const PRISMA_CODES = new Set([
  'P1001', // can't reach the database server
  'P1002', // reached but timed out
  'P1003', // database does not exist
  'P1008', // operation timed out
  'P1017', // server closed the connection
  'P2021', // table does not exist (no schema)
  'P2024', // timed out fetching a connection from the pool
]);

/** The driver adapter's error kinds (Prisma's `meta.driverAdapterError.cause.kind`). */
const ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'DatabaseDoesNotExist',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'TableDoesNotExist',
]);

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
];

/**
 * XX000 'cache lookup failed for type …': a statement prepared on a live connection names a type whose schema
 * was dropped underneath it (a schema reset in place, e.g. `prisma migrate reset` on a running app's database).
 */
const STALE_CATALOG = /^cache lookup failed for (type|relation)/;

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  severity?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: unknown } };
}

function matches(e: ErrorLike): boolean {
  if (e.name === 'PrismaClientInitializationError') return true;
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code && (SQLSTATES.has(code) || PRISMA_CODES.has(code) || SOCKET_CODES.has(code))) return true;
  // Class 08: connection exception.
  if (code && /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (typeof e.originalCode === 'string' && SQLSTATES.has(e.originalCode)) return true;
  if ((code === 'XX000' || e.originalCode === 'XX000') && typeof e.message === 'string')
    if (STALE_CATALOG.test(e.message)) return true;
  // A FATAL or PANIC from the server ends the connection itself (e.g. "not currently accepting connections").
  if (e.severity === 'FATAL' || e.severity === 'PANIC') return true;
  if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
  return typeof e.message === 'string' && PG_MESSAGES.some((re) => re.test(e.message as string));
}

/** True when `err` (or an error it wraps) means the database is unreachable or has no schema. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const x = e as ErrorLike;
    if (matches(x)) return true;
    queue.push(x.cause, x.meta?.driverAdapterError?.cause);
  }
  return false;
}
