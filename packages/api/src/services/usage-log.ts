// Usage logs feed the admin Usage Logs screen (and, scoped, a team's usage). One entry per API call: the tRPC
// logging middleware (trpc.ts) opens a call entry, runs the procedure inside it and finishes it with the
// outcome, duration, caller and IP; the REST adapter calls the same procedures, so /api is covered too.
//
// Domain code keeps calling `usage.log(entry)`. Inside a procedure call (found through AsyncLocalStorage, so
// services need no context parameter) that *annotates the call's entry* — details are appended, credits
// summed, the action and a worse status adopted — instead of writing a second row. Outside a call (webhooks,
// the billing job) it writes an entry of its own. Procedures can also reach the entry as `ctx.usageCall`; the send
// path's (sendProcedure in trpc.ts) hand it to the exchange — `log(entry, call)` — and never run inside the storage.
//
// Entries are written off the request path: buffered, and inserted with one multi-row INSERT per batch of at
// most 100, at most a second after the first one is buffered. A failed batch is retried once, then dropped and
// counted; a write never fails the request. close() (services.close(), at graceful shutdown) writes whatever is
// left. With `flushMs: 0` (the test default) each call's entry is written before the call returns.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '@app/db';
import type { Logger } from './logger.js';
import { insertUsageRows, type UsageRow } from './usage-log-insert.js';
import { toHttpError } from '../errors.js';
import { USAGE_ACTIONS, type UsageAction, type UsageStatus } from '../schemas/admin.js';

export { USAGE_ACTIONS, type UsageAction, type UsageStatus, type UsageRow };

/** What domain code reports (an annotation of the running call, or an entry of its own outside one). */
export interface UsageEntry {
  userId?: string | null;
  action: UsageAction;
  endpoint: string;
  status?: UsageStatus;
  /** Credits consumed (1 per chat exchange). */
  usage?: number;
  details?: string;
  isTest?: boolean;
  workspaceId?: string | null;
}

export interface UsageAnnotation {
  /** Replaces the action the procedure declared (the first annotation that names one wins). */
  action?: UsageAction;
  /** Can only make the entry's status worse (success < warning < error). */
  status?: UsageStatus;
  /** Added to the entry's credits. */
  usage?: number;
  /** Appended to the entry's details ('; ' between). */
  details?: string;
  isTest?: boolean;
  workspaceId?: string | null;
}

/** The entry of the procedure call running now. */
export interface UsageCall {
  readonly procedure: string;
  /** The account the entry is about (null until known). */
  readonly userId: string | null;
  /** The signed-in caller (null until known, and for anonymous calls). */
  readonly actorId: string | null;
  /** The signed-in caller: the entry's actor and, unless `about` named another account, its user. */
  identify(userId: string): void;
  /** The entry is about this account (an admin acting on a user: the admin stays the actor). */
  about(userId: string): void;
  attach(a: UsageAnnotation): void;
}

export type CallOutcome = { ok: true } | { ok: false; status: UsageStatus; details: string };

export interface CallScope {
  call: UsageCall;
  /** Runs `fn` with this call as the current one (domain `usage.log` calls annotate it). */
  run<T>(fn: () => T): T;
  /** Records the outcome and queues the entry (waits for the write only with `flushMs: 0`). */
  finish(outcome: CallOutcome): Promise<void>;
  /** Subscriptions: one entry for the whole stream, finished when it ends, fails or is abandoned. */
  wrapStream<T>(
    iterable: AsyncIterable<T>,
    outcomeOf: (err: unknown) => CallOutcome,
  ): AsyncGenerator<T, unknown, unknown>;
}

export interface CallMeta {
  procedure: string;
  /**
   * The action the procedure declared (trpc.ts, `.meta({ usageAction })`: each router files its procedures under
   * one); null: the call is not logged.
   */
  action: string | null;
  /** A poll: its entry is written only when the call fails (`.meta({ quietOnSuccess: true })`). */
  quietOnSuccess?: boolean;
  endpoint: string;
  ip?: string | null;
  /**
   * A query's `run` does not make it the current call: queries change nothing, so domain code logs nothing in them
   * (their entry is still reachable as ctx.usageCall). Mutations and subscriptions (the default) run inside it.
   */
  type?: 'query' | 'mutation' | 'subscription';
  /**
   * The procedure hands its entry (ctx.usageCall) to the code that logs (`log(entry, call)`), so its `run` does not
   * make it the current call either: the send path, whose streams stay open for seconds, would otherwise keep
   * AsyncLocalStorage enabled — and every promise of the process paying async hooks — all the time.
   */
  explicit?: boolean;
}

export interface UsageLogStats {
  /** Rows inserted. */
  written: number;
  /** Rows given up after a failed retry (or beyond the buffer's bound). */
  dropped: number;
  /** Batches that failed once and were retried. */
  retried: number;
  /** Rows waiting in the buffer. */
  pending: number;
}

export interface UsageLogger {
  /**
   * Domain code: annotates the running call's entry — `call` when given (a procedure with `explicit` usage), else
   * the current one — or writes an entry of its own outside a call.
   */
  log(entry: UsageEntry, call?: UsageCall): Promise<void>;
  /** The procedure call running in this async context, if any. */
  current(): UsageCall | undefined;
  /** Opens the entry of a procedure call (the tRPC middleware) under its declared action; null when that is null. */
  begin(meta: CallMeta): CallScope | null;
  /** Writes everything buffered now. */
  flush(): Promise<void>;
  /** Stops the timer and writes everything buffered (graceful shutdown). */
  close(): Promise<void>;
  stats(): UsageLogStats;
}

export interface UsageLoggerOptions {
  /** Longest wait (ms) between an entry being buffered and its batch being written; 0 writes each one at once. */
  flushMs?: number;
  /** Rows per INSERT; a full batch is written without waiting. */
  batchSize?: number;
  /** Rows kept at most while the database is unreachable; the oldest beyond it are dropped (and counted). */
  maxBuffered?: number;
  /** Writes one batch (default: the one-statement INSERT of usage-log-insert.ts; the unit tests count batches). */
  insertRows?: (rows: UsageRow[]) => Promise<void>;
}

export const USAGE_LOG_FLUSH_MS = 1_000;
export const USAGE_LOG_BATCH_SIZE = 100;
const MAX_BUFFERED = 20_000;
const DETAILS_MAX = 2_000;

// ---- Outcomes ------------------------------------------------------------------------------------------

/** Statuses that are the caller's doing rather than a fault: cancelled (499), rate limited, unpaid, refused upload. */
const WARNING_STATUSES = new Set([402, 413, 415, 429, 499]);

/**
 * Status and details of a failed call for its usage-log entry, from the same mapping the REST adapter answers
 * with: procedures (trpc.ts) and the REST-only upload route use it alike.
 */
export function failedCallOutcome(err: unknown): CallOutcome {
  const { status, body } = toHttpError(err);
  return {
    ok: false,
    status: WARNING_STATUSES.has(status) ? 'warning' : 'error',
    details: `${status} ${body.code}: ${body.error}`,
  };
}

/** A row names a user that no longer exists: pg's code on the direct path, Prisma's through its client. */
function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; meta?: { code?: string } } | null;
  return e?.code === '23503' || e?.code === 'P2003' || e?.meta?.code === '23503';
}

// ---- Entries ---------------------------------------------------------------------------------------------

const STATUS_RANK: Record<UsageStatus, number> = { success: 0, warning: 1, error: 2 };
const worse = (a: UsageStatus, b: UsageStatus) => (STATUS_RANK[b] > STATUS_RANK[a] ? b : a);
// PostgreSQL cannot store U+0000.
const clean = (s: string, max = DETAILS_MAX) => s.replace(/\0/g, '\uFFFD').slice(0, max);

class CallEntry implements UsageCall {
  userId: string | null = null;
  actorId: string | null = null;
  private subject: string | null = null;
  private action: string;
  private actionSet = false;
  private status: UsageStatus = 'success';
  private usage = 0;
  private details: string[] = [];
  private isTest = false;
  private workspaceId: string | null = null;
  readonly started = performance.now();
  readonly timestamp = new Date();
  finished = false;

  constructor(
    readonly procedure: string,
    action: string,
    private readonly endpoint: string,
    private readonly ip: string | null,
  ) {
    this.action = action;
  }

  identify(userId: string) {
    this.actorId = userId;
    this.userId = this.subject ?? userId;
  }

  about(userId: string) {
    this.subject = userId;
    this.userId = userId;
  }

  attach(a: UsageAnnotation) {
    if (a.action && !this.actionSet) {
      this.action = a.action;
      this.actionSet = true;
    }
    if (a.status) this.status = worse(this.status, a.status);
    if (a.usage) this.usage += a.usage;
    if (a.details && !this.details.includes(a.details)) this.details.push(a.details);
    if (a.isTest) this.isTest = true;
    if (a.workspaceId) this.workspaceId = a.workspaceId;
  }

  /** Domain entries about the caller (or while the caller is still unknown: login) annotate the call. */
  accepts(e: UsageEntry) {
    return !e.userId || !this.userId || e.userId === this.userId;
  }

  row(outcome: CallOutcome): UsageRow {
    if (!outcome.ok) {
      this.status = worse(this.status, outcome.status);
      if (outcome.details && !this.details.some((d) => d.includes(outcome.details)))
        this.details.push(outcome.details);
    }
    return {
      userId: this.userId,
      actorId: this.actorId,
      workspaceId: this.workspaceId,
      action: this.action,
      endpoint: clean(this.endpoint, 1000),
      procedure: this.procedure,
      status: this.status,
      usage: this.usage,
      durationMs: Math.round(performance.now() - this.started),
      ip: this.ip ? clean(this.ip, 100) : null,
      details: this.details.length ? clean(this.details.join('; ')) : null,
      isTest: this.isTest,
      timestamp: this.timestamp,
    };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The buffered writer of the usage log: rows batched into one INSERT each, retried once, dropped and counted. */
interface RowWriter {
  /** Queues a row (writes it at once with `flushMs: 0`). */
  enqueue(row: UsageRow): Promise<void>;
  /** Writes full batches, or everything when `all`. */
  flush(all: boolean): Promise<void>;
  /** Writes everything buffered and stops the timer (graceful shutdown). */
  close(): Promise<void>;
  stats(): UsageLogStats;
}

function createRowWriter(db: Db, log: Logger, opts: UsageLoggerOptions): RowWriter {
  const flushMs = opts.flushMs ?? USAGE_LOG_FLUSH_MS;
  const batchSize = opts.batchSize ?? USAGE_LOG_BATCH_SIZE;
  const maxBuffered = opts.maxBuffered ?? MAX_BUFFERED;
  // Entries about a team member belong to their workspace (the team's usage log, issue 14): the insert stamps
  // them where the entry did not name one; a member who has left is no longer stamped.
  const insertRows = opts.insertRows ?? ((rows: UsageRow[]) => insertUsageRows(db, rows));
  const buffer: UsageRow[] = [];
  const stats = { written: 0, dropped: 0, retried: 0 };
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let closing = false;

  async function withoutMissingUsers(rows: UsageRow[]): Promise<UsageRow[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.userId, r.actorId]).filter((x): x is string => !!x))];
    const found = await db.user
      .findMany({ where: { id: { in: ids } }, select: { id: true } })
      .catch(() => null);
    if (!found) return rows;
    const live = new Set(found.map((u) => u.id));
    return rows.map((r) => ({
      ...r,
      userId: r.userId && live.has(r.userId) ? r.userId : null,
      actorId: r.actorId && live.has(r.actorId) ? r.actorId : null,
    }));
  }

  /** One INSERT for the batch; on failure one retry (after a pause unless shutting down), then dropped. */
  async function writeBatch(rows: UsageRow[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await insertRows(rows);
        stats.written += rows.length;
        return;
      } catch (err) {
        if (attempt === 1) {
          stats.retried++;
          // An account deleted since its entries were buffered (account deletion logs itself): the entries
          // stay, without the user, like the rest of a deleted account's history.
          if (isForeignKeyViolation(err)) rows = await withoutMissingUsers(rows);
          else log.warn({ err, rows: rows.length }, 'usage log write failed; retrying once');
          if (!closing && flushMs > 0) await sleep(Math.min(flushMs, 1_000));
          continue;
        }
        stats.dropped += rows.length;
        log.error(
          { err, rows: rows.length, dropped: stats.dropped },
          'usage log write failed twice; entries dropped',
        );
        return;
      }
    }
  }

  /** Writes full batches, or everything when `all` (timer, close): one flush loop at a time. */
  function flush(all: boolean): Promise<void> {
    if (flushing) {
      // The running loop picks up full batches; a forced flush runs again after it for the rest.
      return all ? flushing.then(() => flush(true)) : flushing;
    }
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    const min = all ? 1 : batchSize;
    if (buffer.length < min) return Promise.resolve();
    const run = (async () => {
      while (buffer.length >= min) await writeBatch(buffer.splice(0, batchSize));
    })();
    // `finally` runs after this assignment (always asynchronously), so `flushing` is the running loop.
    flushing = run.finally(() => {
      flushing = undefined;
      schedule();
    });
    return flushing;
  }

  function schedule() {
    if (buffer.length === 0 || flushing) return;
    if (buffer.length >= batchSize || closing) {
      void flush(closing);
      return;
    }
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush(true);
    }, flushMs);
    timer.unref();
  }

  async function enqueue(row: UsageRow): Promise<void> {
    if (flushMs <= 0) return writeBatch([row]);
    buffer.push(row);
    if (buffer.length > maxBuffered) {
      const over = buffer.splice(0, buffer.length - maxBuffered);
      stats.dropped += over.length;
      log.error({ dropped: stats.dropped }, 'usage log buffer full; oldest entries dropped');
    }
    schedule();
    if (closing) await flush(true);
  }

  return {
    enqueue,
    flush,
    async close() {
      closing = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush(true);
    },
    stats: () => ({ ...stats, pending: buffer.length }),
  };
}

export function createUsageLogger(db: Db, log: Logger, opts: UsageLoggerOptions = {}): UsageLogger {
  const writer = createRowWriter(db, log, opts);
  const enqueue = writer.enqueue;
  const als = new AsyncLocalStorage<CallEntry>();
  // Node 20's AsyncLocalStorage, while enabled, makes every promise of the process pay async hooks (measured with
  // `bench:http`: GET /api/health answered ~18 % and /api/auth/me ~20 % more requests a second without them). So it
  // is enabled only while a call that may annotate is open — a mutation or subscription, from its first `run` until
  // its entry is finished — and disabled when none is. Work a call leaves running after its entry is finished logs
  // entries of its own either way.
  let openScopes = 0;
  const closeScope = () => {
    if (--openScopes === 0) als.disable();
  };
  function standalone(e: UsageEntry, from?: CallEntry): UsageRow {
    return {
      userId: e.userId ?? null,
      actorId: from?.actorId ?? null,
      workspaceId: e.workspaceId ?? null,
      action: e.action,
      endpoint: clean(e.endpoint, 1000),
      procedure: from?.procedure ?? null,
      status: e.status ?? 'success',
      usage: e.usage ?? 0,
      durationMs: null,
      ip: null,
      details: e.details ? clean(e.details) : null,
      isTest: e.isTest ?? false,
      timestamp: new Date(),
    };
  }

  return {
    async log(e, given) {
      try {
        const call = given instanceof CallEntry ? given : als.getStore();
        if (call && !call.finished && call.accepts(e)) {
          if (e.userId && !call.userId) call.about(e.userId);
          call.attach(e);
          return;
        }
        await enqueue(standalone(e, call));
      } catch (err) {
        log.warn({ err }, 'usage log failed');
      }
    },

    current: () => {
      const call = als.getStore();
      return call && !call.finished ? call : undefined;
    },

    begin(meta) {
      const action = meta.action;
      if (!action) return null;
      const call = new CallEntry(meta.procedure, action, meta.endpoint, meta.ip ?? null);
      const scoped = meta.type !== 'query' && !meta.explicit;
      let open = false;
      const finish = async (outcome: CallOutcome) => {
        if (call.finished) return;
        call.finished = true;
        if (open) {
          open = false;
          closeScope();
        }
        if (outcome.ok && meta.quietOnSuccess) return;
        try {
          await enqueue(call.row(outcome));
        } catch (err) {
          log.warn({ err }, 'usage log failed');
        }
      };
      function run<T>(fn: () => T): T {
        if (!scoped || call.finished) return fn();
        if (!open) {
          open = true;
          openScopes++;
        }
        return als.run(call, fn);
      }
      return {
        call,
        run,
        finish,
        wrapStream<T>(iterable: AsyncIterable<T>, outcomeOf: (err: unknown) => CallOutcome) {
          const closedByClient: CallOutcome = {
            ok: false,
            status: 'warning',
            details: 'stream closed by the client',
          };
          const stream = (async function* () {
            const it = iterable[Symbol.asyncIterator]();
            let outcome: CallOutcome = { ok: true };
            let done = false;
            try {
              for (;;) {
                const next = await run(() => it.next());
                if (next.done) {
                  done = true;
                  return next.value as unknown;
                }
                yield next.value;
              }
            } catch (err) {
              done = true;
              outcome = outcomeOf(err);
              throw err;
            } finally {
              // Abandoned by the consumer (client gone, unsubscribed): let the source clean up inside the call.
              if (!done) {
                try {
                  await run(() => it.return?.());
                } catch (err) {
                  outcome = outcomeOf(err);
                }
                if (outcome.ok) outcome = closedByClient;
              }
              await finish(outcome);
            }
          })();
          // A generator returned (or thrown into) before its first next() never runs its body, so the finally above
          // cannot finish the entry: a consumer gone before the stream began (the request aborted in between)
          // would leave the call unlogged and its scope open.
          let started = false;
          const next = stream.next.bind(stream);
          const ret = stream.return.bind(stream);
          const thr = stream.throw.bind(stream);
          const leaveEarly = async () => {
            if (started) return;
            started = true;
            try {
              await run(() => iterable[Symbol.asyncIterator]().return?.());
            } catch {
              // The source's own cleanup failed; the call is still one the client closed.
            }
            await finish(closedByClient);
          };
          return Object.assign(stream, {
            next: (...a: [] | [unknown]) => {
              started = true;
              return next(...a);
            },
            return: async (v: unknown) => {
              await leaveEarly();
              return ret(v);
            },
            throw: async (e: unknown) => {
              await leaveEarly();
              return thr(e);
            },
          });
        },
      };
    },

    flush: () => writer.flush(true),
    close: () => writer.close(),
    stats: () => writer.stats(),
  };
}
