// The usage-log writer on its own (a fake database): batches of at most 100 rows in one insert each, written at
// most a second after buffering, a failed batch retried once then dropped with a counter, close() writing what
// is left; call entries annotated by domain `log` calls; entries under the action the procedure declared (which
// procedure declares which: routers/usage-actions.test.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@app/db';
import type { Logger } from './logger.js';
import { createUsageLogger, type UsageRow } from './usage-log.js';

const log = { info: vi.fn(), debug: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;

function fakeDb(fail: (batch: number) => boolean = () => false) {
  const batches: UsageRow[][] = [];
  let n = 0;
  // Stands in for the batch INSERT (usage-log-insert.ts; usage-log.db.test.ts runs the real one).
  const insertRows = vi.fn(async (rows: UsageRow[]) => {
    if (fail(++n)) throw new Error('database unavailable');
    batches.push(rows);
  });
  return { db: {} as unknown as Db, batches, insertRows };
}

const entry = (i: number) => ({
  userId: `u${i}`,
  action: 'BILLING' as const,
  endpoint: 'webhook',
  details: `e${i}`,
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('batching', () => {
  it('writes 100 entries with one multi-row insert, without waiting for the timer', async () => {
    const { db, batches, insertRows } = fakeDb();
    const usage = createUsageLogger(db, log, { flushMs: 60_000, insertRows });
    await Promise.all(Array.from({ length: 100 }, (_, i) => usage.log(entry(i))));
    // The hundredth entry started the write (the timer is a minute away).
    expect(insertRows).toHaveBeenCalledTimes(1);
    await usage.flush(); // waits for the running write; nothing else is pending
    expect(insertRows).toHaveBeenCalledTimes(1);
    expect(batches[0]).toHaveLength(100);
    expect(batches[0]!.map((r) => r.details)).toEqual(Array.from({ length: 100 }, (_, i) => `e${i}`));
    expect(usage.stats()).toMatchObject({ written: 100, dropped: 0, pending: 0 });
  });

  it('writes fewer than 100 entries at most a second after the first, in one insert', async () => {
    vi.useFakeTimers();
    const { db, batches, insertRows } = fakeDb();
    const usage = createUsageLogger(db, log, { flushMs: 1_000, insertRows });
    for (let i = 0; i < 3; i++) await usage.log(entry(i));
    await vi.advanceTimersByTimeAsync(999);
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches.map((b) => b.length)).toEqual([3]);
  });

  it('splits 250 entries into 100, 100 and (a second later) 50', async () => {
    vi.useFakeTimers();
    const { db, batches, insertRows } = fakeDb();
    const usage = createUsageLogger(db, log, { flushMs: 1_000, insertRows });
    for (let i = 0; i < 250; i++) await usage.log(entry(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((b) => b.length)).toEqual([100, 100]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
  });

  it('close() writes everything still buffered', async () => {
    const { db, batches, insertRows } = fakeDb();
    const usage = createUsageLogger(db, log, { flushMs: 60_000, insertRows });
    for (let i = 0; i < 130; i++) await usage.log(entry(i));
    await usage.close();
    expect(batches.flat()).toHaveLength(130);
    expect(usage.stats().pending).toBe(0);
  });
});

describe('write failures', () => {
  it('retries a failed batch once and then writes it', async () => {
    const { db, batches, insertRows } = fakeDb((n) => n === 1);
    const usage = createUsageLogger(db, log, { flushMs: 0, insertRows });
    await usage.log(entry(1));
    expect(insertRows).toHaveBeenCalledTimes(2);
    expect(batches.flat()).toHaveLength(1);
    expect(usage.stats()).toMatchObject({ written: 1, retried: 1, dropped: 0 });
  });

  it('drops a batch that fails twice, counts it, and never throws to the caller', async () => {
    const { db, insertRows } = fakeDb(() => true);
    const usage = createUsageLogger(db, log, { flushMs: 5, insertRows });
    await expect(
      Promise.all(Array.from({ length: 100 }, (_, i) => usage.log(entry(i)))),
    ).resolves.toBeDefined();
    await usage.flush();
    expect(insertRows).toHaveBeenCalledTimes(2);
    expect(usage.stats()).toMatchObject({ written: 0, retried: 1, dropped: 100 });
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ dropped: 100 }), expect.any(String));
  });
});

describe('call entries', () => {
  it('domain log calls inside a call annotate its one entry: action, summed credits, details, worse status', async () => {
    const { db, batches, insertRows } = fakeDb();
    const usage = createUsageLogger(db, log, { flushMs: 0, insertRows });
    const scope = usage.begin({
      procedure: 'chat.send',
      action: 'CHAT_MESSAGE',
      endpoint: '/api/chat/sessions/s1/messages',
      ip: '10.0.0.1',
    })!;
    scope.call.identify('alice');
    await scope.run(async () => {
      await new Promise((r) => setTimeout(r, 1));
      await usage.log({
        userId: 'alice',
        action: 'CHAT_MESSAGE',
        endpoint: 'x',
        usage: 1,
        details: 'session s1',
      });
      await usage.log({
        userId: 'alice',
        action: 'BILLING',
        endpoint: 'x',
        status: 'warning',
        details: 'low',
      });
      // About someone else: an entry of its own.
      await usage.log({
        userId: 'bob',
        action: 'BILLING',
        endpoint: 'webhook',
        details: 'Payment succeeded',
      });
    });
    expect(batches).toHaveLength(1); // bob's
    await scope.finish({ ok: true });
    const [bob, call] = batches.flat();
    expect(bob).toMatchObject({
      userId: 'bob',
      actorId: 'alice',
      procedure: 'chat.send',
      details: 'Payment succeeded',
    });
    expect(call).toMatchObject({
      userId: 'alice',
      actorId: 'alice',
      action: 'CHAT_MESSAGE',
      procedure: 'chat.send',
      endpoint: '/api/chat/sessions/s1/messages',
      ip: '10.0.0.1',
      status: 'warning',
      usage: 1,
      details: 'session s1; low',
    });
    expect(call!.durationMs).toBeGreaterThanOrEqual(1);
  });

  it('a failed call records the error; an admin acting on a user is the actor of an entry about that user', async () => {
    const { db, batches, insertRows } = fakeDb();
    const usage = createUsageLogger(db, log, { flushMs: 0, insertRows });
    const scope = usage.begin({
      procedure: 'admin.updateUser',
      action: 'ADMIN_ACCESS',
      endpoint: '/api/admin/users/u2',
    })!;
    scope.call.identify('admin1');
    scope.call.about('u2');
    await scope.finish({
      ok: false,
      status: 'error',
      details: '409 LAST_ADMIN: At least one admin must remain',
    });
    expect(batches.flat()[0]).toMatchObject({
      userId: 'u2',
      actorId: 'admin1',
      action: 'ADMIN_ACCESS',
      status: 'error',
      details: '409 LAST_ADMIN: At least one admin must remain',
    });
  });

  it('a stream is one entry, finished when it ends; an abandoned one is a warning', async () => {
    const { db, batches, insertRows } = fakeDb();
    const usage = createUsageLogger(db, log, { flushMs: 0, insertRows });
    async function* source() {
      try {
        yield 1;
        yield 2;
        await usage.log({ action: 'STREAMING_CHAT', endpoint: 'x', usage: 1, details: 'done' });
        yield 3;
      } finally {
        await usage.log({ action: 'STREAMING_CHAT', endpoint: 'x', details: 'cleanup' });
      }
    }
    const full = usage.begin({
      procedure: 'chat.sendStream',
      action: 'STREAMING_CHAT',
      endpoint: '/trpc/chat.sendStream',
    })!;
    const seen: number[] = [];
    for await (const v of full.wrapStream(source(), () => ({ ok: false, status: 'error', details: 'x' })))
      seen.push(v);
    expect(seen).toEqual([1, 2, 3]);
    const abandoned = usage.begin({
      procedure: 'chat.sendStream',
      action: 'STREAMING_CHAT',
      endpoint: '/trpc/chat.sendStream',
    })!;
    for await (const v of abandoned.wrapStream(source(), () => ({
      ok: false,
      status: 'error',
      details: 'x',
    }))) {
      if (v === 1) break;
    }
    expect(batches.flat().map((r) => [r.action, r.status, r.usage, r.details])).toEqual([
      ['STREAMING_CHAT', 'success', 1, 'done; cleanup'],
      ['STREAMING_CHAT', 'warning', 0, 'cleanup; stream closed by the client'],
    ]);
  });

  it('quiet polls are logged only when they fail; system procedures never', async () => {
    const { db, batches, insertRows } = fakeDb();
    const usage = createUsageLogger(db, log, { flushMs: 0, insertRows });
    expect(usage.begin({ procedure: 'system.health', action: null, endpoint: '/api/health' })).toBeNull();
    const poll = {
      procedure: 'chat.listSessions',
      action: 'CHAT_MESSAGE',
      quietOnSuccess: true,
      endpoint: '/api/chat/sessions',
    };
    await usage.begin(poll)!.finish({ ok: true });
    expect(batches).toHaveLength(0);
    await usage
      .begin(poll)!
      .finish({ ok: false, status: 'error', details: '401 UNAUTHORIZED: Not authenticated' });
    expect(batches.flat()).toHaveLength(1);
    // The profile read of every page load is not a sign-in.
    await usage
      .begin({ procedure: 'auth.me', action: 'USER_LOGIN', quietOnSuccess: true, endpoint: '/api/auth/me' })!
      .finish({ ok: true });
    expect(batches.flat()).toHaveLength(1);
    await usage
      .begin({ procedure: 'auth.login', action: 'USER_LOGIN', endpoint: '/api/auth/login' })!
      .finish({ ok: true });
    expect(batches.flat()).toHaveLength(2);
  });

  it('a query is not the current call (it logs nothing); AsyncLocalStorage is off while no other call is open', async () => {
    // Node 20 makes every promise pay async hooks while an AsyncLocalStorage is enabled.
    const runs = vi.spyOn(AsyncLocalStorage.prototype, 'run');
    const disables = vi.spyOn(AsyncLocalStorage.prototype, 'disable');
    try {
      const { db, batches, insertRows } = fakeDb();
      const usage = createUsageLogger(db, log, { flushMs: 0, insertRows });
      const query = usage.begin({
        procedure: 'chat.getSession',
        action: 'CHAT_MESSAGE',
        endpoint: '/api/chat/sessions/s1',
        type: 'query',
      })!;
      expect(await query.run(async () => usage.current())).toBeUndefined();
      expect(runs).not.toHaveBeenCalled();

      const a = usage.begin({
        procedure: 'chat.send',
        action: 'CHAT_MESSAGE',
        endpoint: 'a',
        type: 'mutation',
      })!;
      const b = usage.begin({
        procedure: 'chat.sendStream',
        action: 'STREAMING_CHAT',
        endpoint: 'b',
        type: 'subscription',
      })!;
      expect(await a.run(async () => usage.current())).toBe(a.call);
      await b.run(async () => {
        await usage.log({ action: 'CHAT_MESSAGE', endpoint: 'b', details: 'annotated' });
      });
      await a.finish({ ok: true });
      expect(disables).not.toHaveBeenCalled(); // b is still open
      await b.finish({ ok: true });
      expect(disables).toHaveBeenCalledTimes(1);
      // Enabled again by the next call that runs.
      const c = usage.begin({ procedure: 'chat.send', action: 'CHAT_MESSAGE', endpoint: 'c' })!;
      expect(await c.run(async () => usage.current())).toBe(c.call);
      await c.finish({ ok: true });
      expect(disables).toHaveBeenCalledTimes(2);
      await query.finish({ ok: true });
      expect(batches.flat().map((r) => [r.endpoint, r.details])).toEqual([
        ['a', null],
        ['b', 'annotated'],
        ['c', null],
        ['/api/chat/sessions/s1', null],
      ]);
    } finally {
      runs.mockRestore();
      disables.mockRestore();
    }
  });

  it('an explicit call is annotated through the entry it hands over, without AsyncLocalStorage', async () => {
    const runs = vi.spyOn(AsyncLocalStorage.prototype, 'run');
    try {
      const { db, batches, insertRows } = fakeDb();
      const usage = createUsageLogger(db, log, { flushMs: 0, insertRows });
      const scope = usage.begin({
        procedure: 'chat.sendStream',
        action: 'STREAMING_CHAT',
        endpoint: 'x',
        type: 'subscription',
        explicit: true,
      })!;
      scope.call.identify('u1');
      await scope.run(async () => {
        expect(usage.current()).toBeUndefined();
        await usage.log({ action: 'STREAMING_CHAT', endpoint: 'x', usage: 1, details: 'handed' }, scope.call);
      });
      expect(runs).not.toHaveBeenCalled();
      await scope.finish({ ok: true });
      // After the entry is finished, the same call names the actor of an entry of its own.
      await usage.log({ action: 'STREAMING_CHAT', endpoint: 'x', details: 'late' }, scope.call);
      expect(batches.flat().map((r) => [r.procedure, r.usage, r.details, r.actorId])).toEqual([
        ['chat.sendStream', 1, 'handed', 'u1'],
        ['chat.sendStream', 0, 'late', 'u1'],
      ]);
    } finally {
      runs.mockRestore();
    }
  });

  it('a stream abandoned before it began is logged as closed by the client, and its scope closes', async () => {
    const disables = vi.spyOn(AsyncLocalStorage.prototype, 'disable');
    try {
      const { db, batches, insertRows } = fakeDb();
      const usage = createUsageLogger(db, log, { flushMs: 0, insertRows });
      let cleaned = 0;
      const source: AsyncIterable<number> = {
        [Symbol.asyncIterator]: () => ({
          next: async () => ({ done: false, value: 1 }),
          return: async () => {
            cleaned++;
            return { done: true, value: undefined };
          },
        }),
      };
      const scope = usage.begin({
        procedure: 'chat.sendStream',
        action: 'STREAMING_CHAT',
        endpoint: 'x',
        type: 'subscription',
      })!;
      await scope.run(async () => undefined); // the middleware's call of the procedure
      const stream = scope.wrapStream(source, () => ({ ok: false, status: 'error', details: 'x' }));
      expect(await stream.return(undefined)).toEqual({ done: true, value: undefined });
      expect(cleaned).toBe(1);
      expect(batches.flat().map((r) => [r.status, r.details])).toEqual([
        ['warning', 'stream closed by the client'],
      ]);
      expect(disables).toHaveBeenCalledTimes(1);
      expect(await stream.next()).toEqual({ done: true, value: undefined });
    } finally {
      disables.mockRestore();
    }
  });

  it('strips NUL characters, which PostgreSQL cannot store', async () => {
    const { db, batches, insertRows } = fakeDb();
    const usage = createUsageLogger(db, log, { flushMs: 0, insertRows });
    await usage.log({ action: 'BILLING', endpoint: 'webhook', details: 'a\u0000b' });
    expect(batches.flat()[0]!.details).toBe('a\uFFFDb');
  });
});
