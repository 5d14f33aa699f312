// Assistant sessions and messages (SPEC §3, §7): every read and write is scoped to the owner (someone else's
// id is a 404). Reads show COMPLETE messages only: a PENDING user message belongs to an exchange still being
// generated (or left behind by a crash, see services/conversation/sweeper.ts).
import type { AssistantSessionStatus, Db } from '@app/db';
import { notFound } from '../../errors.js';
import {
  DEFAULT_ASSISTANT_SESSION_TYPE,
  DEFAULT_ASSISTANT_TITLE,
  type AssistantSessionType,
} from '../../schemas/assistant.js';
import type { ArtifactKind } from '../../schemas/artifacts.js';
import type { SessionFileView } from '../../schemas/files.js';
import type { ArtifactRef } from '../artifacts/views.js';
import { toFileView } from '../files/service.js';
import type { Logger } from '../logger.js';
import type { ConversationStreamRegistry } from '../conversation/streams.js';
import type { Storage } from '../storage/types.js';
import { storageKeys } from '../storage/keys.js';

/** How many sessions a list returns when the caller names no limit. */
export const ASSISTANT_SESSIONS_DEFAULT_LIMIT = 50;
export const ASSISTANT_SESSION_NOT_FOUND = 'Assistant session not found';

export interface AssistantSessionView {
  id: string;
  title: string;
  sessionType: AssistantSessionType;
  status: AssistantSessionStatus;
  createdAt: Date;
  updatedAt: Date;
  /** Complete messages in the session. */
  messageCount: number;
}

export interface AssistantMessageView {
  id: string;
  role: 'USER' | 'ASSISTANT';
  content: string;
  messageType: string;
  createdAt: Date;
  tokensUsed: number;
  /** Files attached to this message (user messages), as the file list shows them. */
  files: SessionFileView[];
  /** Artifacts this answer made or changed, at the version it made (the web shows their cards under it). */
  artifacts: ArtifactRef[];
}

/** What a message row must carry for its view: its files, as the files service shows them. */
export const messageFiles = {
  files: {
    select: {
      id: true,
      filename: true,
      fileSize: true,
      mimeType: true,
      status: true,
      failureReason: true,
      textTruncated: true,
      openaiFileId: true,
      messageId: true,
      createdAt: true,
    },
    orderBy: [{ createdAt: 'asc' as const }, { id: 'asc' as const }],
  },
};

type FileRow = Parameters<typeof toFileView>[0];

const countComplete = { _count: { select: { messages: { where: { status: 'COMPLETE' as const } } } } };

type SessionRow = {
  id: string;
  title: string;
  sessionType: AssistantSessionType;
  status: AssistantSessionStatus;
  createdAt: Date;
  updatedAt: Date;
  _count?: { messages: number };
};

export function toAssistantSessionView(
  s: SessionRow,
  messageCount = s._count?.messages ?? 0,
): AssistantSessionView {
  return {
    id: s.id,
    title: s.title || DEFAULT_ASSISTANT_TITLE,
    sessionType: s.sessionType,
    status: s.status,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    messageCount,
  };
}

export function toAssistantMessageView(
  m: {
    id: string;
    role: 'USER' | 'ASSISTANT';
    content: string;
    messageType: string;
    createdAt: Date;
    tokensUsed: number;
    files?: FileRow[];
  },
  artifacts: ArtifactRef[] = [],
): AssistantMessageView {
  return {
    id: m.id,
    role: m.role,
    content: m.content,
    messageType: m.messageType,
    createdAt: m.createdAt,
    tokensUsed: m.tokensUsed,
    files: (m.files ?? []).map(toFileView),
    artifacts,
  };
}

/** The artifact versions the given answers made, by answer id. */
export async function artifactRefsOf(db: Db, messageIds: string[]): Promise<Map<string, ArtifactRef[]>> {
  const byMessage = new Map<string, ArtifactRef[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db.artifactVersion.findMany({
    where: { messageId: { in: messageIds } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: {
      artifactId: true,
      version: true,
      title: true,
      messageId: true,
      artifact: { select: { kind: true } },
    },
  });
  for (const r of rows) {
    const refs = byMessage.get(r.messageId!) ?? [];
    refs.push({
      id: r.artifactId,
      kind: r.artifact.kind as ArtifactKind,
      title: r.title,
      version: r.version,
    });
    byMessage.set(r.messageId!, refs);
  }
  return byMessage;
}

export function createAssistantSessions(db: Db) {
  async function owned(userId: string, sessionId: string) {
    const s = await db.assistantSession.findFirst({
      where: { id: sessionId, userId },
      include: countComplete,
    });
    if (!s) throw notFound(ASSISTANT_SESSION_NOT_FOUND);
    return s;
  }
  return {
    owned,
    /** The user's sessions, most recently updated first. */
    async list(userId: string, limit = ASSISTANT_SESSIONS_DEFAULT_LIMIT): Promise<AssistantSessionView[]> {
      const rows = await db.assistantSession.findMany({
        where: { userId },
        orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
        take: limit,
        include: countComplete,
      });
      return rows.map((r) => toAssistantSessionView(r));
    },
    async create(
      userId: string,
      o: { title?: string; sessionType?: AssistantSessionType } = {},
    ): Promise<AssistantSessionView> {
      const s = await db.assistantSession.create({
        data: {
          userId,
          title: o.title || DEFAULT_ASSISTANT_TITLE,
          sessionType: o.sessionType ?? DEFAULT_ASSISTANT_SESSION_TYPE,
        },
      });
      return toAssistantSessionView(s, 0);
    },
    async rename(userId: string, sessionId: string, title: string): Promise<AssistantSessionView> {
      const s = await owned(userId, sessionId);
      const updated = await db.assistantSession.update({
        where: { id: s.id },
        data: { title },
        include: countComplete,
      });
      return toAssistantSessionView(updated);
    },
    /** Deletes the row (messages, files and chunks cascade); the caller removes the stored bytes. */
    async remove(userId: string, sessionId: string): Promise<void> {
      const { count } = await db.assistantSession.deleteMany({ where: { id: sessionId, userId } });
      if (count === 0) throw notFound(ASSISTANT_SESSION_NOT_FOUND);
    },
    /**
     * The session and its complete messages, oldest first, with their files. `generating`: a reply is being
     * generated right now, so the user message it answers (still PENDING) is shown too.
     */
    async withMessages(userId: string, sessionId: string, o: { generating?: boolean } = {}) {
      const s = await owned(userId, sessionId);
      const messages = await db.assistantMessage.findMany({
        where: { sessionId: s.id, status: o.generating ? { in: ['COMPLETE', 'PENDING'] } : 'COMPLETE' },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        include: messageFiles,
      });
      const refs = await artifactRefsOf(
        db,
        messages.filter((m) => m.role === 'ASSISTANT').map((m) => m.id),
      );
      return {
        session: toAssistantSessionView(s),
        messages: messages.map((m) => toAssistantMessageView(m, refs.get(m.id) ?? [])),
      };
    },
  };
}

export type AssistantSessions = ReturnType<typeof createAssistantSessions>;

/**
 * Deletes a session everywhere: the rows (404 when it is not the user's), its running reply (on any
 * instance), then its stored files. A storage failure is logged and never undoes the deletion (the files
 * are unreachable without the rows; account deletion clears the user's whole prefix).
 */
export async function deleteAssistantSession(
  s: { db: Db; conversationStreams: ConversationStreamRegistry; storage: Storage; log: Logger },
  userId: string,
  sessionId: string,
): Promise<void> {
  await createAssistantSessions(s.db).remove(userId, sessionId);
  await s.conversationStreams.cancel('assistant', sessionId);
  try {
    await s.storage.deleteByPrefix(storageKeys.sessionPrefix(userId, sessionId));
  } catch (err) {
    s.log.warn({ err, sessionId }, 'deleting the files of an assistant session failed');
  }
}
