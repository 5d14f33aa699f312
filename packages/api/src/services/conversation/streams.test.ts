// The conversation stream registry in memory and, with REDIS_URL, across two "instances" sharing Redis.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis, type Redis } from '../redis.js';
import { silentLogger } from '../logger.js';
import {
  createConversationStreamRegistry,
  watchConversation,
  type ConversationWatchEvent,
} from './streams.js';

const collect = async (it: AsyncIterable<ConversationWatchEvent>) => {
  const out: ConversationWatchEvent[] = [];
  for await (const e of it) out.push(e);
  return out;
};

describe('conversation stream registry (memory)', () => {
  it('one slot per session, cancel aborts it, watchers follow it', async () => {
    const r = createConversationStreamRegistry(undefined, silentLogger);
    const a = await r.acquire('chat', 's1');
    expect(a).not.toBeNull();
    expect(await r.acquire('chat', 's1')).toBeNull();
    expect(await r.acquire('chat', 's2')).not.toBeNull();
    expect(await r.isActive('chat', 's1')).toBe(true);
    // Kinds are apart: the assistant session 's1' is another session.
    expect(await r.isActive('assistant', 's1')).toBe(false);
    const b = await r.acquire('assistant', 's1');
    expect(b).not.toBeNull();
    const watched = collect(watchConversation(r, 'chat', 's1'));
    await new Promise((res) => setTimeout(res, 5));
    r.publish('chat', 's1', { type: 'progress', text: 'Hel' });
    r.publish('chat', 's1', { type: 'progress', text: 'Hello' });
    await r.cancel('chat', 's1');
    expect(a!.signal.aborted).toBe(true);
    expect(b!.signal.aborted).toBe(false);
    await a!.release();
    r.publish('chat', 's1', { type: 'end' });
    expect(await watched).toEqual([
      { type: 'progress', text: 'Hel' },
      { type: 'progress', text: 'Hello' },
      { type: 'end' },
    ]);
    expect(await r.isActive('chat', 's1')).toBe(false);
    expect(await collect(watchConversation(r, 'chat', 's1'))).toEqual([{ type: 'end' }]);
    expect(await r.acquire('chat', 's1')).not.toBeNull();
    await r.close();
  });
});

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('conversation stream registry across instances (Redis)', () => {
  const conns: Redis[] = [];
  afterAll(async () => {
    for (const c of conns) await c.quit();
  });

  it('locks, cancels and fans out across instances', async () => {
    const ns = `${randomUUID()}:`;
    const [c1, c2] = [connectRedis(redisUrl!), connectRedis(redisUrl!)];
    conns.push(c1, c2);
    const one = createConversationStreamRegistry(c1, silentLogger, ns);
    const two = createConversationStreamRegistry(c2, silentLogger, ns);
    await new Promise((res) => setTimeout(res, 200)); // subscriptions ready

    const slot = await one.acquire('chat', 's');
    expect(slot).not.toBeNull();
    expect(await two.acquire('chat', 's')).toBeNull(); // the other instance cannot start a second send
    expect(await two.isActive('chat', 's')).toBe(true);

    const watched = collect(watchConversation(two, 'chat', 's'));
    await new Promise((res) => setTimeout(res, 100));
    one.publish('chat', 's', { type: 'progress', text: 'Hi' });
    const other = await one.acquire('assistant', 's');
    expect(other).not.toBeNull();
    await two.cancel('chat', 's'); // Stop pressed on the other instance
    await expect.poll(() => slot!.signal.aborted).toBe(true);
    expect(other!.signal.aborted).toBe(false);
    await other!.release();
    await slot!.release();
    one.publish('chat', 's', { type: 'end' });
    expect(await watched).toEqual([{ type: 'progress', text: 'Hi' }, { type: 'end' }]);
    expect(await two.isActive('chat', 's')).toBe(false);
    const again = await two.acquire('chat', 's');
    expect(again).not.toBeNull();
    await again!.release();
    await one.close();
    await two.close();
  });
});
