// Chat sessions and messages: every read and write is scoped to the owner (someone else's id is a 404).
// Reads show stored messages only (COMPLETE, and INCOMPLETE: an answer the user stopped, kept as it was): a
// PENDING user message belongs to an exchange still being generated (or left behind by a crash, see
// services/conversation/sweeper.ts).
import { Prisma, keyBatcherPerClient, sqlOf, type ChatSessionModel, type Db } from '@app/db';
import { notFound } from '../../errors.js';
import { DEFAULT_CHAT_TITLE } from '../../schemas/chat.js';

export interface ChatSessionView {
  id: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
  /** Complete messages in the session (the web keeps a local title unless the server has more). */
  messageCount: number;
}

export interface ChatMessageView {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: Date;
  tokensUsed: number;
  /** An answer cut short by Stop (kept as it was when stopped). */
  stopped: boolean;
}

/** The statuses of stored messages (history, lists, counts, search): everything but PENDING. */
export const STORED = { in: ['COMPLETE' as const, 'INCOMPLETE' as const] };

export const SESSION_NOT_FOUND = 'Chat session not found';

type SessionRow = {
  id: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
  _count?: { messages: number };
};

export function toSessionView(s: SessionRow, messageCount = s._count?.messages ?? 0): ChatSessionView {
  return {
    id: s.id,
    title: s.title || DEFAULT_CHAT_TITLE,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    messageCount,
  };
}

export function toMessageView(m: {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: Date;
  tokensUsed: number;
  status: 'COMPLETE' | 'INCOMPLETE' | 'PENDING';
}): ChatMessageView {
  return {
    id: m.id,
    role: m.role,
    content: m.content,
    createdAt: m.createdAt,
    tokensUsed: m.tokensUsed,
    stopped: m.status === 'INCOMPLETE',
  };
}

type OwnedRow = ChatSessionModel & { messageCount: number; hasPending: boolean };

/**
 * Sessions by id, the owner checked by the caller; the sessions asked for in one turn of the event loop come
 * from one statement (in a burst of sends, each send's first read). `hasPending`: the session has
 * PendingExchange records (a send in flight, or one a crash left behind).
 */
const sessionsById = keyBatcherPerClient(async (db: Db, ids: string[]) => {
  const rows = await sqlOf(db).query<OwnedRow>(Prisma.sql`
    SELECT s.*, (SELECT count(*)::int FROM "ChatMessage" m
                  WHERE m."sessionId" = s."id" AND m."status" IN (${Prisma.join(STORED.in)})) AS "messageCount",
           EXISTS (SELECT 1 FROM "PendingExchange" p
                    WHERE p."kind" = 'chat' AND p."sessionId" = s."id") AS "hasPending"
      FROM "ChatSession" s WHERE s."id" = ANY(${ids}::text[])`);
  return new Map(rows.map((r) => [r.id, r]));
}, undefined);

type SessionListRow = Pick<SessionRow, 'id' | 'title'> & {
  createdMs: number;
  updatedMs: number;
  messageCount: number;
};

/**
 * The session lists of the users asked for in one turn of the event loop, from one statement (the sidebar asks
 * on every page load). Per user newest first, as Prisma's orderBy did (ties in no fixed order either way), at
 * most 500. The times come as epoch milliseconds: parsing PostgreSQL's timestamp text (postgres-date) was ~3 %
 * of this request's CPU with three sessions, and a list has up to 500.
 */
const sessionLists = keyBatcherPerClient(async (db: Db, userIds: string[]) => {
  const rows = await sqlOf(db).query<SessionListRow & { userId: string }>(Prisma.sql`
    SELECT u."userId", s."id", s."title", s."createdMs", s."updatedMs", s."messageCount"
      FROM unnest(${userIds}::text[]) WITH ORDINALITY AS u("userId", "ord")
     CROSS JOIN LATERAL (
       SELECT c."id", c."title", c."updatedAt",
              (extract(epoch FROM c."createdAt") * 1000)::float8 AS "createdMs",
              (extract(epoch FROM c."updatedAt") * 1000)::float8 AS "updatedMs",
              (SELECT count(*)::int FROM "ChatMessage" m
                WHERE m."sessionId" = c."id" AND m."status" IN (${Prisma.join(STORED.in)})) AS "messageCount"
         FROM "ChatSession" c WHERE c."userId" = u."userId"
        ORDER BY c."updatedAt" DESC LIMIT 500) s
     ORDER BY u."ord", s."updatedAt" DESC`);
  const byUser = new Map<string, SessionListRow[]>();
  for (const r of rows) {
    const list = byUser.get(r.userId);
    if (list) list.push(r);
    else byUser.set(r.userId, [r]);
  }
  return byUser;
}, [] as SessionListRow[]);

const countComplete = { _count: { select: { messages: { where: { status: STORED } } } } };

export function createChatSessions(db: Db) {
  // Every send starts with it: on the direct SQL path, batched (issue 15).
  async function owned(userId: string, sessionId: string) {
    const s = await sessionsById(db).load(sessionId);
    if (!s || s.userId !== userId) throw notFound(SESSION_NOT_FOUND);
    const { messageCount, ...session } = s;
    return { ...session, _count: { messages: messageCount } };
  }
  return {
    owned,
    async list(userId: string): Promise<ChatSessionView[]> {
      const rows = await sessionLists(db).load(userId);
      return rows.map((r) =>
        toSessionView(
          { id: r.id, title: r.title, createdAt: new Date(r.createdMs), updatedAt: new Date(r.updatedMs) },
          r.messageCount,
        ),
      );
    },
    async create(userId: string, title?: string): Promise<ChatSessionView> {
      const s = await db.chatSession.create({ data: { userId, title: title || DEFAULT_CHAT_TITLE } });
      return toSessionView(s, 0);
    },
    async rename(userId: string, sessionId: string, title: string): Promise<ChatSessionView> {
      const s = await owned(userId, sessionId);
      const updated = await db.chatSession.update({
        where: { id: s.id },
        data: { title },
        include: countComplete,
      });
      return toSessionView(updated);
    },
    async remove(userId: string, sessionId: string): Promise<void> {
      const { count } = await db.chatSession.deleteMany({ where: { id: sessionId, userId } });
      if (count === 0) throw notFound(SESSION_NOT_FOUND);
    },
    /**
     * The session and its complete messages, oldest first. `generating`: a reply is being generated right
     * now, so the user message it answers (still PENDING) is shown too, as it always was; otherwise PENDING
     * messages — the remains of a crash until the sweeper removes them — are never shown.
     */
    async withMessages(userId: string, sessionId: string, o: { generating?: boolean } = {}) {
      const s = await owned(userId, sessionId);
      const messages = await db.chatMessage.findMany({
        where: {
          sessionId: s.id,
          status: o.generating ? { in: ['COMPLETE', 'INCOMPLETE', 'PENDING'] } : STORED,
        },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      return { session: toSessionView(s), messages: messages.map(toMessageView) };
    },
  };
}

export type ChatSessions = ReturnType<typeof createChatSessions>;
