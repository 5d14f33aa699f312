// chat router (SPEC §2 Chat, §4 Chat send, §7 Chat): sessions, messages, send (plain and streamed), search.
import { router, protectedProcedure } from '../trpc.js';
import { chatSend, chatSendStream, createChatSessions, searchChats } from '../services/chat/index.js';
import { watchConversation } from '../services/conversation/streams.js';
import {
  claimSendRequest,
  createSendRequest,
  untilClientGone,
} from '../services/conversation/send-requests.js';
import {
  chatSessionRefInput,
  createChatSessionInput,
  renameChatSessionInput,
  searchChatInput,
  sendChatMessageInput,
  sendRequestRefInput,
} from '../schemas/chat.js';

export const chatRouter = router({
  listSessions: protectedProcedure.query(async ({ ctx }) => ({
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
  watch: protectedProcedure.input(chatSessionRefInput).subscription(async function* ({ ctx, input, signal }) {
    await createChatSessions(ctx.services.db).owned(ctx.user.id, input.sessionId);
    yield* watchConversation(ctx.services.conversationStreams, 'chat', input.sessionId, signal ?? ctx.signal);
  }),

  /** Non-streaming send: {userMessage, message, session} once the whole answer is stored. */
  send: protectedProcedure.input(sendChatMessageInput).mutation(({ ctx, input, signal }) =>
    chatSend(ctx.services, {
      userId: ctx.user.id,
      sessionId: input.sessionId,
      message: input.message,
      signal: signal ?? ctx.signal,
      endpoint: ctx.req.endpoint,
    }),
  ),

  /**
   * Streaming send, step 1: the message in a POST body. Checks the input and the session (404) and stores a
   * single-use send request (about a minute); answers {requestId, expiresAt} for `sendStream`.
   */
  prepareSend: protectedProcedure.input(sendChatMessageInput).mutation(async ({ ctx, input }) => {
    await createChatSessions(ctx.services.db).owned(ctx.user.id, input.sessionId);
    return createSendRequest(ctx.services.db, ctx.services.log, {
      userId: ctx.user.id,
      kind: 'chat',
      sessionId: input.sessionId,
      message: input.message,
    });
  }),

  /**
   * Streaming send, step 2 (SSE via httpSubscriptionLink; its URL carries only the request id): claims the
   * request (404 when unknown, another user's, already claimed or expired), then start → content… → complete.
   * Errors end the stream. The subscription's own signal fires when the client unsubscribes (Stop) or
   * disconnects.
   */
  sendStream: protectedProcedure.input(sendRequestRefInput).subscription(async function* ({
    ctx,
    input,
    signal,
  }) {
    const request = await claimSendRequest(ctx.services.db, {
      requestId: input.requestId,
      userId: ctx.user.id,
      kind: 'chat',
    });
    const clientSignal = signal ?? ctx.signal;
    yield* untilClientGone(
      chatSendStream(ctx.services, {
        userId: ctx.user.id,
        sessionId: request.sessionId,
        message: request.message,
        signal: clientSignal,
        mode: 'stream',
        endpoint: ctx.req.endpoint,
      }),
      clientSignal,
    );
  }),

  /** Stop: cancels the session's running generation (on any instance); the exchange is discarded. */
  stop: protectedProcedure.input(chatSessionRefInput).mutation(async ({ ctx, input }) => {
    await createChatSessions(ctx.services.db).owned(ctx.user.id, input.sessionId);
    await ctx.services.conversationStreams.cancel('chat', input.sessionId);
    return { success: true as const };
  }),

  search: protectedProcedure.input(searchChatInput).query(async ({ ctx, input }) => ({
    results: await searchChats(ctx.services.db, ctx.user.id, input.query),
  })),
});
