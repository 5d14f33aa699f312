// assistant router (SPEC §2 Assistant, §3, §7 Assistant): sessions by type, messages with attached files, send
// (plain and streamed), stop and watch — the send path's procedures are send-procedures.ts's, shared with chat.
// Files themselves are the files router's (upload is REST-only).
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
import { sendProcedures } from '../send-procedures.js';

const { protectedProcedure } = proceduresFiledUnder(USAGE_ACTIONS.CHAT_MESSAGE);

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

  ...sendProcedures({
    kind: 'assistant',
    notFound: ASSISTANT_SESSION_NOT_FOUND,
    inputs: {
      sessionRef: assistantSessionRefInput,
      send: sendAssistantMessageInput,
      regenerate: regenerateAssistantInput,
      edit: editAssistantMessageInput,
    },
    owned: (db, userId, sessionId) => createAssistantSessions(db).owned(userId, sessionId),
    sendExtra: (input) => ({ fileIds: input.fileIds }),
    send: assistantSend,
    stream: (services, p) => assistantSendStream(services, { ...p, mode: 'stream' }),
  }),
});
