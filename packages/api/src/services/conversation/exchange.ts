// One exchange (a user message and its answer) of any conversation: one async generator serves chat's
// tRPC subscription, REST SSE route and non-streaming send — and the assistant's — so validation, locking,
// persistence, accounting and clean-up are identical everywhere. The conversation plugs in as a store.
//
//  1. ownership (404) → per-user rate limit (429) → one send per session (409) → quota reservation (402)
//  2. one transaction: the user message (PENDING), the session's new updatedAt/title and the
//     PendingExchange record naming the reserved counter → the `start` event
//  3. deltas are streamed (and broadcast to watchers)
//  4. one transaction: the answer, the user message flipped to COMPLETE, the record deleted (which makes
//     the reservation final) → usage log → afterComplete → the `complete` event
//  5. on failure, Stop or disconnect the exchange is undone step by step (pending.ts: reservation first);
//     after a crash the sweeper (sweeper.ts) does the same from the record.
//  At shutdown (streams.drain()) new sends are refused with 503 SERVER_RESTARTING and running ones end with
//  'The server is restarting, please retry' after the same undo; a lost lease ends them with the interrupted
//  error (streams.ts).
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { Db, Prisma } from '@app/db';
import type { Services } from '../index.js';
import { appError } from '../../errors.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';
import { LlmError, type LlmMessage, type LlmUsage } from '../llm/types.js';
import type { QuotaReservation } from '../quota.js';
import type { UsageAction } from '../usage-log.js';
import {
  pendingOf,
  finishPending,
  recordPending,
  releasePending,
  undoExchange,
  type PendingExchangeRecord,
} from './pending.js';
import { stopReasonOf, streamStoppedError } from './streams.js';
import type {
  ConversationStore,
  ConversationTypes,
  ExchangeEvent,
  HistoryMessage,
  MessageWrites,
} from './store.js';

export const newMessageId = () => `cm${randomUUID().replace(/-/g, '')}`;
const newExchangeId = () => `px${randomUUID().replace(/-/g, '')}`;

/** Messages of history sent to the model, newest last. */
export const HISTORY_MESSAGES = 20;
const HISTORY_CHARS = 24_000;

/** Watchers (other tabs, other instances) get the text so far at most this often. */
const BROADCAST_EVERY_MS = 100;

export const SEND_IN_PROGRESS_MESSAGE =
  'A reply is still being generated in this chat. Please wait for it to finish.';
export const CANCELLED_MESSAGE = 'Generation cancelled';

export interface ExchangeParams<T extends ConversationTypes> {
  userId: string;
  sessionId: string;
  message: string;
  /** What the send carries besides its text (the store's `input` type). */
  input: T['input'];
  /** Client disconnect. */
  signal?: AbortSignal;
  /** The usage-log action of this send (e.g. STREAMING_CHAT or CHAT_MESSAGE). */
  action: UsageAction;
  endpoint: string;
}

function failure(err: unknown, inModel: boolean): TRPCError {
  if (err instanceof TRPCError) return err;
  if (!inModel)
    return appError('INTERNAL_SERVER_ERROR', 'Failed to send message. Please try again.', {
      appCode: ERROR_CODES.SEND_FAILED,
    });
  if (err instanceof LlmError) {
    if (err.kind === 'timeout')
      return appError('TIMEOUT', err.message, { appCode: ERROR_CODES.LLM_TIMEOUT, httpStatus: 504 });
    return appError('INTERNAL_SERVER_ERROR', err.message, {
      appCode: ERROR_CODES.LLM_ERROR,
      httpStatus: 502,
    });
  }
  return appError('INTERNAL_SERVER_ERROR', 'Failed to send message. Please try again.', {
    appCode: ERROR_CODES.LLM_ERROR,
    httpStatus: 502,
  });
}

/** History for the model: newest messages first in, cut at a character budget, returned oldest first. */
function withinBudget(newestFirst: HistoryMessage[]): HistoryMessage[] {
  const history: HistoryMessage[] = [];
  let budget = HISTORY_CHARS;
  for (const m of newestFirst) {
    budget -= m.content.length;
    if (budget < 0) break;
    history.unshift({ role: m.role, content: m.content });
  }
  return history;
}

/** Runs a store's message writes in one transaction with the pipeline's own statements around them. */
async function inTransaction<T extends ConversationTypes>(
  db: Db,
  before: Prisma.PrismaPromise<unknown>[],
  writes: MessageWrites<T>,
  after: Prisma.PrismaPromise<unknown>[] = [],
): Promise<{ message: T['messageRow']; session: T['sessionRow'] }> {
  const results = await db.$transaction([
    ...before,
    writes.message,
    writes.session,
    ...(writes.also ?? []),
    ...after,
  ]);
  return {
    message: results[before.length] as T['messageRow'],
    session: results[before.length + 1] as T['sessionRow'],
  };
}

export async function* runExchange<T extends ConversationTypes>(
  services: Services,
  store: ConversationStore<T>,
  p: ExchangeParams<T>,
): AsyncGenerator<ExchangeEvent<T>> {
  const { db, log } = services;
  const streams = services.conversationStreams;
  const kind = store.kind;
  const content = p.message.trim();
  if (streams.draining) throw streamStoppedError('restarting');
  let session = await store.owned(p.userId, p.sessionId);
  await services.rateLimiter.consume(store.rateLimit, p.userId);
  const slot = await streams.acquire(kind, session.id);
  if (!slot) throw appError('CONFLICT', SEND_IN_PROGRESS_MESSAGE, { appCode: ERROR_CODES.SEND_IN_PROGRESS });

  let reservation: QuotaReservation | undefined;
  /** Set once the start transaction was tried; `recorded` once it committed. */
  let record: PendingExchangeRecord | undefined;
  let recorded = false;
  let completed = false;
  let inModel = false;
  let failed: unknown;
  const signal = p.signal ? AbortSignal.any([p.signal, slot.signal]) : slot.signal;
  try {
    // Exchanges of this session a crash left behind: none can be running while we hold the slot, so they
    // are undone now (their reservations come back before ours is taken). The history read runs alongside.
    const [orphans, previous] = await Promise.allSettled([
      pendingOf(db, kind, session.id),
      store.history(session, HISTORY_MESSAGES),
    ]);
    if (orphans.status === 'rejected')
      log.warn({ err: orphans.reason, sessionId: session.id }, 'pending exchanges lookup failed');
    else if (orphans.value.length) {
      for (const o of orphans.value) await undoExchange(db, store, o, log);
      session = await store.owned(p.userId, session.id);
    }
    if (previous.status === 'rejected') throw previous.reason;
    const history = withinBudget(previous.value);
    const messages: LlmMessage[] = await store.prompt({ session, history, message: content, input: p.input });
    // The reservation comes last, right before the transaction that records it: a crash can then only
    // strand a reservation in that one round trip (the record makes every later one recoverable).
    const held = await services.quota.reserve(p.userId);
    reservation = held;

    const title = store.titleFor(session, content);
    const touchedAt = new Date();
    record = {
      id: newExchangeId(),
      kind,
      sessionId: session.id,
      userMessageId: newMessageId(),
      subscriptionId: held.counter?.subscriptionId ?? null,
      periodStart: held.counter?.periodStart ?? null,
      previousTitle: session.title,
      previousUpdatedAt: session.updatedAt,
      touchedAt,
    };
    const started = await inTransaction(
      db,
      [recordPending(db, record)],
      store.saveUserMessage({
        id: record.userMessageId,
        session,
        content,
        input: p.input,
        touchedAt,
        title,
      }),
    );
    recorded = true;
    yield {
      type: 'start',
      userMessage: store.messageView(started.message),
      session: store.sessionView(started.session, session.messageCount + 1),
    };

    let text = '';
    let usage: LlmUsage | undefined;
    inModel = true;
    let lastBroadcast = 0;
    const profile = store.profile?.(session);
    for await (const ev of services.llm.stream({ messages, signal, profile })) {
      if (signal.aborted) break;
      if (ev.type === 'delta') {
        text += ev.content;
        if (Date.now() - lastBroadcast >= BROADCAST_EVERY_MS) {
          lastBroadcast = Date.now();
          streams.publish(kind, session.id, { type: 'progress', text });
        }
        yield { type: 'content', content: ev.content };
      } else usage = ev.usage;
    }
    if (signal.aborted)
      throw appError('CLIENT_CLOSED_REQUEST', CANCELLED_MESSAGE, { appCode: ERROR_CODES.CANCELLED });
    if (!text.trim())
      throw new LlmError('The AI provider returned an empty answer. Please try again.', 'upstream');

    const tokensUsed = usage?.totalTokens ?? 0;
    const done = await inTransaction(
      db,
      [store.completeUserMessage(record.userMessageId)],
      store.saveAnswer({ id: newMessageId(), session, content: text, tokensUsed }),
      [finishPending(db, record.id)],
    );
    completed = true;
    await held.commit();
    await services.usage.log({
      userId: p.userId,
      action: p.action,
      endpoint: p.endpoint,
      usage: 1,
      details: `session ${session.id}; ${tokensUsed} tokens; ${services.llm.kind}`,
    });
    if (store.afterComplete) {
      try {
        await store.afterComplete({ session, userMessage: started.message, answer: done.message });
      } catch (err) {
        log.warn({ err, kind, sessionId: session.id }, 'after-completion hook failed');
      }
    }
    yield {
      type: 'complete',
      message: store.messageView(done.message),
      session: store.sessionView(done.session, session.messageCount + 2),
    };
  } catch (err) {
    failed = err;
    // Stopped by the registry (shutdown, lost lease): the client is told why, and to retry.
    const stopped = stopReasonOf(slot.signal);
    if (stopped) throw streamStoppedError(stopped);
    if (signal.aborted && !(err instanceof TRPCError && err.code !== 'CLIENT_CLOSED_REQUEST'))
      throw appError('CLIENT_CLOSED_REQUEST', CANCELLED_MESSAGE, { appCode: ERROR_CODES.CANCELLED });
    if (err instanceof TRPCError) throw err;
    log.warn({ err, kind, sessionId: session.id }, `${kind} reply failed`);
    throw failure(err, inModel);
  } finally {
    // Runs on success, on errors and when the consumer stops early (client gone): undo an unfinished exchange.
    if (!completed && reservation) {
      const held = reservation;
      if (record) {
        // From the record: its claim releases the reservation once, whoever gets there first. Without a
        // committed record (the start transaction failed) the reservation is released directly.
        const r = record;
        await undoExchange(db, store, r, log, async () => {
          if (!(await releasePending(db, r.id)) && !recorded) await held.release();
        });
      } else {
        await held.release().catch((err: unknown) => log.error({ err, kind }, 'quota release failed'));
      }
      await services.usage.log({
        userId: p.userId,
        action: p.action,
        endpoint: p.endpoint,
        status: signal.aborted ? 'warning' : 'error',
        usage: 0,
        details: stopReasonOf(slot.signal)
          ? `session ${session.id}; ${stopReasonOf(slot.signal)}`
          : signal.aborted
            ? `session ${session.id}; cancelled`
            : `session ${session.id}; ${failed instanceof Error ? failed.message : 'failed'}`,
      });
    }
    await slot.release();
    streams.publish(kind, session.id, { type: 'end' });
  }
}
