// assistant router (SPEC §2 Assistant, §3, §7 Assistant): sessions by type, messages with attached files, send
// (plain and streamed), stop and watch. Files themselves are the files router's (upload is REST-only).
import type { Services } from '../services/container.js';
import { router, proceduresFiledUnder } from '../trpc.js';
import { USAGE_ACTIONS } from '../schemas/admin.js';
import {
  assistantSessionRefInput,
  createAssistantSessionInput,
  editAssistantMessageInput,
  listSessionsSchema,
  regenerateAssistantInput,
  renameAssistantSessionInput,
  sendAssistantMessageInput,
} from '../schemas/assistant.js';
import {
  assertSessionTypeAllowed,
  assistantSend,
  assistantSendStream,
  ASSISTANT_SESSION_NOT_FOUND,
  createAssistantSessions,
  deleteAssistantSession,
} from '../services/assistant/index.js';
import { untilIdle, watchConversation } from '../services/conversation/streams.js';
import {
  claimSendRequest,
  createSendRequest,
  type SendHandoff,
  untilClientGone,
} from '../services/conversation/send-requests.js';
import { sendRequestRefInput } from '../schemas/chat.js';

const { protectedProcedure, sendProcedure } = proceduresFiledUnder(USAGE_ACTIONS.CHAT_MESSAGE);

/** What an assistant send request carries besides its text: its files, or Regenerate/Edit (prepare procedures). */
type AssistantSendExtra =
  { fileIds?: string[]; replace?: { mode: 'regenerate' | 'edit'; messageId: string } } | undefined;

/** Streaming step 1 of any send: the session must be the caller's (404); stores a single-use send request. */
async function prepare(
  ctx: { services: Services; user: { id: string }; sendHandoff?: SendHandoff },
  sessionId: string,
  message: string,
  input?: AssistantSendExtra,
) {
  return createSendRequest(
    ctx.services.db,
    ctx.services.log,
    {
      userId: ctx.user.id,
      kind: 'assistant',
      sessionId,
      message,
      ...(input ? { input } : {}),
    },
    ASSISTANT_SESSION_NOT_FOUND,
    ctx.sendHandoff,
  );
}

export const assistantRouter = router({
  /** {sessions}: most recently updated first; `limit` (default 50; the dashboard asks for 5). */
  // Polled by the web's session list every 10 s: logged only when it fails.
  listSessions: protectedProcedure
    .meta({ quietOnSuccess: true })
    .input(listSessionsSchema)
    .query(async ({ ctx, input }) => ({
      sessions: await createAssistantSessions(ctx.services.db).list(ctx.user.id, input?.limit),
    })),

  /** {session}: title 'New L&D Session' and type LND_COPILOT unless given; 403 PLAN_FEATURE for a gated type. */
  createSession: protectedProcedure.input(createAssistantSessionInput).mutation(async ({ ctx, input }) => {
    await ctx.services.rateLimiter.consume('sessionCreate', ctx.user.id);
    if (input?.sessionType) await assertSessionTypeAllowed(ctx.services, ctx.user.id, input.sessionType);
    return { session: await createAssistantSessions(ctx.services.db).create(ctx.user.id, input ?? {}) };
  }),

  renameSession: protectedProcedure.input(renameAssistantSessionInput).mutation(async ({ ctx, input }) => ({
    session: await createAssistantSessions(ctx.services.db).rename(ctx.user.id, input.sessionId, input.title),
  })),

  /** Deletes the session with its messages and files (stored bytes included) and stops its running reply. */
  deleteSession: protectedProcedure.input(assistantSessionRefInput).mutation(async ({ ctx, input }) => {
    await deleteAssistantSession(ctx.services, ctx.user.id, input.sessionId);
    return { success: true as const };
  }),

  /** {session, messages, generating}: complete messages, oldest first, each with its files. */
  getSession: protectedProcedure.input(assistantSessionRefInput).query(async ({ ctx, input }) => {
    const generating = await ctx.services.conversationStreams.isActive('assistant', input.sessionId);
    const { session, messages } = await createAssistantSessions(ctx.services.db).withMessages(
      ctx.user.id,
      input.sessionId,
      { generating },
    );
    return { session, messages, generating };
  }),

  /** Follows a reply generated elsewhere (another tab or instance): the text so far, then 'end'. */
  watch: sendProcedure.input(assistantSessionRefInput).subscription(async function* ({ ctx, input, signal }) {
    await createAssistantSessions(ctx.services.db).owned(ctx.user.id, input.sessionId);
    yield* watchConversation(
      ctx.services.conversationStreams,
      'assistant',
      input.sessionId,
      signal ?? ctx.clientGone?.(),
    );
  }),

  /** Non-streaming send: {userMessage, assistantMessage, session} once the whole answer is stored. */
  send: sendProcedure.input(sendAssistantMessageInput).mutation(({ ctx, input, signal }) =>
    assistantSend(ctx.services, {
      userId: ctx.user.id,
      sessionId: input.sessionId,
      message: input.message,
      fileIds: input.fileIds,
      signal: signal ?? ctx.clientGone?.(),
      endpoint: ctx.req.endpoint,
      usageCall: ctx.usageCall,
    }),
  ),

  /** Regenerate (non-streaming): the last answer is replaced by a new one (a new message of quota). */
  regenerate: sendProcedure.input(regenerateAssistantInput).mutation(({ ctx, input, signal }) =>
    assistantSend(ctx.services, {
      userId: ctx.user.id,
      sessionId: input.sessionId,
      message: '',
      fileIds: [],
      replace: { mode: 'regenerate', messageId: input.messageId },
      signal: signal ?? ctx.clientGone?.(),
      endpoint: ctx.req.endpoint,
      usageCall: ctx.usageCall,
    }),
  ),

  /** Edit (non-streaming): the last user message is replaced by `message` (keeping its files), answered again. */
  edit: sendProcedure.input(editAssistantMessageInput).mutation(({ ctx, input, signal }) =>
    assistantSend(ctx.services, {
      userId: ctx.user.id,
      sessionId: input.sessionId,
      message: input.message,
      fileIds: [],
      replace: { mode: 'edit', messageId: input.messageId },
      signal: signal ?? ctx.clientGone?.(),
      endpoint: ctx.req.endpoint,
      usageCall: ctx.usageCall,
    }),
  ),

  /** Regenerate, streaming step 1: a send request for `sendStream` that replaces the last answer. */
  prepareRegenerate: sendProcedure
    .input(regenerateAssistantInput)
    .mutation(({ ctx, input }) =>
      prepare(ctx, input.sessionId, '', { replace: { mode: 'regenerate', messageId: input.messageId } }),
    ),

  /** Edit, streaming step 1: a send request for `sendStream` that replaces the last user message. */
  prepareEdit: sendProcedure
    .input(editAssistantMessageInput)
    .mutation(({ ctx, input }) =>
      prepare(ctx, input.sessionId, input.message, { replace: { mode: 'edit', messageId: input.messageId } }),
    ),

  /**
   * Streaming send, step 1: the message and its fileIds in a POST body. Checks the input and the session (404)
   * and stores a single-use send request (about a minute); answers {requestId, expiresAt} for `sendStream`.
   * The plan and the files are checked by the stream, before its first event, as before.
   */
  prepareSend: sendProcedure
    .input(sendAssistantMessageInput)
    .mutation(({ ctx, input }) => prepare(ctx, input.sessionId, input.message, { fileIds: input.fileIds })),

  /**
   * Streaming send, step 2 (SSE via httpSubscriptionLink; its URL carries only the request id): claims the
   * request (404 when unknown, another user's, already claimed or expired), then start → content… → complete.
   * Errors end the stream.
   */
  sendStream: sendProcedure
    .meta({ usageAction: USAGE_ACTIONS.STREAMING_CHAT })
    .input(sendRequestRefInput)
    .subscription(async function* ({ ctx, input, signal }) {
      const request = await claimSendRequest<AssistantSendExtra>(
        ctx.services.db,
        {
          requestId: input.requestId,
          userId: ctx.user.id,
          kind: 'assistant',
        },
        ctx.sendHandoff,
      );
      const clientSignal = signal ?? ctx.clientGone?.();
      yield* untilClientGone(
        assistantSendStream(ctx.services, {
          userId: ctx.user.id,
          sessionId: request.sessionId,
          message: request.message,
          fileIds: request.input?.fileIds ?? [],
          replace: request.input?.replace,
          signal: clientSignal,
          mode: 'stream',
          endpoint: ctx.req.endpoint,
          usageCall: ctx.usageCall,
        }),
        clientSignal,
      );
    }),

  /**
   * Stop: cancels the session's running generation (on any instance). An answer with some text is kept,
   * marked stopped (and charged); with none yet the exchange is discarded. Answers once that is done (at
   * most ~3 s), so the next read shows it.
   */
  stop: sendProcedure.input(assistantSessionRefInput).mutation(async ({ ctx, input }) => {
    await createAssistantSessions(ctx.services.db).owned(ctx.user.id, input.sessionId);
    await ctx.services.conversationStreams.cancel('assistant', input.sessionId);
    await untilIdle(ctx.services.conversationStreams, 'assistant', input.sessionId);
    return { success: true as const };
  }),
});
