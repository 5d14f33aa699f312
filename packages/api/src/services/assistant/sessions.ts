// Assistant sessions: every read is scoped to the owner. For now the dashboard's recent sessions; the
// assistant issue adds the rest (and an assistant store for the conversation pipeline).
import type { Db } from '@app/db';

/** How many sessions a list returns when the caller names no limit. */
export const ASSISTANT_SESSIONS_DEFAULT_LIMIT = 50;

export function createAssistantSessions(db: Db) {
  return {
    /** The user's sessions, most recently updated first. */
    list(userId: string, limit = ASSISTANT_SESSIONS_DEFAULT_LIMIT) {
      return db.assistantSession.findMany({
        where: { userId },
        orderBy: { updatedAt: 'desc' },
        take: limit,
        select: { id: true, title: true, sessionType: true, status: true, createdAt: true, updatedAt: true },
      });
    },
  };
}

export type AssistantSessions = ReturnType<typeof createAssistantSessions>;
