import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { connectRedis } from '../redis.js';
import { silentLogger } from '../logger.js';
import { createUserCache, type UserCache } from './user-cache.js';

type Row = { id: string; tokenVersion: number };
const caches: UserCache<Row>[] = [];
const cache = (o: Partial<Parameters<typeof createUserCache>[0]> = {}) => {
  const c = createUserCache<Row>({ log: silentLogger, ...o });
  caches.push(c);
  return c;
};
afterEach(async () => {
  for (const c of caches.splice(0)) await c.close();
});

/** A loader that counts its calls and answers the current row. */
function source(row: Row | null) {
  const s = {
    row,
    calls: 0,
    load: async () => {
      s.calls++;
      return s.row ? { ...s.row } : null;
    },
  };
  return s;
}

describe('user cache', () => {
  it('reads the database once, then answers from memory until the entry expires', async () => {
    let t = 0;
    const c = cache({ now: () => t, ttlMs: 5_000 });
    const db = source({ id: 'u1', tokenVersion: 1 });
    expect(await c.read('u1', db.load)).toEqual({ id: 'u1', tokenVersion: 1 });
    expect(await c.read('u1', db.load)).toEqual({ id: 'u1', tokenVersion: 1 });
    expect(db.calls).toBe(1);
    t = 5_001;
    db.row = { id: 'u1', tokenVersion: 2 };
    expect(await c.read('u1', db.load)).toEqual({ id: 'u1', tokenVersion: 2 });
    expect(db.calls).toBe(2);
  });

  it('concurrent misses share one read', async () => {
    const c = cache();
    const db = source({ id: 'u1', tokenVersion: 1 });
    await Promise.all([c.read('u1', db.load), c.read('u1', db.load), c.read('u1', db.load)]);
    expect(db.calls).toBe(1);
  });

  it('an invalidation makes the next read go to the database', async () => {
    const c = cache();
    const db = source({ id: 'u1', tokenVersion: 1 });
    await c.read('u1', db.load);
    db.row = { id: 'u1', tokenVersion: 2 };
    await c.invalidate('u1');
    expect(await c.read('u1', db.load)).toEqual({ id: 'u1', tokenVersion: 2 });
    expect(db.calls).toBe(2);
  });

  it('a read that started before an invalidation is not kept (it may hold the row before the change)', async () => {
    const c = cache();
    let release!: (r: Row) => void;
    const slow = c.read('u1', () => new Promise<Row>((r) => (release = r)));
    await c.invalidate('u1'); // the write commits while the read is on its way
    release({ id: 'u1', tokenVersion: 1 });
    expect(await slow).toEqual({ id: 'u1', tokenVersion: 1 });
    const db = source({ id: 'u1', tokenVersion: 2 });
    expect(await c.read('u1', db.load)).toEqual({ id: 'u1', tokenVersion: 2 });
    expect(db.calls).toBe(1);
  });

  it('keeps neither a missing user nor a failed read', async () => {
    const c = cache();
    const none = source(null);
    expect(await c.read('gone', none.load)).toBeNull();
    expect(await c.read('gone', none.load)).toBeNull();
    expect(none.calls).toBe(2);
    await expect(c.read('u1', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    const db = source({ id: 'u1', tokenVersion: 1 });
    expect(await c.read('u1', db.load)).toEqual({ id: 'u1', tokenVersion: 1 });
  });

  it.skipIf(!process.env.REDIS_URL)('with Redis an invalidation reaches every instance', async () => {
    const namespace = `${randomUUID()}:`;
    const redisA = connectRedis(process.env.REDIS_URL!);
    const redisB = connectRedis(process.env.REDIS_URL!);
    try {
      const a = cache({ redis: redisA, namespace });
      const b = cache({ redis: redisB, namespace });
      const db = source({ id: 'u1', tokenVersion: 1 });
      // Both subscribed (a first read on each waits for the connections to be ready).
      await Promise.all([redisA.ping(), redisB.ping()]);
      await new Promise((r) => setTimeout(r, 100));
      await a.read('u1', db.load);
      await b.read('u1', db.load);
      expect(db.calls).toBe(2);
      db.row = { id: 'u1', tokenVersion: 2 };
      await a.invalidate('u1');
      // PUBLISH answers once Redis has handed the message to the subscribers' sockets.
      for (let i = 0; i < 50 && (await b.read('u1', db.load))?.tokenVersion !== 2; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect((await b.read('u1', db.load))?.tokenVersion).toBe(2);
    } finally {
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});
