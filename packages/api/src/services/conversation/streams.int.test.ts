// The conversation stream registry in memory and, with REDIS_URL, across two "instances" sharing Redis:
// slots, Stop, fan-out, the lease and its heartbeat (watchers end when the producer goes silent, a producer
// that loses its lease stops), and the shutdown drain.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { connectRedis, type Redis } from '../redis.js';
import { silentLogger } from '../logger.js';
import {
  createConversationStreamRegistry,
  INTERRUPTED_MESSAGE,
  RESTARTING_MESSAGE,
  stopReasonOf,
  watchConversation,
  type ConversationWatchEvent,
} from './streams.js';

const collect = async (it: AsyncIterable<ConversationWatchEvent>) => {
  const out: ConversationWatchEvent[] = [];
  for await (const e of it) out.push(e);
  return out;
};

/** The events a watcher saw, and the error it ended with (if any), and when. */
const follow = async (it: AsyncIterable<ConversationWatchEvent>) => {
  const events: ConversationWatchEvent[] = [];
  const started = Date.now();
  try {
    for await (const e of it) events.push(e);
    return { events, error: undefined, ms: Date.now() - started };
  } catch (error) {
    return { events, error: error as Error, ms: Date.now() - started };
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Short lease timings so expiry happens within a test. */
const fast = { leaseMs: 300, heartbeatMs: 60, watchTimeoutMs: 300 };

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

  it('heartbeats keep watchers of a long send alive; a producer gone silent ends them as interrupted', async () => {
    const r = createConversationStreamRegistry(undefined, silentLogger, '', fast);
    const slot = await r.acquire('chat', 'long');
    const watched = follow(watchConversation(r, 'chat', 'long'));
    await sleep(3 * fast.watchTimeoutMs); // no progress for three watch timeouts, but heartbeats
    r.publish('chat', 'long', { type: 'progress', text: 'Still here' });
    await slot!.release();
    r.publish('chat', 'long', { type: 'end' });
    expect(await watched).toMatchObject({
      events: [{ type: 'progress', text: 'Still here' }, { type: 'end' }],
      error: undefined,
    });

    // A producer that vanishes without its 'end' (its slot went, nothing more is heard).
    const gone = await r.acquire('chat', 'gone');
    const orphaned = follow(watchConversation(r, 'chat', 'gone'));
    await sleep(20);
    r.publish('chat', 'gone', { type: 'progress', text: 'Half' });
    await gone!.release();
    const out = await orphaned;
    expect(out.events).toEqual([{ type: 'progress', text: 'Half' }]);
    expect(out.error?.message).toBe(INTERRUPTED_MESSAGE);
    expect(out.ms).toBeGreaterThanOrEqual(fast.watchTimeoutMs - 20);
    await r.close();
  });

  it('drain stops local sends as restarting, ends watchers, refuses new sends, and waits for the slots', async () => {
    const r = createConversationStreamRegistry(undefined, silentLogger);
    const slot = await r.acquire('assistant', 'a');
    await r.acquire('chat', 'followed'); // never released: drain gives up on it after its timeout
    const watched = follow(watchConversation(r, 'chat', 'followed'));
    await sleep(5);
    let releasedAt = 0;
    slot!.signal.addEventListener('abort', () => {
      // The exchange undoes itself, then gives the slot back.
      setTimeout(() => {
        releasedAt = Date.now();
        void slot!.release();
      }, 50);
    });
    const drained = r.drain(300);
    expect(stopReasonOf(slot!.signal)).toBe('restarting');
    expect(slot!.signal.reason).toMatchObject({ message: RESTARTING_MESSAGE });
    expect((await watched).error).toMatchObject({ message: RESTARTING_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    await expect(r.acquire('chat', 'new')).rejects.toMatchObject({ message: RESTARTING_MESSAGE });
    expect(r.draining).toBe(true);
    // Resolves with what is still held after the timeout: the followed send's slot was never released here.
    expect(await drained).toBe(1);
    expect(releasedAt).toBeGreaterThan(0);
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

  it('events of many sessions broadcast in one turn go out as one PUBLISH, each session’s in order', async () => {
    const ns = `${randomUUID()}:`;
    const [c1, c2] = [connectRedis(redisUrl!), connectRedis(redisUrl!)];
    conns.push(c1, c2);
    const one = createConversationStreamRegistry(c1, silentLogger, ns);
    const two = createConversationStreamRegistry(c2, silentLogger, ns);
    await new Promise((res) => setTimeout(res, 200)); // subscriptions ready
    const sessions = Array.from({ length: 20 }, (_, i) => `s${i}`);
    const slots = await Promise.all(sessions.map((s) => one.acquire('chat', s)));
    const watched = sessions.map((s) => collect(watchConversation(two, 'chat', s)));
    await new Promise((res) => setTimeout(res, 100));
    const publish = vi.spyOn(c1, 'publish');
    for (const s of sessions) one.publish('chat', s, { type: 'progress', text: `${s} a` });
    for (const s of sessions) one.publish('chat', s, { type: 'progress', text: `${s} ab` });
    for (const s of sessions) one.publish('chat', s, { type: 'end' });
    const seen = await Promise.all(watched);
    expect(publish).toHaveBeenCalledTimes(1);
    for (const slot of slots) await slot!.release();
    sessions.forEach((s, i) =>
      expect(seen[i]).toEqual([
        { type: 'progress', text: `${s} a` },
        { type: 'progress', text: `${s} ab` },
        { type: 'end' },
      ]),
    );
    // A single event (as an instance of the previous version publishes it) is still understood.
    const oldSlot = await one.acquire('chat', 'old');
    const late = collect(watchConversation(two, 'chat', 'old'));
    await new Promise((res) => setTimeout(res, 50));
    await c1.publish(`chat:events:${ns}`, JSON.stringify({ s: 'old', e: { type: 'end' } }));
    expect(await late).toEqual([{ type: 'end' }]);
    await oldSlot!.release();
    await one.close();
    await two.close();
  });

  it('sends the text so far through Redis only while someone, on any instance, watches the session', async () => {
    const ns = `${randomUUID()}:`;
    const [c1, c2] = [connectRedis(redisUrl!), connectRedis(redisUrl!)];
    conns.push(c1, c2);
    const one = createConversationStreamRegistry(c1, silentLogger, ns, fast);
    const two = createConversationStreamRegistry(c2, silentLogger, ns, fast);
    await sleep(200); // subscriptions ready
    const slot = await one.acquire('chat', 'w');
    const publish = vi.spyOn(c1, 'publish');
    /** The progress texts the producer's instance handed to Redis. */
    const sent = () =>
      publish.mock.calls
        .filter(([channel]) => channel === `chat:events:${ns}`)
        .flatMap(([, m]) => JSON.parse(String(m)) as { e: { type: string; text?: string } }[])
        .filter((i) => i.e.type === 'progress')
        .map((i) => i.e.text);

    one.publish('chat', 'w', { type: 'progress', text: 'for nobody' });
    await sleep(20); // events leave at the end of the event loop's turn
    expect(sent()).toEqual([]);

    const watched = collect(watchConversation(two, 'chat', 'w'));
    await sleep(100); // the watcher's announcement reaches the producer's instance
    one.publish('chat', 'w', { type: 'progress', text: 'seen' });
    // Well past one watch timeout: the announcement is repeated with every heartbeat while the watcher stays.
    await sleep(3 * fast.watchTimeoutMs);
    one.publish('chat', 'w', { type: 'progress', text: 'still seen' });
    one.publish('chat', 'w', { type: 'end' });
    expect(await watched).toEqual([
      { type: 'progress', text: 'seen' },
      { type: 'progress', text: 'still seen' },
      { type: 'end' },
    ]);
    expect(sent()).toEqual(['seen', 'still seen']);

    // The watcher left: once its last announcement lapses, the text stays home again.
    await sleep(fast.watchTimeoutMs + 100);
    one.publish('chat', 'w', { type: 'progress', text: 'gone' });
    await sleep(20);
    expect(sent()).toEqual(['seen', 'still seen']);
    await slot!.release();
    await one.close();
    await two.close();
  });

  it('a dead instance lets the lease lapse: watchers elsewhere end as interrupted and the session is free', async () => {
    const ns = `${randomUUID()}:`;
    const [c1, c2] = [connectRedis(redisUrl!), connectRedis(redisUrl!)];
    conns.push(c2);
    const one = createConversationStreamRegistry(c1, silentLogger, ns, fast);
    const two = createConversationStreamRegistry(c2, silentLogger, ns, fast);
    await sleep(200);
    const slot = await one.acquire('chat', 'crash');
    const watched = follow(watchConversation(two, 'chat', 'crash'));
    await sleep(2 * fast.leaseMs); // renewed and heard while the producer lives
    expect(await two.isActive('chat', 'crash')).toBe(true);
    one.publish('chat', 'crash', { type: 'progress', text: 'Par' });
    await sleep(20); // events leave at the end of the event loop's turn

    c1.disconnect(); // the producing instance dies: no renewals, no heartbeats
    const out = await watched;
    expect(out.events).toEqual([{ type: 'progress', text: 'Par' }]);
    expect(out.error).toMatchObject({ message: INTERRUPTED_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    await expect.poll(() => two.isActive('chat', 'crash'), { timeout: 2 * fast.leaseMs }).toBe(false);
    const next = await two.acquire('chat', 'crash'); // a new send (or the sweeper) can take the session
    expect(next).not.toBeNull();
    // The stranded producer noticed it could not renew for a whole lease and stopped itself.
    await expect.poll(() => stopReasonOf(slot!.signal), { timeout: 2 * fast.leaseMs }).toBe('interrupted');
    await next!.release();
    await slot!.release();
    await one.close();
    await two.close();
  });

  it('a producer whose lease was taken over stops at its next renewal', async () => {
    const ns = `${randomUUID()}:`;
    const c = connectRedis(redisUrl!);
    conns.push(c);
    const r = createConversationStreamRegistry(c, silentLogger, ns, fast);
    const slot = await r.acquire('chat', 'stolen');
    await c.set(`chat:${ns}lock:stolen`, 'someone-else', 'PX', 5_000);
    await expect.poll(() => stopReasonOf(slot!.signal), { timeout: 1_000 }).toBe('interrupted');
    await slot!.release(); // compare-and-delete: the other owner's lease stays
    expect(await c.get(`chat:${ns}lock:stolen`)).toBe('someone-else');
    await r.close();
  });
});
