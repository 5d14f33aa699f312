// chat router (SPEC §2 Chat, §4 Chat send, §7 Chat): sessions, messages, send (plain and streamed), search. The
// send path's procedures (send, regenerate, edit, their streamed steps, watch, stop) are send-procedures.ts's.
import { router, proceduresFiledUnder } from '../trpc.js';
import { USAGE_ACTIONS } from '../schemas/admin.js';
import {
  SESSION_NOT_FOUND,
  chatSend,
  chatSendStream,
  createChatSessions,
  searchChats,
} from '../services/chat/index.js';
import { sendProcedures } from '../send-procedures.js';
import {
  chatSessionRefInput,
  createChatSessionInput,
  editChatMessageInput,
  regenerateChatInput,
  renameChatSessionInput,
  searchChatInput,
  sendChatMessageInput,
} from '../schemas/chat.js';

const { protectedProcedure } = proceduresFiledUnder(USAGE_ACTIONS.CHAT_MESSAGE);

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

  ...sendProcedures({
    kind: 'chat',
    notFound: SESSION_NOT_FOUND,
    inputs: {
      sessionRef: chatSessionRefInput,
      send: sendChatMessageInput,
      regenerate: regenerateChatInput,
      edit: editChatMessageInput,
    },
    owned: (db, userId, sessionId) => createChatSessions(db).owned(userId, sessionId),
    sendExtra: () => undefined,
    send: (services, { fileIds: _files, ...p }) => chatSend(services, p),
    stream: (services, { fileIds: _files, ...p }) => chatSendStream(services, { ...p, mode: 'stream' }),
  }),

  search: protectedProcedure.input(searchChatInput).query(async ({ ctx, input }) => ({
    results: await searchChats(ctx.services.db, ctx.user.id, input.query),
  })),
});
