// The pending-exchange sweeper: undoes exchanges a crash left behind (the process died between the user
// message and the answer), at server start and then every `intervalMs` (half the max age, 5 s to 1 min). An
// exchange is only touched when it is older than `maxAgeMs` AND its session's send slot can be taken — the
// slot (a 15 s Redis lease across instances, renewed every 5 s by the instance that streams) is held for as
// long as a send runs, so a reply still streaming anywhere is never swept, and a dead instance's exchange is
// swept once its lease has lapsed and the exchange is old enough. The record is read again under the slot:
// an exchange that completed between the listing and the claim is gone and left alone. Undoing releases the
// reserved message once, deletes the PENDING user message and restores the session (pending.ts).
import type { Db } from '@app/db';
import { DEFAULT_PENDING_EXCHANGE_MAX_AGE_MS } from '../../config.js';
import type { Logger } from '../logger.js';
import { undoExchange } from './pending.js';
import type { ExchangeUndo } from './store.js';
import type { ConversationKind, ConversationStreamRegistry } from './streams.js';

/**
 * Pending exchanges younger than this are left alone (default 1 min, PENDING_EXCHANGE_MAX_AGE_MS): four lease
 * times, so a live send always holds its slot long before its record could be swept.
 */
export const PENDING_EXCHANGE_MAX_AGE_MS = DEFAULT_PENDING_EXCHANGE_MAX_AGE_MS;
export const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 100;

/** How often to sweep for a max age: half of it, at least every minute and at most every 5 s. */
export function sweepIntervalFor(maxAgeMs: number): number {
  return Math.min(SWEEP_INTERVAL_MS, Math.max(5_000, Math.floor(maxAgeMs / 2)));
}

export interface SweeperOptions {
  /** Age from which a pending exchange may be swept (default 1 min; config.pendingExchangeMaxAgeMs). */
  maxAgeMs?: number;
  /** Default: sweepIntervalFor(maxAgeMs). */
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
        // Read again under the slot: the exchange may have completed (record gone) since the listing.
        const current = await db.pendingExchange.findUnique({ where: { id: r.id } });
        if (current && (await undoExchange(db, undo, current, log))) undone++;
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
      timer = setInterval(
        () => {
          sweep().then(
            (n) => n > 0 && log.info({ undone: n }, 'pending exchanges swept'),
            (err: unknown) => log.error({ err }, 'pending exchange sweep failed'),
          );
        },
        opts.intervalMs ?? sweepIntervalFor(maxAge),
      );
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
