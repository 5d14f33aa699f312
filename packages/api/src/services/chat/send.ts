// Sending a chat message. One async generator serves the tRPC subscription, the REST SSE route and the
// non-streaming send, so validation, locking, persistence and accounting are identical everywhere:
//
//  1. session ownership (404) → per-user rate limit (429) → one send per session (409) → quota (402)
//  2. the user message is saved (and the 'New Chat' title replaced) before the model is called
//  3. deltas are streamed; on completion the assistant message is saved and the quota reservation kept
//  4. if the model fails, the client disconnects or Stop is pressed, the exchange is removed entirely
//     (user message deleted, title restored, quota released): an exchange is stored whole or not at all.
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { Services } from '../index.js';
import { appError } from '../../errors.js';
import { CHAT_SYSTEM_PROMPT } from '../llm/system-prompt.js';
import { LlmError, type LlmMessage, type LlmUsage } from '../llm/types.js';
import type { QuotaReservation } from '../quota.js';
import { needsAutoTitle, titleFromMessage } from '../../schemas/chat.js';
import {
  createChatSessions,
  toMessageView,
  toSessionView,
  type ChatMessageView,
  type ChatSessionView,
} from './sessions.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';

const createId = () => `cm${randomUUID().replace(/-/g, '')}`;

export type ChatStreamEvent =
  | { type: 'start'; userMessage: ChatMessageView; session: ChatSessionView }
  | { type: 'content'; content: string }
  | { type: 'complete'; message: ChatMessageView; session: ChatSessionView };

export interface ChatSendParams {
  userId: string;
  sessionId: string;
  message: string;
  /** Client disconnect. */
  signal?: AbortSignal;
  /** 'stream' logs STREAMING_CHAT, 'send' logs CHAT_MESSAGE. */
  mode: 'stream' | 'send';
  endpoint: string;
}

/** Messages of history sent to the model, newest last. */
export const HISTORY_MESSAGES = 20;
const HISTORY_CHARS = 24_000;

/** Watchers (other tabs, other instances) get the text so far at most this often. */
const BROADCAST_EVERY_MS = 100;

export const SEND_IN_PROGRESS_MESSAGE =
  'A reply is still being generated in this chat. Please wait for it to finish.';
export const CANCELLED_MESSAGE = 'Generation cancelled';

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

export async function* chatSendStream(
  services: Services,
  p: ChatSendParams,
): AsyncGenerator<ChatStreamEvent> {
  const { db } = services;
  const sessions = createChatSessions(db);
  const content = p.message.trim();
  const session = await sessions.owned(p.userId, p.sessionId);
  await services.rateLimiter.consume('chatSend', p.userId);
  const slot = await services.conversationStreams.acquire('chat', session.id);
  if (!slot) throw appError('CONFLICT', SEND_IN_PROGRESS_MESSAGE, { appCode: ERROR_CODES.SEND_IN_PROGRESS });

  const action = p.mode === 'stream' ? 'STREAMING_CHAT' : 'CHAT_MESSAGE';
  let reservation: QuotaReservation | undefined;
  let userMessageId: string | undefined;
  let assistantMessageId: string | undefined;
  let titleChanged: { from: string; to: string } | undefined;
  /** The updatedAt this send wrote: an undone exchange puts the old one back if it is still this. */
  let touchedAt: Date | undefined;
  let completed = false;
  let inModel = false;
  let failed: unknown;
  const signal = p.signal ? AbortSignal.any([p.signal, slot.signal]) : slot.signal;
  try {
    // The quota reservation and the history read run together (one round trip less before the first token).
    const [reserved, previousResult] = await Promise.allSettled([
      services.quota.reserve(p.userId),
      db.chatMessage.findMany({
        where: { sessionId: session.id, status: 'COMPLETE' },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: HISTORY_MESSAGES,
        select: { role: true, content: true },
      }),
    ]);
    if (reserved.status === 'rejected') throw reserved.reason;
    const held = reserved.value;
    reservation = held;
    if (previousResult.status === 'rejected') throw previousResult.reason;
    const previous = previousResult.value;
    const history: LlmMessage[] = [];
    let budget = HISTORY_CHARS;
    for (const m of previous) {
      budget -= m.content.length;
      if (budget < 0) break;
      history.unshift({ role: m.role, content: m.content });
    }

    const newTitle = needsAutoTitle(session.title) ? titleFromMessage(content) : undefined;
    if (newTitle) titleChanged = { from: session.title, to: newTitle };
    // Two independent writes (no transaction: a failure below removes the message again).
    const [userMessage, updated] = await Promise.all([
      db.chatMessage.create({ data: { sessionId: session.id, role: 'user', content } }),
      db.chatSession.update({
        where: { id: session.id },
        data: { updatedAt: new Date(), ...(newTitle ? { title: newTitle } : {}) },
      }),
    ]);
    userMessageId = userMessage.id;
    touchedAt = updated.updatedAt;
    yield {
      type: 'start',
      userMessage: toMessageView(userMessage),
      session: toSessionView(updated, session._count.messages + 1),
    };

    let text = '';
    let usage: LlmUsage | undefined;
    inModel = true;
    let lastBroadcast = 0;
    const stream = services.llm.stream({
      messages: [{ role: 'system', content: CHAT_SYSTEM_PROMPT }, ...history, { role: 'user', content }],
      signal,
    });
    for await (const ev of stream) {
      if (signal.aborted) break;
      if (ev.type === 'delta') {
        text += ev.content;
        if (Date.now() - lastBroadcast >= BROADCAST_EVERY_MS) {
          lastBroadcast = Date.now();
          services.conversationStreams.publish('chat', session.id, { type: 'progress', text });
        }
        yield { type: 'content', content: ev.content };
      } else usage = ev.usage;
    }
    if (signal.aborted)
      throw appError('CLIENT_CLOSED_REQUEST', CANCELLED_MESSAGE, { appCode: ERROR_CODES.CANCELLED });
    if (!text.trim())
      throw new LlmError('The AI provider returned an empty answer. Please try again.', 'upstream');

    const assistantId = createId();
    assistantMessageId = assistantId;
    const [assistant, touched] = await Promise.all([
      db.chatMessage.create({
        data: {
          id: assistantId,
          sessionId: session.id,
          role: 'assistant',
          content: text,
          tokensUsed: usage?.totalTokens ?? 0,
          status: 'COMPLETE',
        },
      }),
      db.chatSession.update({ where: { id: session.id }, data: { updatedAt: new Date() } }),
    ]);
    await held.commit();
    completed = true;
    await services.usage.log({
      userId: p.userId,
      action,
      endpoint: p.endpoint,
      usage: 1,
      details: `session ${session.id}; ${assistant.tokensUsed} tokens; ${services.llm.kind}`,
    });
    yield {
      type: 'complete',
      message: toMessageView(assistant),
      session: toSessionView(touched, session._count.messages + 2),
    };
  } catch (err) {
    failed = err;
    if (signal.aborted && !(err instanceof TRPCError && err.code !== 'CLIENT_CLOSED_REQUEST'))
      throw appError('CLIENT_CLOSED_REQUEST', CANCELLED_MESSAGE, { appCode: ERROR_CODES.CANCELLED });
    if (err instanceof TRPCError) throw err;
    services.log.warn({ err, sessionId: session.id }, 'chat reply failed');
    throw failure(err, inModel);
  } finally {
    // Runs on success, on errors and when the consumer stops early (client gone): undo an unfinished exchange.
    if (!completed) {
      try {
        const ids = [userMessageId, assistantMessageId].filter((x): x is string => !!x);
        if (ids.length) await db.chatMessage.deleteMany({ where: { id: { in: ids } } });
        // Title and updatedAt go back to what they were, unless something else changed the session since
        // (a rename, or another update): then the newer state is kept.
        if (touchedAt)
          await db.chatSession.updateMany({
            where: { id: session.id, updatedAt: touchedAt },
            data: {
              updatedAt: session.updatedAt,
              ...(titleChanged ? { title: titleChanged.from } : {}),
            },
          });
        if (titleChanged)
          await db.chatSession.updateMany({
            where: { id: session.id, title: titleChanged.to },
            data: { title: titleChanged.from },
          });
        await reservation?.release();
      } catch (err) {
        services.log.error({ err, sessionId: session.id }, 'chat cleanup failed');
      }
      if (reservation) {
        await services.usage.log({
          userId: p.userId,
          action,
          endpoint: p.endpoint,
          status: signal.aborted ? 'warning' : 'error',
          usage: 0,
          details: signal.aborted
            ? `session ${session.id}; cancelled`
            : `session ${session.id}; ${failed instanceof Error ? failed.message : 'failed'}`,
        });
      }
    }
    await slot.release();
    services.conversationStreams.publish('chat', session.id, { type: 'end' });
  }
}

/** The non-streaming send: runs the same generator to the end. */
export async function chatSend(services: Services, p: Omit<ChatSendParams, 'mode'>) {
  let userMessage: ChatMessageView | undefined;
  for await (const ev of chatSendStream(services, { ...p, mode: 'send' })) {
    if (ev.type === 'start') userMessage = ev.userMessage;
    if (ev.type === 'complete')
      return { userMessage: userMessage!, message: ev.message, session: ev.session };
  }
  throw appError('INTERNAL_SERVER_ERROR', 'Failed to send message. Please try again.');
}
