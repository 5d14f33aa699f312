// chat router (SPEC §2 Chat, §4 Chat send, §7 Chat): sessions, messages, send (plain and streamed), search.
import type { Services } from '../services/container.js';
import { router, proceduresFiledUnder } from '../trpc.js';
import { USAGE_ACTIONS } from '../schemas/admin.js';
import {
  SESSION_NOT_FOUND,
  chatSend,
  chatSendStream,
  createChatSessions,
  searchChats,
} from '../services/chat/index.js';
import { untilIdle, watchConversation } from '../services/conversation/streams.js';
import {
  claimSendRequest,
  createSendRequest,
  type SendHandoff,
  untilClientGone,
} from '../services/conversation/send-requests.js';
import {
  chatSessionRefInput,
  createChatSessionInput,
  editChatMessageInput,
  regenerateChatInput,
  renameChatSessionInput,
  searchChatInput,
  sendChatMessageInput,
  sendRequestRefInput,
} from '../schemas/chat.js';

const { protectedProcedure, sendProcedure } = proceduresFiledUnder(USAGE_ACTIONS.CHAT_MESSAGE);

/** What a chat send request carries besides its text: Regenerate or Edit (set by the prepare procedures). */
type ChatSendExtra = { replace?: { mode: 'regenerate' | 'edit'; messageId: string } } | undefined;

/** Streaming step 1 of any send: the session must be the caller's (404); stores a single-use send request. */
async function prepare(
  ctx: { services: Services; user: { id: string }; sendHandoff?: SendHandoff },
  sessionId: string,
  message: string,
  input?: ChatSendExtra,
) {
  return createSendRequest(
    ctx.services.db,
    ctx.services.log,
    {
      userId: ctx.user.id,
      kind: 'chat',
      sessionId,
      message,
      ...(input ? { input } : {}),
    },
    SESSION_NOT_FOUND,
    ctx.sendHandoff,
  );
}

export const chatRouter = router({
  // Polled by the web's session list every 10 s: logged only when it fails.
  listSessions: protectedProcedure.meta({ quietOnSuccess: true }).query(async ({ ctx }) => ({
    sessions: await createChatSessions(ctx.services.db).list(ctx.user.id),
  })),

  createSession: protectedProcedure.input(createChatSessionInput).mutation(async ({ ctx, input }) => {
    await ctx.services.rateLimiter.consume('sessionCreate', ctx.user.id);
    return { session: await createChatSessions(ctx.services.db).create(ctx.user.id, input?.title) };
  }),

  renameSession: protectedProcedure.input(renameChatSessionInput).mutation(async ({ ctx, input }) => ({
    session: await createChatSessions(ctx.services.db).rename(ctx.user.id, input.sessionId, input.title),
  })),

  deleteSession: protectedProcedure.input(chatSessionRefInput).mutation(async ({ ctx, input }) => {
    await createChatSessions(ctx.services.db).remove(ctx.user.id, input.sessionId);
    await ctx.services.conversationStreams.cancel('chat', input.sessionId);
    return { success: true as const };
  }),

  /** {session, messages} (complete messages, oldest first). */
  getSession: protectedProcedure.input(chatSessionRefInput).query(async ({ ctx, input }) => {
    /** A reply is being generated right now (in another tab, or on another instance). */
    const generating = await ctx.services.conversationStreams.isActive('chat', input.sessionId);
    const { session, messages } = await createChatSessions(ctx.services.db).withMessages(
      ctx.user.id,
      input.sessionId,
      { generating },
    );
    return { session, messages, generating };
  }),

  /** Follows a reply generated elsewhere (another tab or instance): the text so far, then 'end'. */
  watch: sendProcedure.input(chatSessionRefInput).subscription(async function* ({ ctx, input, signal }) {
    await createChatSessions(ctx.services.db).owned(ctx.user.id, input.sessionId);
    yield* watchConversation(
      ctx.services.conversationStreams,
      'chat',
      input.sessionId,
      signal ?? ctx.clientGone?.(),
    );
  }),

  /** Non-streaming send: {userMessage, message, session} once the whole answer is stored. */
  send: sendProcedure.input(sendChatMessageInput).mutation(({ ctx, input, signal }) =>
    chatSend(ctx.services, {
      userId: ctx.user.id,
      sessionId: input.sessionId,
      message: input.message,
      signal: signal ?? ctx.clientGone?.(),
      endpoint: ctx.req.endpoint,
      usageCall: ctx.usageCall,
    }),
  ),

  /** Regenerate (non-streaming): the last answer is replaced by a new one (a new message of quota). */
  regenerate: sendProcedure.input(regenerateChatInput).mutation(({ ctx, input, signal }) =>
    chatSend(ctx.services, {
      userId: ctx.user.id,
      sessionId: input.sessionId,
      message: '',
      replace: { mode: 'regenerate', messageId: input.messageId },
      signal: signal ?? ctx.clientGone?.(),
      endpoint: ctx.req.endpoint,
      usageCall: ctx.usageCall,
    }),
  ),

  /** Edit (non-streaming): the last user message is replaced by `message` and answered again. */
  edit: sendProcedure.input(editChatMessageInput).mutation(({ ctx, input, signal }) =>
    chatSend(ctx.services, {
      userId: ctx.user.id,
      sessionId: input.sessionId,
      message: input.message,
      replace: { mode: 'edit', messageId: input.messageId },
      signal: signal ?? ctx.clientGone?.(),
      endpoint: ctx.req.endpoint,
      usageCall: ctx.usageCall,
    }),
  ),

  /** Regenerate, streaming step 1: a send request for `sendStream` that replaces the last answer. */
  prepareRegenerate: sendProcedure
    .input(regenerateChatInput)
    .mutation(({ ctx, input }) =>
      prepare(ctx, input.sessionId, '', { replace: { mode: 'regenerate', messageId: input.messageId } }),
    ),

  /** Edit, streaming step 1: a send request for `sendStream` that replaces the last user message. */
  prepareEdit: sendProcedure
    .input(editChatMessageInput)
    .mutation(({ ctx, input }) =>
      prepare(ctx, input.sessionId, input.message, { replace: { mode: 'edit', messageId: input.messageId } }),
    ),

  /**
   * Streaming send, step 1: the message in a POST body. Checks the input and the session (404) and stores a
   * single-use send request (about a minute); answers {requestId, expiresAt} for `sendStream`.
   */
  prepareSend: sendProcedure
    .input(sendChatMessageInput)
    .mutation(({ ctx, input }) => prepare(ctx, input.sessionId, input.message)),

  /**
   * Streaming send, step 2 (SSE via httpSubscriptionLink; its URL carries only the request id): claims the
   * request (404 when unknown, another user's, already claimed or expired), then start → content… → complete.
   * Errors end the stream. The subscription's own signal fires when the client unsubscribes (Stop) or
   * disconnects.
   */
  sendStream: sendProcedure
    .meta({ usageAction: USAGE_ACTIONS.STREAMING_CHAT })
    .input(sendRequestRefInput)
    .subscription(async function* ({ ctx, input, signal }) {
      const request = await claimSendRequest<ChatSendExtra>(
        ctx.services.db,
        {
          requestId: input.requestId,
          userId: ctx.user.id,
          kind: 'chat',
        },
        ctx.sendHandoff,
      );
      const clientSignal = signal ?? ctx.clientGone?.();
      yield* untilClientGone(
        chatSendStream(ctx.services, {
          userId: ctx.user.id,
          sessionId: request.sessionId,
          message: request.message,
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
  stop: sendProcedure.input(chatSessionRefInput).mutation(async ({ ctx, input }) => {
    await createChatSessions(ctx.services.db).owned(ctx.user.id, input.sessionId);
    await ctx.services.conversationStreams.cancel('chat', input.sessionId);
    await untilIdle(ctx.services.conversationStreams, 'chat', input.sessionId);
    return { success: true as const };
  }),

  search: protectedProcedure.input(searchChatInput).query(async ({ ctx, input }) => ({
    results: await searchChats(ctx.services.db, ctx.user.id, input.query),
  })),
});
