// Test factories for artifacts: one at version 1 (as the assistant would have made it) in a new session of its
// author, written straight to the database; the artifact service's dependencies on a test database.
import type { Db } from '@app/db';
import type { ArtifactKind } from '../schemas/artifacts.js';
import { markdownOf, type ArtifactServiceDeps } from '../services/artifacts/service.js';
import { createArtifactStatements, newArtifactId } from '../services/artifacts/versions.js';
import { subscriptionFor } from '../services/billing/subscription.js';
import { createOfflineProvider } from '../services/llm/offline.js';
import { silentLogger } from '../services/logger.js';

/** The offline model without pauses, plans from the database, no rate limit, a silent log. */
export const testArtifactDeps = (db: Db): ArtifactServiceDeps => ({
  db,
  log: silentLogger,
  llm: createOfflineProvider({ delayMs: 0 }),
  billing: { subscriptionFor: (userId: string) => subscriptionFor(db, userId) },
  rateLimiter: { consume: async () => undefined } as never,
});

/** The artifact in session `sessionId` (of `userId`), or in a new session of theirs. */
export async function createTestArtifact(
  db: Db,
  userId: string,
  kind: ArtifactKind,
  data: unknown,
  sessionId?: string,
) {
  const session = sessionId ? { id: sessionId } : await db.assistantSession.create({ data: { userId } });
  const id = newArtifactId();
  await db.$transaction(
    createArtifactStatements(db, {
      id,
      sessionId: session.id,
      userId,
      messageId: null,
      first: {
        kind,
        title: (data as { title: string }).title,
        data,
        content: markdownOf(kind, data),
        source: 'generated',
        note: null,
        createdById: null,
        messageId: null,
      },
    }),
  );
  return { id, sessionId: session.id };
}
