// Sending a chat message: the conversation pipeline (services/conversation/exchange.ts) with the chat store.
// One generator serves the tRPC subscription, the REST SSE route and the non-streaming send; an exchange is
// stored whole or not at all (see exchange.ts for the steps, pending.ts for the undo) — except that an answer
// the user stops after some text is kept, marked stopped. Regenerate and Edit run it with `replace`.
import type { ExchangeDeps } from '../conversation/exchange.js';
import { appError } from '../../errors.js';
import { runExchange } from '../conversation/exchange.js';
import type { UsageCall } from '../usage-log.js';
import type { ExchangeEvent } from '../conversation/store.js';
import { createChatStore, type ChatTypes } from './store.js';
import type { ChatMessageView } from './sessions.js';

export { CANCELLED_MESSAGE, HISTORY_MESSAGES, SEND_IN_PROGRESS_MESSAGE } from '../conversation/exchange.js';

export type ChatStreamEvent = ExchangeEvent<ChatTypes>;

export interface ChatSendParams {
  userId: string;
  sessionId: string;
  message: string;
  /** Client disconnect. */
  signal?: AbortSignal;
  /** 'stream' logs STREAMING_CHAT, 'send' logs CHAT_MESSAGE. */
  mode: 'stream' | 'send';
  endpoint: string;
  /** The procedure call's usage entry (ctx.usageCall): the send annotates it (see runExchange). */
  usageCall?: UsageCall;
  /** Regenerate or Edit: replaces the session's last exchange (see runExchange). */
  replace?: { mode: 'regenerate' | 'edit'; messageId: string };
}

export function chatSendStream(services: ExchangeDeps, p: ChatSendParams): AsyncGenerator<ChatStreamEvent> {
  return runExchange(services, createChatStore(services.db), {
    userId: p.userId,
    sessionId: p.sessionId,
    message: p.message,
    input: undefined,
    signal: p.signal,
    action: p.mode === 'stream' ? 'STREAMING_CHAT' : 'CHAT_MESSAGE',
    endpoint: p.endpoint,
    replace: p.replace,
    usageCall: p.usageCall,
  });
}

/** The non-streaming send: runs the same generator to the end. */
export async function chatSend(services: ExchangeDeps, p: Omit<ChatSendParams, 'mode'>) {
  let userMessage: ChatMessageView | undefined;
  for await (const ev of chatSendStream(services, { ...p, mode: 'send' })) {
    if (ev.type === 'start') userMessage = ev.userMessage;
    if (ev.type === 'complete')
      return { userMessage: userMessage!, message: ev.message, session: ev.session };
  }
  throw appError('INTERNAL_SERVER_ERROR', 'Failed to send message. Please try again.');
}
