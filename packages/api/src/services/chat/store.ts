// Chat as a conversation store: ChatSession/ChatMessage, the chat system prompt, titles from the first
// message. The exchange pipeline (services/conversation/exchange.ts) does everything else.
import type { ChatMessageModel, ChatSessionModel, Db } from '@app/db';
import { needsAutoTitle, titleFromMessage } from '../../schemas/chat.js';
import { CHAT_SYSTEM_PROMPT } from '../llm/system-prompt.js';
import type { ConversationStore, ConversationTypes } from '../conversation/store.js';
import {
  STORED,
  createChatSessions,
  toMessageView,
  toSessionView,
  type ChatMessageView,
  type ChatSessionView,
} from './sessions.js';

export interface ChatTypes extends ConversationTypes {
  session: { id: string; title: string; createdAt: Date; updatedAt: Date; messageCount: number };
  messageRow: ChatMessageModel;
  sessionRow: ChatSessionModel;
  messageView: ChatMessageView;
  sessionView: ChatSessionView;
  input: undefined;
}

export type ChatStore = ConversationStore<ChatTypes>;

export function createChatStore(db: Db): ChatStore {
  const sessions = createChatSessions(db);
  return {
    kind: 'chat',
    rateLimit: 'chatSend',
    async owned(userId, sessionId) {
      const s = await sessions.owned(userId, sessionId);
      return {
        id: s.id,
        title: s.title,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        messageCount: s._count.messages,
      };
    },
    history: (session, limit) =>
      db.chatMessage.findMany({
        where: { sessionId: session.id, status: STORED },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
        select: { role: true, content: true },
      }),
    async prompt({ history, message }) {
      return [
        { role: 'system', content: CHAT_SYSTEM_PROMPT },
        ...history,
        { role: 'user', content: message },
      ];
    },
    titleFor: (session, message) => (needsAutoTitle(session.title) ? titleFromMessage(message) : undefined),
    saveUserMessage: ({ id, session, content, touchedAt, title }) => ({
      message: db.chatMessage.create({
        data: { id, sessionId: session.id, role: 'user', content, status: 'PENDING' },
      }),
      session: db.chatSession.update({
        where: { id: session.id },
        data: { updatedAt: touchedAt, ...(title ? { title } : {}) },
      }),
    }),
    // A stopped answer is INCOMPLETE: ChatMessage has no other field to mark it, and reads take both.
    saveAnswer: ({ id, session, content, tokensUsed, stopped }) => ({
      message: db.chatMessage.create({
        data: {
          id,
          sessionId: session.id,
          role: 'assistant',
          content,
          tokensUsed,
          status: stopped ? 'INCOMPLETE' : 'COMPLETE',
        },
      }),
      session: db.chatSession.update({ where: { id: session.id }, data: { updatedAt: new Date() } }),
    }),
    completeUserMessage: (id) =>
      db.chatMessage.update({
        where: { id, status: 'PENDING' },
        data: { status: 'COMPLETE' },
        select: { id: true },
      }),
    async lastExchange(session) {
      const user = await db.chatMessage.findFirst({
        where: { sessionId: session.id, role: 'user', status: STORED },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        select: { id: true, content: true, createdAt: true },
      });
      if (!user) return null;
      const after = await db.chatMessage.findMany({
        where: {
          sessionId: session.id,
          status: STORED,
          OR: [{ createdAt: { gt: user.createdAt } }, { createdAt: user.createdAt, id: { gt: user.id } }],
        },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { id: true },
      });
      return { messageIds: [user.id, ...after.map((m) => m.id)], content: user.content, input: undefined };
    },
    removeMessages: (ids) => db.chatMessage.deleteMany({ where: { id: { in: ids } } }),
    async deleteMessages(ids) {
      await db.chatMessage.deleteMany({ where: { id: { in: ids } } });
    },
    async restoreSession(sessionId, r) {
      await db.chatSession.updateMany({
        where: { id: sessionId, updatedAt: r.touchedAt },
        data: { updatedAt: r.updatedAt, title: r.title },
      });
    },
    messageView: toMessageView,
    sessionView: toSessionView,
  };
}
