// Sending an assistant message: the conversation pipeline (services/conversation/exchange.ts) with the
// assistant store. One generator serves the tRPC subscription, the REST SSE route and the non-streaming send.
// Before the pipeline's own checks (ownership 404 → rate limit 429 → one send per session 409 → quota 402)
// it checks what only the assistant has: the session type's plan (403 PLAN_FEATURE) and the attached files
// (404 unless they are this session's). All of it happens before the first event, so the REST stream route
// can still answer a plain JSON error.
import type { Db } from '@app/db';
import type { Services } from '../container.js';
import type { ExchangeDeps } from '../conversation/exchange.js';

/** An assistant send: an exchange, plus the plan's features and the files' storage. */
type AssistantSendDeps = ExchangeDeps & Pick<Services, 'billing' | 'storage'>;
import { appError, notFound } from '../../errors.js';
import { lastExchangeOf, runExchange } from '../conversation/exchange.js';
import type { UsageCall } from '../usage-log.js';
import type { ExchangeEvent } from '../conversation/store.js';
import { FILE_NOT_FOUND } from '../files/service.js';
import { assertKindAllowed, assertSessionTypeAllowed } from '../entitlements/index.js';
import { detectSessionArtifactRequest } from './artifact-answer.js';
import type { AssistantMessageView } from './sessions.js';
import { createAssistantStore, type AssistantTypes } from './store.js';

export type AssistantStreamEvent = ExchangeEvent<AssistantTypes>;

export interface AssistantSendParams {
  userId: string;
  sessionId: string;
  message: string;
  /** Files sent with the message (ids of this session's files). */
  fileIds: string[];
  /** Client disconnect. */
  signal?: AbortSignal;
  /** 'stream' logs STREAMING_CHAT, 'send' logs CHAT_MESSAGE. */
  mode: 'stream' | 'send';
  endpoint: string;
  /** The procedure call's usage entry (ctx.usageCall): the send annotates it (see runExchange). */
  usageCall?: UsageCall;
  /**
   * Regenerate or Edit: replaces the session's last exchange (see runExchange). The user message's files go
   * with the new one (`fileIds` is ignored); Regenerate sends its text again.
   */
  replace?: { mode: 'regenerate' | 'edit'; messageId: string };
}

/** The files of a send: all must be this session's and user's (else 404); returns the ones to attach. */
export async function attachableFiles(
  db: Db,
  userId: string,
  sessionId: string,
  fileIds: string[],
): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await db.sessionFile.findMany({
    where: { id: { in: fileIds }, sessionId, userId },
    select: { id: true, messageId: true },
  });
  if (rows.length !== new Set(fileIds).size) throw notFound(FILE_NOT_FOUND);
  // A file already sent with an earlier message stays on it; it is still used as context now.
  return rows.filter((r) => r.messageId === null).map((r) => r.id);
}

export async function* assistantSendStream(
  services: AssistantSendDeps,
  p: AssistantSendParams,
): AsyncGenerator<AssistantStreamEvent> {
  const store = createAssistantStore(services);
  const session = await store.owned(p.userId, p.sessionId);
  await assertSessionTypeAllowed(services, p.userId, session.sessionType);
  // Regenerate/Edit: the exchange read here decides the text, files and artifact checked below; the pipeline
  // checks again under the session's send slot (409 if it is no longer the last).
  const last = p.replace ? await lastExchangeOf(store, session, p.replace) : undefined;
  const message = last && p.replace?.mode === 'regenerate' ? last.content : p.message;
  // An artifact the plan does not include is refused here, before the quota is reserved.
  // With a model, one small call decides the kind (the rules when it fails).
  const artifact = await detectSessionArtifactRequest(
    services.db,
    session,
    message,
    undefined,
    last?.messageIds,
    {
      llm: services.llm,
      signal: p.signal,
      onError: (err) => services.log.warn({ err }, 'intent call failed; the rules decide'),
    },
  );
  if (artifact) await assertKindAllowed(services, p.userId, artifact.kind);
  const input = last
    ? { ...last.input, artifact }
    : {
        fileIds: p.fileIds,
        attach: await attachableFiles(services.db, p.userId, session.id, p.fileIds),
        artifact,
      };
  yield* runExchange(services, store, {
    userId: p.userId,
    sessionId: session.id,
    message,
    input,
    replace: p.replace,
    signal: p.signal,
    action: p.mode === 'stream' ? 'STREAMING_CHAT' : 'CHAT_MESSAGE',
    endpoint: p.endpoint,
    usageCall: p.usageCall,
  });
}

/** The non-streaming send: runs the same generator to the end. */
export async function assistantSend(services: AssistantSendDeps, p: Omit<AssistantSendParams, 'mode'>) {
  let userMessage: AssistantMessageView | undefined;
  for await (const ev of assistantSendStream(services, { ...p, mode: 'send' })) {
    if (ev.type === 'start') userMessage = ev.userMessage;
    if (ev.type === 'complete')
      return { userMessage: userMessage!, assistantMessage: ev.message, session: ev.session };
  }
  throw appError('INTERNAL_SERVER_ERROR', 'Failed to send message. Please try again.');
}
