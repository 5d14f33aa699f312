// The pending-exchange sweeper: undoes exchanges a crash left behind (the process died between the user
// message and the answer), at server start and then every minute. An exchange is only touched when it is
// older than `maxAgeMs` AND its session's send slot can be taken — the slot (a Redis lock across instances)
// is held for as long as a send runs, so a reply still streaming anywhere is never swept. Undoing releases
// the reserved message once, deletes the PENDING user message and restores the session (pending.ts).
import type { Db } from '@app/db';
import type { Logger } from '../logger.js';
import { undoExchange } from './pending.js';
import type { ExchangeUndo } from './store.js';
import type { ConversationKind, ConversationStreamRegistry } from './streams.js';

/** Pending exchanges younger than this are left alone (well beyond any reply's time between chunks). */
export const PENDING_EXCHANGE_MAX_AGE_MS = 5 * 60_000;
export const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 100;

export interface SweeperOptions {
  /** Age from which a pending exchange may be swept (default 5 min; main.ts: PENDING_EXCHANGE_MAX_AGE_MS). */
  maxAgeMs?: number;
  intervalMs?: number;
}

export interface ExchangeSweeper {
  /** One pass: undoes old pending exchanges whose session has no running send; returns how many. */
  sweep(maxAgeMs?: number): Promise<number>;
  /** Sweeps now (logging the result) and then every intervalMs. */
  start(o?: SweeperOptions): void;
  /** Stops the timer and waits for a running pass. */
  stop(): Promise<void>;
}

export function createExchangeSweeper(o: {
  db: Db;
  streams: ConversationStreamRegistry;
  /** How each conversation kind undoes its messages and session (kinds without one are left alone). */
  stores: Partial<Record<ConversationKind, ExchangeUndo>>;
  log: Logger;
}): ExchangeSweeper {
  const { db, streams, stores, log } = o;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let maxAge = PENDING_EXCHANGE_MAX_AGE_MS;

  async function pass(maxAgeMs: number): Promise<number> {
    const stale = await db.pendingExchange.findMany({
      where: { startedAt: { lte: new Date(Date.now() - maxAgeMs) } },
      orderBy: { startedAt: 'asc' },
      take: SWEEP_BATCH,
    });
    let undone = 0;
    for (const r of stale) {
      const undo = stores[r.kind];
      if (!undo) {
        log.warn(
          { exchangeId: r.id, kind: r.kind },
          'pending exchange of a kind without a store: left alone',
        );
        continue;
      }
      const slot = await streams.acquire(r.kind, r.sessionId);
      if (!slot) continue; // a send runs for this session right now (and owns its exchange)
      try {
        if (await undoExchange(db, undo, r, log)) undone++;
      } finally {
        await slot.release();
      }
    }
    return undone;
  }

  function sweep(maxAgeMs = maxAge): Promise<number> {
    // One pass at a time per instance; a call during a pass waits for it.
    running ??= pass(maxAgeMs).finally(() => (running = undefined));
    return running;
  }

  return {
    sweep,
    start(opts = {}) {
      if (timer) return;
      maxAge = opts.maxAgeMs ?? PENDING_EXCHANGE_MAX_AGE_MS;
      sweep().then(
        (n) => log.info({ undone: n }, 'pending exchanges swept at start'),
        (err: unknown) => log.error({ err }, 'pending exchange sweep failed'),
      );
      timer = setInterval(() => {
        sweep().then(
          (n) => n > 0 && log.info({ undone: n }, 'pending exchanges swept'),
          (err: unknown) => log.error({ err }, 'pending exchange sweep failed'),
        );
      }, opts.intervalMs ?? SWEEP_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
