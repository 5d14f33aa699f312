// Issue 17 item 4 on a real database: Stop after some text keeps the partial answer (marked stopped, charged,
// history like any answer); Stop before any text still undoes the exchange; Regenerate and Edit replace the
// last exchange through the same pipeline (a new message of quota), and leave it alone when they fail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { testConfig } from '../../config.js';
import { createTestUser } from '../../testing/factories.js';
import { createChatSessions } from '../chat/sessions.js';
import { searchChats } from '../chat/search.js';
import { createChatStore, type ChatTypes } from '../chat/store.js';
import { createServices, type Services } from '../index.js';
import { createOfflineProvider } from '../llm/offline.js';
import type { LlmMessage, LlmProvider } from '../llm/types.js';
import { silentLogger } from '../logger.js';
import { NOT_LAST_MESSAGE, NOTHING_TO_REPLACE, runExchange, type ExchangeParams } from './exchange.js';
import type { ExchangeEvent } from './store.js';

let database: Database;
let services: Services;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-stop-'));
  services = await createServices(testConfig({ dataDir }), database.prisma, silentLogger);
});
afterAll(async () => {
  await services?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** What the model was asked, per request. */
const asked: LlmMessage[][] = [];
/** Streams `parts` with a pause; fails at the end when `fail` is set. */
function provider(parts: string[], o: { delayMs?: number; fail?: boolean } = {}): LlmProvider {
  return {
    ...createOfflineProvider({ delayMs: 0 }),
    async *stream(req) {
      asked.push(req.messages);
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

type Ids = { userId: string; sessionId: string };
const send = (ids: Ids, message: string, extra: Partial<ExchangeParams<ChatTypes>> = {}) =>
  runExchange(services, createChatStore(services.db), {
    ...ids,
    message,
    input: undefined,
    action: 'STREAMING_CHAT',
    endpoint: 'test',
    ...extra,
  });

async function drain(gen: AsyncGenerator<ExchangeEvent<ChatTypes>>) {
  const events: ExchangeEvent<ChatTypes>[] = [];
  try {
    for await (const e of gen) events.push(e);
    return { events, error: undefined };
  } catch (error) {
    return { events, error: error as Error & { code?: string } };
  }
}

const used = async (userId: string) => (await services.quota.usage(userId))!.messagesUsed;
const view = (ids: Ids) => createChatSessions(services.db).withMessages(ids.userId, ids.sessionId);
const shown = async (ids: Ids) =>
  (await view(ids)).messages.map((m) => [m.role, m.content, m.stopped] as const);
const logs = (userId: string) =>
  services.db.usageLog.findMany({ where: { userId }, orderBy: { timestamp: 'asc' } });

/** Completes one exchange: `question` answered by `answer`. */
async function exchange(ids: Ids, question: string, answer: string) {
  services.llm = provider([answer]);
  const { error } = await drain(send(ids, question));
  expect(error).toBeUndefined();
}

describe('Stop', () => {
  it('after some text keeps the question and the partial answer, marked stopped, charged and logged', async () => {
    const ids = await setup();
    services.llm = provider(['Part one. ', 'Part two. ', 'never'], { delayMs: 30 });
    const gen = send(ids, 'A long answer please');
    const events: ExchangeEvent<ChatTypes>[] = [];
    for await (const e of gen) {
      events.push(e);
      // Stop from the stop procedure (any instance) once two chunks arrived; the consumer keeps listening.
      if (events.filter((x) => x.type === 'content').length === 2)
        await services.conversationStreams.cancel('chat', ids.sessionId);
    }
    const last = events.at(-1);
    expect(last).toMatchObject({
      type: 'complete',
      message: { role: 'assistant', content: 'Part one. Part two. ', stopped: true },
      session: { messageCount: 2 },
    });
    expect(await shown(ids)).toEqual([
      ['user', 'A long answer please', false],
      ['assistant', 'Part one. Part two. ', true],
    ]);
    expect((await view(ids)).session.messageCount).toBe(2);
    expect(await used(ids.userId)).toBe(1);
    expect(await services.db.pendingExchange.count({ where: { sessionId: ids.sessionId } })).toBe(0);
    const [log] = await logs(ids.userId);
    expect(log).toMatchObject({ status: 'success', usage: 1 });
    expect(log!.details).toContain('stopped after 20 characters');
    // A stopped answer is history for the next send, and search finds it.
    await exchange(ids, 'Go on', 'Part three.');
    expect(asked.at(-1)!.map((m) => m.content)).toEqual([
      expect.any(String),
      'A long answer please',
      'Part one. Part two. ',
      'Go on',
    ]);
    expect((await searchChats(services.db, ids.userId, 'Part two')).map((r) => r.role)).toContain(
      'assistant',
    );
    expect(await used(ids.userId)).toBe(2);
  });

  it('a client that goes away after some text keeps it too (the consumer stops at a yield)', async () => {
    const ids = await setup();
    services.llm = provider(['Half ', 'an answer', ' and more'], { delayMs: 20 });
    const client = new AbortController();
    const gen = send(ids, 'Explain spaced repetition', { signal: client.signal });
    expect((await gen.next()).value).toMatchObject({ type: 'start' });
    expect((await gen.next()).value).toMatchObject({ type: 'content', content: 'Half ' });
    client.abort();
    await gen.return(undefined);
    expect(await shown(ids)).toEqual([
      ['user', 'Explain spaced repetition', false],
      ['assistant', 'Half ', true],
    ]);
    expect(await used(ids.userId)).toBe(1);
  });

  it('before any text undoes the exchange as before (nothing stored, nothing charged)', async () => {
    const ids = await setup();
    services.llm = provider(['late'], { delayMs: 300 });
    const client = new AbortController();
    const gen = send(ids, 'Too quick', { signal: client.signal });
    expect((await gen.next()).value).toMatchObject({ type: 'start' });
    setTimeout(() => client.abort(), 20);
    const { error } = await drain(gen);
    expect(error).toMatchObject({ message: 'Generation cancelled' });
    expect(await shown(ids)).toEqual([]);
    expect(await used(ids.userId)).toBe(0);
    expect((await logs(ids.userId))[0]).toMatchObject({ status: 'warning', usage: 0 });
  });

  it('a model failure after some text is still undone (only Stop keeps a partial answer)', async () => {
    const ids = await setup();
    services.llm = provider(['Some ', 'text'], { fail: true });
    const { error } = await drain(send(ids, 'Fail please'));
    expect(error?.message).toBe('Failed to send message. Please try again.');
    expect(await shown(ids)).toEqual([]);
    expect(await used(ids.userId)).toBe(0);
  });
});

describe('Regenerate and Edit', () => {
  it('Regenerate replaces the last answer: same question, history without the old answer, a new message of quota', async () => {
    const ids = await setup();
    await exchange(ids, 'First question', 'First answer');
    await exchange(ids, 'Second question', 'Old answer');
    const old = (await view(ids)).messages.at(-1)!;
    services.llm = provider(['New ', 'answer']);
    const { events, error } = await drain(
      send(ids, '', { replace: { mode: 'regenerate', messageId: old.id } }),
    );
    expect(error).toBeUndefined();
    expect(events[0]).toMatchObject({ type: 'start', userMessage: { content: 'Second question' } });
    expect(events.at(-1)).toMatchObject({ type: 'complete', session: { messageCount: 4 } });
    expect(
      asked
        .at(-1)!
        .slice(1)
        .map((m) => m.content),
    ).toEqual(['First question', 'First answer', 'Second question']);
    expect(await shown(ids)).toEqual([
      ['user', 'First question', false],
      ['assistant', 'First answer', false],
      ['user', 'Second question', false],
      ['assistant', 'New answer', false],
    ]);
    expect(await used(ids.userId)).toBe(3);
  });

  it('Edit replaces the last user message and its answer', async () => {
    const ids = await setup();
    await exchange(ids, 'Objectives for sales onbording', 'Answer about onbording');
    const [question] = (await view(ids)).messages;
    services.llm = provider(['Fixed answer']);
    const { error } = await drain(
      send(ids, 'Objectives for sales onboarding', { replace: { mode: 'edit', messageId: question!.id } }),
    );
    expect(error).toBeUndefined();
    expect(await shown(ids)).toEqual([
      ['user', 'Objectives for sales onboarding', false],
      ['assistant', 'Fixed answer', false],
    ]);
    expect(await used(ids.userId)).toBe(2);
  });

  it('a failed or stopped-before-text replacement leaves the last exchange as it was, uncharged', async () => {
    const ids = await setup();
    await exchange(ids, 'Question', 'Answer');
    const answer = (await view(ids)).messages.at(-1)!;
    services.llm = provider(['x'], { fail: true });
    const failed = await drain(send(ids, '', { replace: { mode: 'regenerate', messageId: answer.id } }));
    expect(failed.error?.message).toBe('Failed to send message. Please try again.');
    expect(await shown(ids)).toEqual([
      ['user', 'Question', false],
      ['assistant', 'Answer', false],
    ]);
    expect(await used(ids.userId)).toBe(1);
  });

  it('a Regenerate stopped after some text replaces the old answer with the stopped one', async () => {
    const ids = await setup();
    await exchange(ids, 'Question', 'Answer');
    const answer = (await view(ids)).messages.at(-1)!;
    services.llm = provider(['Par', 'tial', 'never'], { delayMs: 30 });
    const client = new AbortController();
    const gen = send(ids, '', {
      signal: client.signal,
      replace: { mode: 'regenerate', messageId: answer.id },
    });
    await gen.next();
    await gen.next();
    client.abort();
    await gen.return(undefined);
    expect(await shown(ids)).toEqual([
      ['user', 'Question', false],
      ['assistant', 'Par', true],
    ]);
    expect(await used(ids.userId)).toBe(2);
  });

  it('refuses a stale message id (409) and a conversation without messages (400), charging nothing', async () => {
    const ids = await setup();
    const none = await drain(send(ids, '', { replace: { mode: 'regenerate', messageId: 'cmnothing' } }));
    expect(none.error).toMatchObject({ code: 'BAD_REQUEST', message: NOTHING_TO_REPLACE });
    await exchange(ids, 'One', 'Answer one');
    const [q1, a1] = (await view(ids)).messages;
    await exchange(ids, 'Two', 'Answer two');
    for (const replace of [
      { mode: 'regenerate' as const, messageId: a1!.id }, // not the last answer any more
      { mode: 'edit' as const, messageId: q1!.id }, // not the last user message any more
      { mode: 'regenerate' as const, messageId: q1!.id },
    ]) {
      const r = await drain(send(ids, 'Changed', { replace }));
      expect(r.error).toMatchObject({ code: 'CONFLICT', message: NOT_LAST_MESSAGE });
      expect(r.events).toEqual([]);
    }
    expect(await used(ids.userId)).toBe(2);
    expect((await view(ids)).messages).toHaveLength(4);
  });
});
