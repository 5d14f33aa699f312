// Chat as a conversation store: ChatSession/ChatMessage, the chat system prompt, titles from the first
// message. The exchange pipeline (services/conversation/exchange.ts) does everything else.
import { Prisma, sqlOf, type ChatMessageModel, type ChatSessionModel, type Db } from '@app/db';
import { needsAutoTitle, titleFromMessage } from '../../schemas/chat.js';
import { CHAT_SYSTEM_PROMPT } from '../llm/system-prompt.js';
import type { SqlStep } from '../conversation/one-statement.js';
import type {
  ConversationStore,
  ConversationTypes,
  HistoryMessage,
  MessageSqlWrites,
} from '../conversation/store.js';
import {
  STORED,
  createChatSessions,
  toMessageView,
  toSessionView,
  type ChatMessageView,
  type ChatSessionView,
} from './sessions.js';

export interface ChatTypes extends ConversationTypes {
  session: {
    id: string;
    title: string;
    createdAt: Date;
    updatedAt: Date;
    messageCount: number;
    hasPending: boolean;
  };
  messageRow: ChatMessageModel;
  sessionRow: ChatSessionModel;
  messageView: ChatMessageView;
  sessionView: ChatSessionView;
  input: undefined;
}

export type ChatStore = ConversationStore<ChatTypes>;

/** Stores a message as written (its row is `m`) with the session's touch. */
function messageWrites(m: ChatMessageModel, touch: SqlStep): MessageSqlWrites<ChatTypes> {
  return {
    steps: [
      {
        sql: Prisma.sql`
          INSERT INTO "ChatMessage" ("id", "sessionId", "role", "content", "status", "tokensUsed", "createdAt")
          VALUES (${m.id}, ${m.sessionId}, ${m.role}::"ChatRole", ${m.content}, ${m.status}::"MessageStatus",
            ${m.tokensUsed}, ${m.createdAt})`,
      },
      touch,
    ],
    message: m,
  };
}

/** The session's new updatedAt (and title): the step that returns the session's row. */
function sessionTouch(sessionId: string, updatedAt: Date, title?: string): SqlStep {
  return {
    sql: Prisma.sql`UPDATE "ChatSession" SET "updatedAt" = ${updatedAt}${
      title ? Prisma.sql`, "title" = ${title}` : Prisma.empty
    } WHERE "id" = ${sessionId}`,
    expectOne: 'the chat session',
    returns: true,
  };
}

/**
 * The session's stored messages, newest first, at most `limit`, as one json array of { role, content }: the
 * exchange reads it inside its start statement, or the quota reservation's when it falls back to that
 * (ConversationStore.historySql); history() reads it on its own.
 */
function historyJson(sessionId: string, limit: number): Prisma.Sql {
  return Prisma.sql`(
    SELECT COALESCE(json_agg(json_build_object('role', h."role", 'content', h."content")
                             ORDER BY h."createdAt" DESC, h."id" DESC), '[]'::json)
      FROM (SELECT "role", "content", "createdAt", "id" FROM "ChatMessage"
             WHERE "sessionId" = ${sessionId} AND "status" IN (${Prisma.join(STORED.in)})
             ORDER BY "createdAt" DESC, "id" DESC LIMIT ${limit}) h)`;
}

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
        hasPending: s.hasPending,
      };
    },
    async history(session, limit) {
      const [row] = await sqlOf(db).query<{ history: HistoryMessage[] }>(
        Prisma.sql`SELECT ${historyJson(session.id, limit)} AS "history"`,
      );
      return row!.history;
    },
    historySql: (session, limit) => historyJson(session.id, limit),
    async prompt({ history, message }) {
      return [
        { role: 'system', content: CHAT_SYSTEM_PROMPT },
        ...history,
        { role: 'user', content: message },
      ];
    },
    titleFor: (session, message) => (needsAutoTitle(session.title) ? titleFromMessage(message) : undefined),
    // Chat writes SQL steps: each exchange step is one statement with the pipeline's own (one-statement.ts).
    // The message row is what the step writes, every column given (createdAt from this clock, as Prisma's
    // @default(now()) did); the session's row comes back from its UPDATE.
    saveUserMessage: ({ id, session, content, touchedAt, title }) =>
      messageWrites(
        {
          id,
          sessionId: session.id,
          role: 'user',
          content,
          status: 'PENDING',
          tokensUsed: 0,
          createdAt: new Date(),
        },
        sessionTouch(session.id, touchedAt, title),
      ),
    // A stopped answer is INCOMPLETE: ChatMessage has no other field to mark it, and reads take both.
    saveAnswer: ({ id, session, content, tokensUsed, stopped }) =>
      messageWrites(
        {
          id,
          sessionId: session.id,
          role: 'assistant',
          content,
          tokensUsed,
          status: stopped ? 'INCOMPLETE' : 'COMPLETE',
          createdAt: new Date(),
        },
        sessionTouch(session.id, new Date()),
      ),
    completeUserMessage: (id) => ({
      sql: Prisma.sql`UPDATE "ChatMessage" SET "status" = 'COMPLETE' WHERE "id" = ${id} AND "status" = 'PENDING'`,
      expectOne: 'the pending user message',
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
    removeMessages: (ids) => ({
      sql: Prisma.sql`DELETE FROM "ChatMessage" WHERE "id" IN (${Prisma.join(ids)})`,
    }),
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
