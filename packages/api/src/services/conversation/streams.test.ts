// The chat stream registry in memory and, with REDIS_URL, across two "instances" sharing Redis.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis, type Redis } from '../redis.js';
import { silentLogger } from '../logger.js';
import { createChatStreamRegistry, watchChatStream, type ChatWatchEvent } from './streams.js';

const collect = async (it: AsyncIterable<ChatWatchEvent>) => {
  const out: ChatWatchEvent[] = [];
  for await (const e of it) out.push(e);
  return out;
};

describe('chat stream registry (memory)', () => {
  it('one slot per session, cancel aborts it, watchers follow it', async () => {
    const r = createChatStreamRegistry(undefined, silentLogger);
    const a = await r.acquire('s1');
    expect(a).not.toBeNull();
    expect(await r.acquire('s1')).toBeNull();
    expect(await r.acquire('s2')).not.toBeNull();
    expect(await r.isActive('s1')).toBe(true);
    const watched = collect(watchChatStream(r, 's1'));
    await new Promise((res) => setTimeout(res, 5));
    r.publish('s1', { type: 'progress', text: 'Hel' });
    r.publish('s1', { type: 'progress', text: 'Hello' });
    await r.cancel('s1');
    expect(a!.signal.aborted).toBe(true);
    await a!.release();
    r.publish('s1', { type: 'end' });
    expect(await watched).toEqual([
      { type: 'progress', text: 'Hel' },
      { type: 'progress', text: 'Hello' },
      { type: 'end' },
    ]);
    expect(await r.isActive('s1')).toBe(false);
    expect(await collect(watchChatStream(r, 's1'))).toEqual([{ type: 'end' }]);
    expect(await r.acquire('s1')).not.toBeNull();
    await r.close();
  });
});

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('chat stream registry across instances (Redis)', () => {
  const conns: Redis[] = [];
  afterAll(async () => {
    for (const c of conns) await c.quit();
  });

  it('locks, cancels and fans out across instances', async () => {
    const ns = `${randomUUID()}:`;
    const [c1, c2] = [connectRedis(redisUrl!), connectRedis(redisUrl!)];
    conns.push(c1, c2);
    const one = createChatStreamRegistry(c1, silentLogger, ns);
    const two = createChatStreamRegistry(c2, silentLogger, ns);
    await new Promise((res) => setTimeout(res, 200)); // subscriptions ready

    const slot = await one.acquire('s');
    expect(slot).not.toBeNull();
    expect(await two.acquire('s')).toBeNull(); // the other instance cannot start a second send
    expect(await two.isActive('s')).toBe(true);

    const watched = collect(watchChatStream(two, 's'));
    await new Promise((res) => setTimeout(res, 100));
    one.publish('s', { type: 'progress', text: 'Hi' });
    await two.cancel('s'); // Stop pressed on the other instance
    await expect.poll(() => slot!.signal.aborted).toBe(true);
    await slot!.release();
    one.publish('s', { type: 'end' });
    expect(await watched).toEqual([{ type: 'progress', text: 'Hi' }, { type: 'end' }]);
    expect(await two.isActive('s')).toBe(false);
    const again = await two.acquire('s');
    expect(again).not.toBeNull();
    await again!.release();
    await one.close();
    await two.close();
  });
});
