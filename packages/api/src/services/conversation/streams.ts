// The conversation stream registry, shared by chat and the assistant: one send at a time per session, and
// Stop from anywhere. Every session is keyed by its conversation kind ('chat', 'assistant').
// In memory by default; with REDIS_URL the per-session slot is a Redis lock (SET NX PX, renewed while the
// stream runs, released with compare-and-delete) so two instances cannot run two sends for one session,
// and cancellations are published on a channel so Stop reaches the instance that runs the stream.
// Redis names per kind: `<kind>:lock:<sessionId>`, channels `<kind>:cancel` and `<kind>:events` (chat's
// are the names it always had).
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';

/** The conversations that stream answers: chat sessions and assistant sessions. */
export const CONVERSATION_KINDS = ['chat', 'assistant'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

export interface ActiveStream {
  /** Aborted by cancel() (from this or any instance). */
  signal: AbortSignal;
  release(): Promise<void>;
}

/** What watchers of a running send see (another tab, another instance): the text so far, then the end. */
export type ConversationWatchEvent = { type: 'progress'; text: string } | { type: 'end' };

export interface ConversationStreamRegistry {
  /** Claims the session's send slot, or null when a send is already running for it. */
  acquire(kind: ConversationKind, sessionId: string): Promise<ActiveStream | null>;
  /** Cancels the running send of a session, wherever it runs. */
  cancel(kind: ConversationKind, sessionId: string): Promise<void>;
  /** Whether a send is running for the session (on any instance). */
  isActive(kind: ConversationKind, sessionId: string): Promise<boolean>;
  /** Broadcasts an event of a running send to its watchers, wherever they are connected. */
  publish(kind: ConversationKind, sessionId: string, event: ConversationWatchEvent): void;
  /** Listens to a session's running send; returns the unsubscribe function. */
  watch(
    kind: ConversationKind,
    sessionId: string,
    listener: (event: ConversationWatchEvent) => void,
  ): () => void;
  /** Number of sends running on this instance. */
  active(): number;
  close(): Promise<void>;
}

const LOCK_TTL_MS = 5 * 60_000;
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const RENEW_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export function createConversationStreamRegistry(
  redis: Redis | undefined,
  log: Logger,
  namespace = '',
): ConversationStreamRegistry {
  const key = (kind: ConversationKind, id: string) => `${kind}:${id}`;
  const local = new Map<string, AbortController>();
  const lockKey = (kind: ConversationKind, id: string) => `${kind}:${namespace}lock:${id}`;
  const cancelChannel = (kind: ConversationKind) => `${kind}:cancel:${namespace}`;
  const eventsChannel = (kind: ConversationKind) => `${kind}:events:${namespace}`;
  const channels = new Map<string, { kind: ConversationKind; type: 'cancel' | 'events' }>();
  for (const kind of CONVERSATION_KINDS) {
    channels.set(cancelChannel(kind), { kind, type: 'cancel' });
    channels.set(eventsChannel(kind), { kind, type: 'events' });
  }
  const watchers = new Map<string, Set<(e: ConversationWatchEvent) => void>>();
  const deliver = (k: string, event: ConversationWatchEvent) => {
    for (const l of watchers.get(k) ?? []) l(event);
  };
  let sub: Redis | undefined;
  if (redis) {
    sub = redis.duplicate();
    sub
      .subscribe(...channels.keys())
      .catch((err: unknown) => log.warn({ err }, 'conversation channels subscribe failed'));
    sub.on('message', (ch: string, message: string) => {
      const c = channels.get(ch);
      if (!c) return;
      if (c.type === 'cancel') local.get(key(c.kind, message))?.abort(new Error('Generation cancelled'));
      else {
        try {
          const { s, e } = JSON.parse(message) as { s: string; e: ConversationWatchEvent };
          deliver(key(c.kind, s), e);
        } catch {
          // ignore malformed messages
        }
      }
    });
  }

  return {
    async acquire(kind, sessionId) {
      const k = key(kind, sessionId);
      if (local.has(k)) return null;
      const controller = new AbortController();
      local.set(k, controller); // claims the slot on this instance before any await
      let renew: NodeJS.Timeout | undefined;
      const token = randomUUID();
      const lock = lockKey(kind, sessionId);
      if (redis) {
        try {
          const ok = await redis.set(lock, token, 'PX', LOCK_TTL_MS, 'NX');
          if (ok !== 'OK') {
            local.delete(k);
            return null;
          }
        } catch (err) {
          local.delete(k);
          throw err;
        }
        renew = setInterval(() => {
          redis.eval(RENEW_SCRIPT, 1, lock, token, String(LOCK_TTL_MS)).catch(() => undefined);
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
          if (local.get(k) === controller) local.delete(k);
          if (redis) {
            await redis
              .eval(RELEASE_SCRIPT, 1, lock, token)
              .catch((err: unknown) => log.warn({ err }, 'conversation lock release failed'));
          }
        },
      };
    },
    async cancel(kind, sessionId) {
      local.get(key(kind, sessionId))?.abort(new Error('Generation cancelled'));
      if (redis) await redis.publish(cancelChannel(kind), sessionId);
    },
    async isActive(kind, sessionId) {
      if (local.has(key(kind, sessionId))) return true;
      return redis ? (await redis.exists(lockKey(kind, sessionId))) === 1 : false;
    },
    publish(kind, sessionId, event) {
      if (redis) {
        redis
          .publish(eventsChannel(kind), JSON.stringify({ s: sessionId, e: event }))
          .catch((err: unknown) => log.warn({ err }, 'conversation event publish failed'));
      } else deliver(key(kind, sessionId), event);
    },
    watch(kind, sessionId, listener) {
      const k = key(kind, sessionId);
      let set = watchers.get(k);
      if (!set) watchers.set(k, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) watchers.delete(k);
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
export async function* watchConversation(
  registry: ConversationStreamRegistry,
  kind: ConversationKind,
  sessionId: string,
  signal?: AbortSignal,
): AsyncGenerator<ConversationWatchEvent> {
  const queue: ConversationWatchEvent[] = [];
  let wake: (() => void) | undefined;
  const stop = registry.watch(kind, sessionId, (e) => {
    queue.push(e);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  try {
    // Subscribed first, then checked: a send that ends in between still delivers its 'end'.
    if (!(await registry.isActive(kind, sessionId))) {
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
