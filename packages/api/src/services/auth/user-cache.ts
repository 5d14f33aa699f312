// The signed-in user behind a bearer, kept a few seconds in process: every authenticated call read it from the
// database (one round trip of the few a request makes; `auth.me` answered 2.5× faster without it). Correctness
// comes from invalidation, not from the short life:
//  - every service that changes a user's row calls `invalidate(id)` after its write has committed (token version
//    bumps on logout, password and email changes, admin role, email verification, deletion);
//  - with Redis, `invalidate` publishes the id and every instance forgets it (awaited: when the write's answer
//    reaches the client the other instances' subscriber sockets already hold the message); after a lost Redis
//    connection an instance forgets everything it holds;
//  - a read that started before an invalidation is not stored (a generation counter), so a row read just before
//    a write commits cannot outlive it.
// The short life (USER_CACHE_TTL_MS) only bounds what nothing invalidates: a row changed outside the services
// (an operator's SQL).
import type { Logger } from '../logger.js';
import type { Redis } from '../redis.js';

export const USER_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export interface UserCache<U> {
  /** The user's row from the cache, else from `load` (stored when it is a user and nothing changed meanwhile). */
  read(id: string, load: () => Promise<U | null>): Promise<U | null>;
  /** Forgets the user here and, with Redis, on every instance. Call after the change has committed. */
  invalidate(id: string): Promise<void>;
  close(): Promise<void>;
}

export function createUserCache<U>(opts: {
  redis?: Redis;
  log: Pick<Logger, 'warn'>;
  /** Redis channel prefix (tests give each server its own). */
  namespace?: string;
  ttlMs?: number;
  now?: () => number;
}): UserCache<U> {
  const ttlMs = opts.ttlMs ?? USER_CACHE_TTL_MS;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { row: U; until: number }>();
  const loading = new Map<string, Promise<U | null>>();
  /** Bumped by every invalidation: a load that saw another value is not stored. */
  let generation = 0;
  const forget = (id?: string) => {
    generation++;
    if (id === undefined) {
      entries.clear();
      loading.clear();
    } else {
      entries.delete(id);
      loading.delete(id);
    }
  };

  const channel = `${opts.namespace ?? ''}user-cache:invalidate`;
  const { redis, log } = opts;
  const sub = redis?.duplicate();
  if (sub) {
    sub.subscribe(channel).catch((err: unknown) => log.warn({ err }, 'user cache subscribe failed'));
    sub.on('message', (ch: string, id: string) => {
      if (ch === channel) forget(id);
    });
    // Messages sent while the connection was down are lost: start again from nothing.
    sub.on('ready', () => forget());
  }

  return {
    read(id, load) {
      const hit = entries.get(id);
      if (hit && hit.until > now()) return Promise.resolve(hit.row);
      const running = loading.get(id);
      if (running) return running;
      const seen = generation;
      const p = load().then(
        (row) => {
          if (loading.get(id) === p) loading.delete(id);
          if (row && generation === seen) {
            entries.delete(id); // re-inserted last: the oldest entries are evicted first
            entries.set(id, { row, until: now() + ttlMs });
            if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
          }
          return row;
        },
        (err: unknown) => {
          if (loading.get(id) === p) loading.delete(id);
          throw err;
        },
      );
      loading.set(id, p);
      return p;
    },
    async invalidate(id) {
      forget(id);
      if (!redis) return;
      try {
        await redis.publish(channel, id);
      } catch (err) {
        // The other instances keep the row at most ttlMs.
        log.warn({ err, userId: id }, 'user cache invalidation publish failed');
      }
    },
    async close() {
      forget();
      await sub?.quit().catch(() => sub.disconnect());
    },
  };
}
