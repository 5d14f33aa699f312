// The exchange pipeline's failure paths on a real database: step-by-step clean-up (the reservation is
// released even when another clean-up statement fails), crashed exchanges undone by the sweeper or by the
// session's next send, running ones left alone, and no reservation ever released twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { testConfig } from '../../config.js';
import { createTestUser } from '../../testing/factories.js';
import { createChatSessions } from '../chat/sessions.js';
import { createChatStore, type ChatStore, type ChatTypes } from '../chat/store.js';
import { createServices, type Services } from '../index.js';
import { createOfflineProvider } from '../llm/offline.js';
import type { LlmProvider } from '../llm/types.js';
import { silentLogger } from '../logger.js';
import { runExchange } from './exchange.js';
import type { ExchangeEvent } from './store.js';
import { createStartGate } from './start-gate.js';
import { createConversationStreamRegistry, RESTARTING_MESSAGE } from './streams.js';
import { createExchangeSweeper } from './sweeper.js';

let database: Database;
let services: Services;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-exchange-'));
  services = await createServices(testConfig({ dataDir }), database.prisma, silentLogger);
});
afterAll(async () => {
  await services?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Streams `parts` with a pause; fails at the end when `fail` is set. */
function provider(parts: string[], o: { delayMs?: number; fail?: boolean } = {}): LlmProvider {
  return {
    ...createOfflineProvider({ delayMs: 0 }),
    async *stream(req) {
      for (const p of parts) {
        await new Promise((r) => setTimeout(r, o.delayMs ?? 0));
        if (req.signal?.aborted) throw req.signal.reason;
        yield { type: 'delta', content: p };
      }
      if (o.fail) throw new Error('upstream exploded');
      yield { type: 'usage', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } };
    },
  };
}

async function setup(messageLimit = 10) {
  const { user } = await createTestUser(services.db, { plan: 'pro', messageLimit });
  const session = await createChatSessions(services.db).create(user.id);
  return { userId: user.id, sessionId: session.id };
}

const send = (s: Services, store: ChatStore, ids: { userId: string; sessionId: string }, message: string) =>
  runExchange(s, store, { ...ids, message, input: undefined, action: 'STREAMING_CHAT', endpoint: 'test' });

async function drain(gen: AsyncGenerator<ExchangeEvent<ChatTypes>>) {
  const events: ExchangeEvent<ChatTypes>[] = [];
  try {
    for await (const e of gen) events.push(e);
    return { events, error: undefined };
  } catch (error) {
    return { events, error: error as Error };
  }
}

const used = async (userId: string) => (await services.quota.usage(userId))!.messagesUsed;
const stored = (sessionId: string) =>
  services.db.chatMessage.findMany({ where: { sessionId }, orderBy: { createdAt: 'asc' } });
const pending = (sessionId: string) => services.db.pendingExchange.findMany({ where: { sessionId } });
/** A sweeper of a freshly started instance: its own stream registry, nothing running on it. */
const freshSweeper = () =>
  createExchangeSweeper({
    db: services.db,
    streams: createConversationStreamRegistry(undefined, silentLogger),
    stores: { chat: createChatStore(services.db) },
    log: silentLogger,
  });

describe('the start statement that reserves the message', () => {
  it('a start that fails reserves nothing, leaves nothing and is logged as an error', async () => {
    const ids = await setup();
    const real = createChatStore(services.db);
    // The session is deleted between its read and the start statement, whose session update then changes no row.
    const vanishing: ChatStore = {
      ...real,
      async owned(userId, sessionId) {
        const s = await real.owned(userId, sessionId);
        await services.db.chatSession.delete({ where: { id: sessionId } });
        return s;
      },
    };
    services.llm = provider(['Hello']);
    const { events, error } = await drain(send(services, vanishing, ids, 'Objectives for onboarding'));
    expect(events).toEqual([]);
    expect(error?.message).toBe('Failed to send message. Please try again.');
    expect(await used(ids.userId)).toBe(0);
    expect(await pending(ids.sessionId)).toEqual([]);
    expect(await services.db.chatMessage.count({ where: { sessionId: ids.sessionId } })).toBe(0);
    const logged = await services.db.usageLog.findMany({ where: { userId: ids.userId } });
    expect(logged).toMatchObject([{ status: 'error', usage: 0, action: 'STREAMING_CHAT' }]);
  });

  it('a refused send (quota used up) falls back to the reservation’s own statement: a 402, nothing stored', async () => {
    const ids = await setup(1);
    services.llm = provider(['Hello']);
    expect((await drain(send(services, createChatStore(services.db), ids, 'First'))).error).toBeUndefined();
    const { events, error } = await drain(send(services, createChatStore(services.db), ids, 'Second'));
    expect(events).toEqual([]);
    expect(error).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: expect.stringMatching(/used all messages/),
    });
    expect(await used(ids.userId)).toBe(1);
    expect((await stored(ids.sessionId)).map((m) => m.content)).toEqual(['First', 'Hello']);
    expect(await pending(ids.sessionId)).toEqual([]);
  });
});

describe('clean-up after a failed reply', () => {
  it('releases the reservation first, even when deleting the half exchange fails; the sweeper finishes it', async () => {
    const ids = await setup();
    const real = createChatStore(services.db);
    const broken: ChatStore = {
      ...real,
      deleteMessages: async () => {
        throw new Error('delete failed');
      },
    };
    services.llm = provider(['Hel', 'lo'], { fail: true });
    const { events, error } = await drain(send(services, broken, ids, 'Objectives for onboarding'));
    expect(events.map((e) => e.type)).toEqual(['start', 'content', 'content']);
    expect(error?.message).toBe('Failed to send message. Please try again.');

    expect(await used(ids.userId)).toBe(0); // released although the next statement failed
    const [left] = await pending(ids.sessionId);
    expect(left).toMatchObject({ releasedAt: expect.any(Date) }); // kept for the sweeper
    expect((await stored(ids.sessionId)).map((m) => m.status)).toEqual(['PENDING']);
    // Reads never show it.
    const view = await createChatSessions(services.db).withMessages(ids.userId, ids.sessionId);
    expect(view.messages).toEqual([]);
    expect(view.session.title).toBe('New Chat'); // the session restore still ran

    expect(await freshSweeper().sweep(0)).toBe(1);
    expect(await stored(ids.sessionId)).toEqual([]);
    expect(await pending(ids.sessionId)).toEqual([]);
    expect(await used(ids.userId)).toBe(0); // not released a second time
  });

  it('a completed exchange leaves no record and keeps its message', async () => {
    const ids = await setup();
    services.llm = provider(['An ', 'answer']);
    const { events, error } = await drain(send(services, createChatStore(services.db), ids, 'Hi there'));
    expect(error).toBeUndefined();
    expect(events.at(-1)).toMatchObject({
      type: 'complete',
      session: { messageCount: 2, title: 'Hi there' },
    });
    expect((await stored(ids.sessionId)).map((m) => [m.role, m.status])).toEqual([
      ['user', 'COMPLETE'],
      ['assistant', 'COMPLETE'],
    ]);
    expect(await pending(ids.sessionId)).toEqual([]);
    expect(await used(ids.userId)).toBe(1);
    expect(await freshSweeper().sweep(0)).toBe(0);
  });
});

describe('crashed exchanges', () => {
  /** Starts a send and abandons it after `start`, as a process killed mid-reply would: nothing is cleaned. */
  async function crashAfterStart(ids: { userId: string; sessionId: string }, message: string) {
    services.llm = provider(['never'], { delayMs: 60_000 });
    const gen = send(services, createChatStore(services.db), ids, message);
    expect((await gen.next()).value).toMatchObject({ type: 'start' });
    return gen;
  }

  it('the sweeper leaves a running exchange alone and undoes it once its instance is gone', async () => {
    const ids = await setup();
    const before = await services.db.chatSession.findUniqueOrThrow({ where: { id: ids.sessionId } });
    await crashAfterStart(ids, 'Quiz on GDPR');
    expect(await used(ids.userId)).toBe(1);
    expect((await stored(ids.sessionId)).map((m) => m.status)).toEqual(['PENDING']);

    // This instance still holds the session's slot: the exchange counts as running.
    const sameInstance = createExchangeSweeper({
      db: services.db,
      streams: services.conversationStreams,
      stores: { chat: createChatStore(services.db) },
      log: silentLogger,
    });
    expect(await sameInstance.sweep(0)).toBe(0);
    // Younger than the age limit: left alone as well.
    expect(await freshSweeper().sweep(60_000)).toBe(0);
    expect(await used(ids.userId)).toBe(1);

    // After a restart (a registry without that send) it is undone: message, reservation, title, updatedAt.
    expect(await freshSweeper().sweep(0)).toBe(1);
    expect(await stored(ids.sessionId)).toEqual([]);
    expect(await pending(ids.sessionId)).toEqual([]);
    expect(await used(ids.userId)).toBe(0);
    const after = await services.db.chatSession.findUniqueOrThrow({ where: { id: ids.sessionId } });
    expect({ title: after.title, updatedAt: after.updatedAt }).toEqual({
      title: 'New Chat',
      updatedAt: before.updatedAt,
    });
  });

  it("the session's next send undoes a crashed exchange first (its message of quota comes back)", async () => {
    const ids = await setup(1);
    await crashAfterStart(ids, 'Lost question');
    expect(await used(ids.userId)).toBe(1); // the whole quota is reserved by the crashed exchange
    // The next send, on a restarted instance.
    const restarted: Services = {
      ...services,
      conversationStreams: createConversationStreamRegistry(undefined, silentLogger),
      llm: provider(['Fine']),
    };
    const { error } = await drain(send(restarted, createChatStore(services.db), ids, 'New question'));
    expect(error).toBeUndefined();
    expect((await stored(ids.sessionId)).map((m) => [m.content, m.status])).toEqual([
      ['New question', 'COMPLETE'],
      ['Fine', 'COMPLETE'],
    ]);
    expect(await pending(ids.sessionId)).toEqual([]);
    expect(await used(ids.userId)).toBe(1);
    const s = await services.db.chatSession.findUniqueOrThrow({ where: { id: ids.sessionId } });
    expect(s.title).toBe('New question'); // titled by the exchange that was stored
    await restarted.conversationStreams.close();
  });

  it('an exchange swept while it still ran fails at completion and is not released twice', async () => {
    const ids = await setup();
    services.llm = provider(['a', 'b', 'c'], { delayMs: 150 });
    const gen = send(services, createChatStore(services.db), ids, 'Slow one');
    expect((await gen.next()).value).toMatchObject({ type: 'start' });
    // E.g. its Redis lock was lost: another instance sweeps it.
    expect(await freshSweeper().sweep(0)).toBe(1);
    expect(await used(ids.userId)).toBe(0);
    const { error } = await drain(gen);
    expect(error?.message).toBe('Failed to send message. Please try again.');
    expect(await stored(ids.sessionId)).toEqual([]);
    expect(await pending(ids.sessionId)).toEqual([]);
    expect(await used(ids.userId)).toBe(0);
  });
});

describe('shutdown and the sweep race', () => {
  it('drain ends a running exchange with the restarting error, undone, and refuses new sends with 503', async () => {
    const ids = await setup();
    const instance: Services = {
      ...services,
      conversationStreams: createConversationStreamRegistry(undefined, silentLogger),
      llm: provider(['One ', 'two ', 'three ', 'four'], { delayMs: 100 }),
    };
    const store = createChatStore(services.db);
    const gen = send(instance, store, ids, 'A long answer please');
    expect((await gen.next()).value).toMatchObject({ type: 'start' });
    expect(await used(ids.userId)).toBe(1);
    const rest = drain(gen);
    const left = await instance.conversationStreams.drain(5_000);
    expect(left).toBe(0); // the exchange undid itself and gave its slot back before drain resolved
    const { error } = await rest;
    expect(error).toMatchObject({ message: RESTARTING_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    expect(await used(ids.userId)).toBe(0);
    expect(await stored(ids.sessionId)).toEqual([]);
    expect(await pending(ids.sessionId)).toEqual([]);

    const refused = await drain(send(instance, store, ids, 'Another one'));
    expect(refused.events).toEqual([]);
    expect(refused.error).toMatchObject({ message: RESTARTING_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    expect(await used(ids.userId)).toBe(0);
    await instance.conversationStreams.close();
  });

  it('an exchange that completes between the listing and the claim is left alone by the sweeper', async () => {
    const ids = await setup();
    const instance: Services = {
      ...services,
      conversationStreams: createConversationStreamRegistry(undefined, silentLogger),
      llm: provider(['Done'], { delayMs: 50 }),
    };
    const gen = send(instance, createChatStore(services.db), ids, 'Quick one');
    expect((await gen.next()).value).toMatchObject({ type: 'start' });
    const other = createConversationStreamRegistry(undefined, silentLogger);
    const sweeper = createExchangeSweeper({
      db: services.db,
      // The claim waits until the exchange has completed (its record is gone by then).
      streams: {
        ...other,
        acquire: async (kind, id) => {
          expect((await drain(gen)).error).toBeUndefined();
          return other.acquire(kind, id);
        },
      },
      stores: { chat: createChatStore(services.db) },
      log: silentLogger,
    });
    expect(await sweeper.sweep(0)).toBe(0);
    expect((await stored(ids.sessionId)).map((m) => [m.role, m.status])).toEqual([
      ['user', 'COMPLETE'],
      ['assistant', 'COMPLETE'],
    ]);
    expect(await used(ids.userId)).toBe(1);
    await instance.conversationStreams.close();
    await other.close();
  });
});

describe('starts first (start-gate.ts)', () => {
  /** Services whose stream registry holds streams for up to 10 s while a send starts (so only a start ends a hold). */
  function gated() {
    const starts = createStartGate(10_000);
    const conversationStreams = Object.assign(Object.create(services.conversationStreams), { starts });
    return { s: { ...services, conversationStreams } as Services, starts };
  }
  /** A chat store whose session read waits until `release` is called (or throws when released with an error). */
  function blockedStore() {
    const real = createChatStore(services.db);
    let release!: (err?: Error) => void;
    const gate = new Promise<Error | undefined>((r) => (release = r));
    const store: ChatStore = {
      ...real,
      async owned(userId, sessionId) {
        const err = await gate;
        if (err) throw err;
        return real.owned(userId, sessionId);
      },
    };
    return { store, release };
  }
  const within = <T>(p: Promise<T>, ms: number) =>
    Promise.race([p, new Promise<'pending'>((r) => setTimeout(r, ms, 'pending'))]);

  it('a streaming send pulls no more from its model while another send starts, and goes on once it has', async () => {
    const { s, starts } = gated();
    const pulls: string[] = [];
    s.llm = {
      ...provider([]),
      async *stream() {
        for (const part of ['One ', 'two ', 'three']) {
          pulls.push(part);
          yield { type: 'delta', content: part };
        }
      },
    };
    const a = await setup();
    const streaming = send(s, createChatStore(services.db), a, 'First send');
    expect((await streaming.next()).value).toMatchObject({ type: 'start' });
    expect((await streaming.next()).value).toEqual({ type: 'content', content: 'One ' });

    const b = await setup();
    const blocked = blockedStore();
    const starting = send(s, blocked.store, b, 'Second send');
    const bStart = starting.next();
    await new Promise((r) => setTimeout(r, 10));
    expect(starts.starting()).toBe(1);
    // The first send is held before its next pull while the second one is before its model.
    const next = streaming.next();
    expect(await within(next, 300)).toBe('pending');
    expect(pulls).toEqual(['One ']);
    blocked.release();
    expect((await bStart).value).toMatchObject({ type: 'start' });
    const bRest = drain(starting);
    expect((await within(next, 2_000)) as IteratorResult<unknown>).toMatchObject({
      value: { type: 'content', content: 'two ' },
    });
    const rest = await drain(streaming);
    expect(rest.error).toBeUndefined();
    expect(rest.events.at(-1)).toMatchObject({ type: 'complete' });
    expect((await bRest).error).toBeUndefined();
    expect(starts.starting()).toBe(0);
  });

  it('a send that fails before its model, or whose consumer leaves at its start, no longer holds the others', async () => {
    const { s, starts } = gated();
    s.llm = provider(['Hello']);
    const b = await setup();
    const refused = blockedStore();
    const failing = drain(send(s, refused.store, b, 'Refused'));
    await new Promise((r) => setTimeout(r, 10));
    expect(starts.starting()).toBe(1);
    refused.release(new Error('session lookup failed'));
    expect((await failing).error).toBeDefined();
    expect(starts.starting()).toBe(0);

    const c = await setup();
    const left = send(s, createChatStore(services.db), c, 'Left at start');
    expect((await left.next()).value).toMatchObject({ type: 'start' });
    expect(starts.starting()).toBe(1);
    await left.return(undefined);
    expect(starts.starting()).toBe(0);
    expect(await pending(c.sessionId)).toEqual([]);
  });
});
