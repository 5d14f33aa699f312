// The conversation stream registry, shared by chat and the assistant: one send at a time per session, Stop
// from anywhere, watchers that follow a send from any instance, and the end of them all at shutdown. Every
// session is keyed by its conversation kind ('chat', 'assistant').
//
// In memory by default. With REDIS_URL the per-session slot is a short Redis lease (SET NX PX, 15 s) that the
// producing instance renews every 5 s by compare-and-renew on its owner token, and releases with
// compare-and-delete: an instance that dies mid-answer lets its sessions go within 15 s (getSession's
// `generating` follows the lease, and the sweeper can then undo the half exchange). Cancellations go out on a
// channel so Stop reaches the instance that runs the stream; the fan-out channel carries the text so far and,
// with every renewal, a heartbeat, so watchers on any instance end with 'The answer was interrupted, please
// retry' when the producer goes silent. The text so far goes out only for sessions someone watches: a watcher
// announces its session on `<kind>:watching` when it starts and with every heartbeat while it stays, and the
// instances remember the sessions watched anywhere for a watch timeout (most sends have no watcher, and their
// text, several kilobytes every 100 ms per stream, went through Redis to every instance for nobody). Redis names
// per kind: `<kind>:lock:<sessionId>`, channels `<kind>:cancel`, `<kind>:events` and `<kind>:watching` (chat's
// first two are the names they always had).
import { randomUUID } from 'node:crypto';
import type { TRPCError } from '@trpc/server';
import type { Redis } from 'ioredis';
import { appError } from '../../errors.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';
import type { Logger } from '../logger.js';
import { createStartGate, type StartGate } from './start-gate.js';

/** The conversations that stream answers: chat sessions and assistant sessions. */
export const CONVERSATION_KINDS = ['chat', 'assistant'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

export const INTERRUPTED_MESSAGE = 'The answer was interrupted, please retry';
export const RESTARTING_MESSAGE = 'The server is restarting, please retry';

/** Why a send or a watcher was stopped from the outside (not Stop, not the client). */
export type StreamStopReason = 'restarting' | 'interrupted';

/** The abort reason of a slot the registry stopped: shutdown, or a lease this instance lost. */
export class StreamStopped extends Error {
  constructor(readonly why: StreamStopReason) {
    super(why === 'restarting' ? RESTARTING_MESSAGE : INTERRUPTED_MESSAGE);
  }
}

/** The client-facing error of a stopped send or watcher (503; REST SSE and tRPC send it as an error event). */
export function streamStoppedError(why: StreamStopReason): TRPCError {
  return why === 'restarting'
    ? appError('SERVICE_UNAVAILABLE', RESTARTING_MESSAGE, { appCode: ERROR_CODES.SERVER_RESTARTING })
    : appError('SERVICE_UNAVAILABLE', INTERRUPTED_MESSAGE, { appCode: ERROR_CODES.STREAM_INTERRUPTED });
}

/** The registry's reason when `signal` was aborted by it (shutdown, lost lease), else undefined. */
export function stopReasonOf(signal: AbortSignal): StreamStopReason | undefined {
  return signal.aborted && signal.reason instanceof StreamStopped ? signal.reason.why : undefined;
}

export interface ActiveStream {
  /** Aborted by cancel() (from this or any instance), by drain() and when the lease is lost. */
  signal: AbortSignal;
  release(): Promise<void>;
}

/** What watchers of a running send see (another tab, another instance): the text so far, then the end. */
export type ConversationWatchEvent = { type: 'progress'; text: string } | { type: 'end' };

/**
 * What a registry listener receives: the watch events, the producer's heartbeat (`beat`), and `restarting`
 * when this instance shuts down.
 */
export type ConversationWatchSignal = ConversationWatchEvent | { type: 'beat' } | { type: 'restarting' };

export interface LeaseTiming {
  /** Lifetime of a session's Redis lease; the producer renews it every `heartbeatMs`. */
  leaseMs: number;
  /** How often the producer renews its leases and sends watchers a heartbeat. */
  heartbeatMs: number;
  /** Watchers end with the interrupted error after this long without hearing from the producer. */
  watchTimeoutMs: number;
}

export const DEFAULT_LEASE_TIMING: LeaseTiming = {
  leaseMs: 15_000,
  heartbeatMs: 5_000,
  watchTimeoutMs: 15_000,
};

export interface ConversationStreamRegistry {
  readonly timing: LeaseTiming;
  /** True once drain() was called: no new sends (acquire throws the 503 'restarting' error). */
  readonly draining: boolean;
  /** Claims the session's send slot, or null when a send is already running for it. */
  acquire(kind: ConversationKind, sessionId: string): Promise<ActiveStream | null>;
  /** Cancels the running send of a session, wherever it runs. */
  cancel(kind: ConversationKind, sessionId: string): Promise<void>;
  /** Whether a send is running for the session (on any instance: a live lease). */
  isActive(kind: ConversationKind, sessionId: string): Promise<boolean>;
  /** Broadcasts an event of a running send to its watchers, wherever they are connected. */
  publish(kind: ConversationKind, sessionId: string, event: ConversationWatchEvent): void;
  /** Listens to a session's running send; returns the unsubscribe function. */
  watch(
    kind: ConversationKind,
    sessionId: string,
    listener: (event: ConversationWatchSignal) => void,
  ): () => void;
  /** Number of sends running on this instance. */
  active(): number;
  /** This instance's sends before their model call go first (start-gate.ts). */
  readonly starts: StartGate;
  /**
   * Shutdown: refuses new sends, stops this instance's sends with the 'restarting' reason (their exchanges
   * undo themselves and release their slots), ends this instance's watchers, and resolves once every local
   * slot is released or after `timeoutMs`, with the number still held.
   */
  drain(timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const RENEW_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

type ChannelType = 'cancel' | 'events' | 'watching';
const sessionKey = (kind: ConversationKind, id: string) => `${kind}:${id}`;

/**
 * The watchers' side of the registry: the listeners of each session on this instance and, with Redis, the
 * fan-out of watch events to every instance and the announcements of the sessions watched here.
 */
function createWatchFanOut(
  redis: Redis | undefined,
  log: Logger,
  timing: LeaseTiming,
  channel: (kind: ConversationKind, type: ChannelType) => string,
) {
  const watchers = new Map<string, Set<(e: ConversationWatchSignal) => void>>();
  /** With Redis: sessions a watcher announced (on any instance), until when that announcement holds. */
  const watchedUntil = new Map<string, number>();
  /** This instance's announcements of its watched sessions, repeated every heartbeat while they are watched. */
  const announcing = new Map<string, NodeJS.Timeout>();
  const announce = (kind: ConversationKind, sessionId: string) =>
    redis!
      .publish(channel(kind, 'watching'), sessionId)
      .catch((err: unknown) => log.warn({ err }, 'conversation watcher announcement failed'));
  /** Whether anyone may be watching the session: a watcher here, or one announced from anywhere not long ago. */
  const watched = (k: string) => {
    if (watchers.has(k)) return true;
    const until = watchedUntil.get(k);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    watchedUntil.delete(k);
    return false;
  };
  const noteWatched = (k: string) => {
    const now = Date.now();
    if (watchedUntil.size >= 1024)
      for (const [w, until] of watchedUntil) if (until <= now) watchedUntil.delete(w);
    watchedUntil.set(k, now + timing.watchTimeoutMs);
  };
  const deliver = (k: string, event: ConversationWatchSignal) => {
    for (const l of watchers.get(k) ?? []) l(event);
  };
  /**
   * Events waiting for Redis, per channel: everything broadcast in one turn of the event loop goes out as one
   * PUBLISH of a JSON array (hundreds of streaming sends made a PUBLISH each per 100 ms, and every instance
   * handled each message). One connection keeps the order, so a session's events stay in order.
   */
  const outbox = new Map<string, string[]>();
  const flushOutbox = () => {
    for (const [ch, items] of outbox) {
      redis!
        .publish(ch, `[${items.join(',')}]`)
        .catch((err: unknown) => log.warn({ err }, 'conversation event publish failed'));
    }
    outbox.clear();
  };
  return {
    /** Sends an event (or a heartbeat) to the session's watchers on every instance. */
    broadcast(kind: ConversationKind, sessionId: string, event: ConversationWatchEvent | { type: 'beat' }) {
      if (redis) {
        // The text so far is for watchers only; the end and heartbeats always go (a watcher may be starting).
        if (event.type === 'progress' && !watched(sessionKey(kind, sessionId))) return;
        const ch = channel(kind, 'events');
        let items = outbox.get(ch);
        if (!items) {
          if (outbox.size === 0) setImmediate(flushOutbox);
          outbox.set(ch, (items = []));
        }
        items.push(JSON.stringify({ s: sessionId, e: event }));
      } else deliver(sessionKey(kind, sessionId), event);
    },
    /** A message on a session's events or watching channel, from any instance. */
    received(kind: ConversationKind, type: 'events' | 'watching', message: string) {
      if (type === 'watching') return noteWatched(sessionKey(kind, message));
      try {
        type Item = { s: string; e: ConversationWatchSignal };
        const parsed = JSON.parse(message) as Item | Item[];
        // An array from this version, a single event from an instance not yet upgraded.
        for (const { s, e } of Array.isArray(parsed) ? parsed : [parsed]) {
          if (e.type !== 'restarting') deliver(sessionKey(kind, s), e);
        }
      } catch {
        // ignore malformed messages
      }
    },
    watch(kind: ConversationKind, sessionId: string, listener: (event: ConversationWatchSignal) => void) {
      const k = sessionKey(kind, sessionId);
      let set = watchers.get(k);
      if (!set) watchers.set(k, (set = new Set()));
      set.add(listener);
      if (redis && !announcing.has(k)) {
        void announce(kind, sessionId);
        const again = setInterval(() => void announce(kind, sessionId), timing.heartbeatMs);
        again.unref();
        announcing.set(k, again);
      }
      return () => {
        set.delete(listener);
        if (set.size === 0 && watchers.get(k) === set) {
          watchers.delete(k);
          clearInterval(announcing.get(k));
          announcing.delete(k);
        }
      };
    },
    /** Ends this instance's watchers with `restarting` (shutdown). */
    restarting() {
      for (const k of [...watchers.keys()]) deliver(k, { type: 'restarting' });
    },
    /** Stops announcing and sends what waits for Redis. */
    close() {
      for (const t of announcing.values()) clearInterval(t);
      announcing.clear();
      if (redis && outbox.size) flushOutbox();
    },
  };
}

export function createConversationStreamRegistry(
  redis: Redis | undefined,
  log: Logger,
  namespace = '',
  timingOverrides: Partial<LeaseTiming> = {},
): ConversationStreamRegistry {
  const timing: LeaseTiming = { ...DEFAULT_LEASE_TIMING, ...timingOverrides };
  const local = new Map<string, AbortController>();
  /** Called whenever a local slot is released (drain waits on it). */
  const onRelease = new Set<() => void>();
  let draining = false;
  const lockKey = (kind: ConversationKind, id: string) => `${kind}:${namespace}lock:${id}`;
  const channelOf = (kind: ConversationKind, type: ChannelType) => `${kind}:${type}:${namespace}`;
  const channels = new Map<string, { kind: ConversationKind; type: ChannelType }>();
  for (const kind of CONVERSATION_KINDS)
    for (const type of ['cancel', 'events', 'watching'] as const)
      channels.set(channelOf(kind, type), { kind, type });
  const fanOut = createWatchFanOut(redis, log, timing, channelOf);
  let sub: Redis | undefined;
  if (redis) {
    sub = redis.duplicate();
    sub
      .subscribe(...channels.keys())
      .catch((err: unknown) => log.warn({ err }, 'conversation channels subscribe failed'));
    sub.on('message', (ch: string, message: string) => {
      const c = channels.get(ch);
      if (!c) return;
      if (c.type === 'cancel')
        local.get(sessionKey(c.kind, message))?.abort(new Error('Generation cancelled'));
      else fanOut.received(c.kind, c.type, message);
    });
  }

  const starts = createStartGate();
  return {
    timing,
    starts,
    get draining() {
      return draining;
    },
    async acquire(kind, sessionId) {
      if (draining) throw streamStoppedError('restarting');
      const k = sessionKey(kind, sessionId);
      if (local.has(k)) return null;
      const controller = new AbortController();
      local.set(k, controller); // claims the slot on this instance before any await
      const token = randomUUID();
      const lock = lockKey(kind, sessionId);
      let renewedAt = Date.now();
      if (redis) {
        try {
          const ok = await redis.set(lock, token, 'PX', timing.leaseMs, 'NX');
          if (ok !== 'OK') {
            local.delete(k);
            return null;
          }
          renewedAt = Date.now();
        } catch (err) {
          local.delete(k);
          throw err;
        }
      }
      // Every heartbeatMs: renew the lease (Redis), then tell watchers the producer is alive. A lease found
      // taken or gone, or not renewed for a whole lease time, is lost: the send stops (the sweeper may
      // already be undoing its exchange elsewhere).
      const lost = () => {
        if (controller.signal.aborted) return;
        log.warn({ kind, sessionId }, 'conversation lease lost: stopping the send');
        controller.abort(new StreamStopped('interrupted'));
      };
      const beat = setInterval(() => {
        if (controller.signal.aborted) return;
        if (!redis) return fanOut.broadcast(kind, sessionId, { type: 'beat' });
        redis.eval(RENEW_SCRIPT, 1, lock, token, String(timing.leaseMs)).then(
          (renewed) => {
            if (Number(renewed) !== 1) return lost();
            renewedAt = Date.now();
            fanOut.broadcast(kind, sessionId, { type: 'beat' });
          },
          (err: unknown) => {
            log.warn({ err, kind, sessionId }, 'conversation lease renewal failed');
            if (Date.now() - renewedAt >= timing.leaseMs) lost();
          },
        );
      }, timing.heartbeatMs);
      beat.unref();
      let released = false;
      return {
        signal: controller.signal,
        async release() {
          if (released) return;
          released = true;
          clearInterval(beat);
          if (redis) {
            await redis
              .eval(RELEASE_SCRIPT, 1, lock, token)
              .catch((err: unknown) => log.warn({ err }, 'conversation lock release failed'));
          }
          if (local.get(k) === controller) local.delete(k);
          for (const f of onRelease) f();
        },
      };
    },
    async cancel(kind, sessionId) {
      local.get(sessionKey(kind, sessionId))?.abort(new Error('Generation cancelled'));
      if (redis) await redis.publish(channelOf(kind, 'cancel'), sessionId);
    },
    async isActive(kind, sessionId) {
      if (local.has(sessionKey(kind, sessionId))) return true;
      return redis ? (await redis.exists(lockKey(kind, sessionId))) === 1 : false;
    },
    publish(kind, sessionId, event) {
      fanOut.broadcast(kind, sessionId, event);
    },
    watch: fanOut.watch,
    active: () => local.size,
    async drain(timeoutMs = 10_000) {
      draining = true;
      for (const c of local.values()) c.abort(new StreamStopped('restarting'));
      fanOut.restarting();
      if (local.size === 0) return 0;
      await new Promise<void>((resolve) => {
        const done = () => {
          if (local.size > 0) return;
          clearTimeout(timer);
          onRelease.delete(done);
          resolve();
        };
        const timer = setTimeout(() => {
          onRelease.delete(done);
          resolve();
        }, timeoutMs);
        onRelease.add(done);
      });
      return local.size;
    },
    async close() {
      draining = true;
      fanOut.close();
      for (const c of local.values()) c.abort(new StreamStopped('restarting'));
      if (sub) await sub.quit().catch(() => sub?.disconnect());
    },
  };
}

/**
 * The events of a session's running send as an async iterable, until it ends or `signal` aborts. Ends with
 * the interrupted error (503 STREAM_INTERRUPTED) when the producer is silent for `watchTimeoutMs` (it died),
 * and with the restarting error (503 SERVER_RESTARTING) when this instance shuts down.
 */
export async function* watchConversation(
  registry: ConversationStreamRegistry,
  kind: ConversationKind,
  sessionId: string,
  signal?: AbortSignal,
): AsyncGenerator<ConversationWatchEvent> {
  const queue: (ConversationWatchEvent | { type: 'restarting' })[] = [];
  let heardAt = Date.now();
  let wake: (() => void) | undefined;
  const stop = registry.watch(kind, sessionId, (e) => {
    heardAt = Date.now();
    if (e.type !== 'beat') queue.push(e);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  let timer: NodeJS.Timeout | undefined;
  try {
    if (registry.draining) throw streamStoppedError('restarting');
    // Subscribed first, then checked: a send that ends in between still delivers its 'end'.
    if (!(await registry.isActive(kind, sessionId))) {
      yield { type: 'end' };
      return;
    }
    for (;;) {
      while (queue.length) {
        const e = queue.shift()!;
        if (e.type === 'restarting') throw streamStoppedError('restarting');
        yield e;
        if (e.type === 'end') return;
      }
      if (signal?.aborted) return;
      const silent = Date.now() - heardAt;
      if (silent >= registry.timing.watchTimeoutMs) throw streamStoppedError('interrupted');
      await new Promise<void>((r) => {
        wake = r;
        timer = setTimeout(r, registry.timing.watchTimeoutMs - silent);
      });
      clearTimeout(timer);
      wake = undefined;
    }
  } finally {
    clearTimeout(timer);
    stop();
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Waits (at most `timeoutMs`) until no send runs in the session: Stop answers once the stopped exchange is
 * stored or undone, so the client's next read shows the kept answer (or none). False on timeout.
 */
export async function untilIdle(
  registry: ConversationStreamRegistry,
  kind: ConversationKind,
  sessionId: string,
  timeoutMs = 3000,
): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (await registry.isActive(kind, sessionId)) {
    if (Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}
