// The assistant as a conversation store: AssistantSession/AssistantMessage, a system prompt per session type
// (prompts.ts), the session's file passages from retrieval (services/files/retrieval.ts), the session type as
// the model request's profile hint, and files attached to the user message. The exchange pipeline
// (services/conversation/exchange.ts) does everything else: ownership, rate limit, one send per session,
// quota, the crash-safe exchange, Stop and watchers.
import type { AssistantMessageModel, AssistantSessionModel, Db } from '@app/db';
import { titleFromMessage } from '../../schemas/chat.js';
import { DEFAULT_ASSISTANT_TITLE, type AssistantSessionType } from '../../schemas/assistant.js';
import type { ConversationStore, ConversationTypes } from '../conversation/store.js';
import { retrieveFileContext } from '../files/retrieval.js';
import type { LlmImage, LlmMessage } from '../llm/types.js';
import type { Storage } from '../storage/types.js';
import { systemPromptFor } from './prompts.js';
import {
  createAssistantSessions,
  messageFiles,
  toAssistantMessageView,
  toAssistantSessionView,
  type AssistantMessageView,
  type AssistantSessionView,
} from './sessions.js';

/** Tokens (≈4 characters each) the session's file passages may take in a prompt. */
export const FILE_CONTEXT_TOKENS = 6000;

/**
 * Messages of history an SME walkthrough session sends (other types: the pipeline's 20). Its state — mode,
 * answered areas, the simulation's persona — is derived from the conversation, so a practice interview of a
 * dozen questions must still reach back to the message that started it (the pipeline's character budget
 * still applies).
 */
export const SME_HISTORY_MESSAGES = 60;

/** What a send carries besides its text. */
export interface AssistantSendInput {
  /** The files sent with the message (this session's and user's; checked before the exchange starts). */
  fileIds: string[];
  /** Those of them not yet attached to a message: they are attached to this user message. */
  attach: string[];
}

export interface AssistantTypes extends ConversationTypes {
  session: {
    id: string;
    userId: string;
    title: string;
    sessionType: AssistantSessionType;
    createdAt: Date;
    updatedAt: Date;
    messageCount: number;
  };
  messageRow: AssistantMessageModel & { files: Parameters<typeof toAssistantMessageView>[0]['files'] };
  sessionRow: AssistantSessionModel;
  messageView: AssistantMessageView;
  sessionView: AssistantSessionView;
  input: AssistantSendInput;
}

export type AssistantStore = ConversationStore<AssistantTypes>;

const needsAutoTitle = (title: string) => !title.trim() || title.trim() === DEFAULT_ASSISTANT_TITLE;

/**
 * The model's messages: the type's system prompt, the file context (system), the history, and the user's
 * message carrying the images attached to it. Retrieval hands images over as a user message of their own;
 * they are folded into the user's message (and their names into the context) so the conversation keeps
 * strictly alternating turns — the offline logic replays user turns to know where an SME session stands.
 */
export function assemblePrompt(a: {
  system: string;
  context: LlmMessage[];
  history: LlmMessage[];
  message: string;
}): LlmMessage[] {
  const images: LlmImage[] = [];
  const context: LlmMessage[] = [];
  for (const m of a.context) {
    if (m.role === 'system') context.push(m);
    else {
      images.push(...(m.images ?? []));
      context.push({ role: 'system', content: m.content });
    }
  }
  return [
    { role: 'system', content: a.system },
    ...context,
    ...a.history,
    { role: 'user', content: a.message, ...(images.length ? { images } : {}) },
  ];
}

export function createAssistantStore(deps: { db: Db; storage?: Storage }): AssistantStore {
  const { db, storage } = deps;
  const sessions = createAssistantSessions(db);
  return {
    kind: 'assistant',
    // One per-user budget for every send, chat or assistant (20 a minute).
    rateLimit: 'chatSend',
    async owned(userId, sessionId) {
      const s = await sessions.owned(userId, sessionId);
      return {
        id: s.id,
        userId: s.userId,
        title: s.title,
        sessionType: s.sessionType,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        messageCount: s._count.messages,
      };
    },
    async history(session, limit) {
      const rows = await db.assistantMessage.findMany({
        where: { sessionId: session.id, status: 'COMPLETE' },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: session.sessionType === 'SME_WALKTHROUGH' ? Math.max(limit, SME_HISTORY_MESSAGES) : limit,
        select: { role: true, content: true },
      });
      return rows.map((r) => ({
        role: r.role === 'USER' ? ('user' as const) : ('assistant' as const),
        content: r.content,
      }));
    },
    async prompt({ session, history, message, input }) {
      const userTexts = [...history.filter((h) => h.role === 'user').map((h) => h.content), message];
      const { contextMessages } = await retrieveFileContext(db, {
        userId: session.userId,
        sessionId: session.id,
        message,
        attachedFileIds: input.fileIds,
        tokenBudget: FILE_CONTEXT_TOKENS,
        storage,
      });
      return assemblePrompt({
        system: systemPromptFor(session.sessionType, userTexts),
        context: contextMessages,
        history,
        message,
      });
    },
    profile: (session) => session.sessionType,
    titleFor: (session, message) => (needsAutoTitle(session.title) ? titleFromMessage(message) : undefined),
    saveUserMessage: ({ id, session, content, input, touchedAt, title }) => ({
      // The files are attached in the same statement (a nested connect, so the returned row shows them);
      // each one must still be this session's and user's and unattached, or the exchange does not start.
      message: db.assistantMessage.create({
        data: {
          id,
          sessionId: session.id,
          role: 'USER',
          content,
          status: 'PENDING',
          ...(input.attach.length
            ? {
                files: {
                  connect: input.attach.map((fileId) => ({
                    id: fileId,
                    sessionId: session.id,
                    userId: session.userId,
                    messageId: null,
                  })),
                },
              }
            : {}),
        },
        include: messageFiles,
      }),
      session: db.assistantSession.update({
        where: { id: session.id },
        data: { updatedAt: touchedAt, ...(title ? { title } : {}) },
      }),
    }),
    saveAnswer: ({ id, session, content, tokensUsed }) => ({
      message: db.assistantMessage.create({
        data: { id, sessionId: session.id, role: 'ASSISTANT', content, tokensUsed, status: 'COMPLETE' },
        include: messageFiles,
      }),
      session: db.assistantSession.update({ where: { id: session.id }, data: { updatedAt: new Date() } }),
    }),
    completeUserMessage: (id) =>
      db.assistantMessage.update({
        where: { id, status: 'PENDING' },
        data: { status: 'COMPLETE' },
        select: { id: true },
      }),
    // Deleting the user message detaches its files (SessionFile.messageId is SET NULL), so they can be sent again.
    async deleteMessages(ids) {
      await db.assistantMessage.deleteMany({ where: { id: { in: ids } } });
    },
    async restoreSession(sessionId, r) {
      await db.assistantSession.updateMany({
        where: { id: sessionId, updatedAt: r.touchedAt },
        data: { updatedAt: r.updatedAt, title: r.title },
      });
    },
    messageView: toAssistantMessageView,
    sessionView: (row, messageCount) => toAssistantSessionView(row, messageCount),
  };
}
