// The chat stream registry: one send at a time per session, and Stop from anywhere.
// In memory by default; with REDIS_URL the per-session slot is a Redis lock (SET NX PX, renewed while the
// stream runs, released with compare-and-delete) so two instances cannot run two sends for one session,
// and cancellations are published on a channel so Stop reaches the instance that runs the stream.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';

export interface ActiveStream {
  /** Aborted by cancel() (from this or any instance). */
  signal: AbortSignal;
  release(): Promise<void>;
}

/** What watchers of a running send see (another tab, another instance): the text so far, then the end. */
export type ChatWatchEvent = { type: 'progress'; text: string } | { type: 'end' };

export interface ChatStreamRegistry {
  /** Claims the session's send slot, or null when a send is already running for it. */
  acquire(sessionId: string): Promise<ActiveStream | null>;
  /** Cancels the running send of a session, wherever it runs. */
  cancel(sessionId: string): Promise<void>;
  /** Whether a send is running for the session (on any instance). */
  isActive(sessionId: string): Promise<boolean>;
  /** Broadcasts an event of a running send to its watchers, wherever they are connected. */
  publish(sessionId: string, event: ChatWatchEvent): void;
  /** Listens to a session's running send; returns the unsubscribe function. */
  watch(sessionId: string, listener: (event: ChatWatchEvent) => void): () => void;
  /** Number of sends running on this instance. */
  active(): number;
  close(): Promise<void>;
}

const LOCK_TTL_MS = 5 * 60_000;
const CANCEL_CHANNEL = 'chat:cancel';
const EVENTS_CHANNEL = 'chat:events';
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const RENEW_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export function createChatStreamRegistry(
  redis: Redis | undefined,
  log: Logger,
  namespace = '',
): ChatStreamRegistry {
  const local = new Map<string, AbortController>();
  const lockKey = (id: string) => `chat:${namespace}lock:${id}`;
  const channel = `${CANCEL_CHANNEL}:${namespace}`;
  const eventsChannel = `${EVENTS_CHANNEL}:${namespace}`;
  const watchers = new Map<string, Set<(e: ChatWatchEvent) => void>>();
  const deliver = (sessionId: string, event: ChatWatchEvent) => {
    for (const l of watchers.get(sessionId) ?? []) l(event);
  };
  let sub: Redis | undefined;
  if (redis) {
    sub = redis.duplicate();
    sub
      .subscribe(channel, eventsChannel)
      .catch((err: unknown) => log.warn({ err }, 'chat channels subscribe failed'));
    sub.on('message', (ch: string, message: string) => {
      if (ch === channel) local.get(message)?.abort(new Error('Generation cancelled'));
      else if (ch === eventsChannel) {
        try {
          const { s, e } = JSON.parse(message) as { s: string; e: ChatWatchEvent };
          deliver(s, e);
        } catch {
          // ignore malformed messages
        }
      }
    });
  }

  return {
    async acquire(sessionId) {
      if (local.has(sessionId)) return null;
      const controller = new AbortController();
      local.set(sessionId, controller); // claims the slot on this instance before any await
      let renew: NodeJS.Timeout | undefined;
      const token = randomUUID();
      if (redis) {
        try {
          const ok = await redis.set(lockKey(sessionId), token, 'PX', LOCK_TTL_MS, 'NX');
          if (ok !== 'OK') {
            local.delete(sessionId);
            return null;
          }
        } catch (err) {
          local.delete(sessionId);
          throw err;
        }
        renew = setInterval(() => {
          redis.eval(RENEW_SCRIPT, 1, lockKey(sessionId), token, String(LOCK_TTL_MS)).catch(() => undefined);
        }, LOCK_TTL_MS / 3);
        renew.unref();
      }
      let released = false;
      return {
        signal: controller.signal,
        async release() {
          if (released) return;
          released = true;
          clearInterval(renew);
          if (local.get(sessionId) === controller) local.delete(sessionId);
          if (redis) {
            await redis
              .eval(RELEASE_SCRIPT, 1, lockKey(sessionId), token)
              .catch((err: unknown) => log.warn({ err }, 'chat lock release failed'));
          }
        },
      };
    },
    async cancel(sessionId) {
      local.get(sessionId)?.abort(new Error('Generation cancelled'));
      if (redis) await redis.publish(channel, sessionId);
    },
    async isActive(sessionId) {
      if (local.has(sessionId)) return true;
      return redis ? (await redis.exists(lockKey(sessionId))) === 1 : false;
    },
    publish(sessionId, event) {
      if (redis) {
        redis
          .publish(eventsChannel, JSON.stringify({ s: sessionId, e: event }))
          .catch((err: unknown) => log.warn({ err }, 'chat event publish failed'));
      } else deliver(sessionId, event);
    },
    watch(sessionId, listener) {
      let set = watchers.get(sessionId);
      if (!set) watchers.set(sessionId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) watchers.delete(sessionId);
      };
    },
    active: () => local.size,
    async close() {
      for (const c of local.values()) c.abort(new Error('Server shutting down'));
      if (sub) await sub.quit().catch(() => sub?.disconnect());
    },
  };
}

/** The events of a session's running send as an async iterable, until it ends or `signal` aborts. */
export async function* watchChatStream(
  registry: ChatStreamRegistry,
  sessionId: string,
  signal?: AbortSignal,
): AsyncGenerator<ChatWatchEvent> {
  const queue: ChatWatchEvent[] = [];
  let wake: (() => void) | undefined;
  const stop = registry.watch(sessionId, (e) => {
    queue.push(e);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  try {
    // Subscribed first, then checked: a send that ends in between still delivers its 'end'.
    if (!(await registry.isActive(sessionId))) {
      yield { type: 'end' };
      return;
    }
    for (;;) {
      while (queue.length) {
        const e = queue.shift()!;
        yield e;
        if (e.type === 'end') return;
      }
      if (signal?.aborted) return;
      await new Promise<void>((r) => (wake = r));
      wake = undefined;
    }
  } finally {
    stop();
    signal?.removeEventListener('abort', onAbort);
  }
}
