// The card's conformance warnings on a real database: an artifact's request is the user message its answer
// replied to, a revise command moves what is asked, and Fix finds (and repairs) a conformance warning.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import type { QuizArtifact } from '../../schemas/artifacts.js';
import { createTestUser } from '../../testing/factories.js';
import { subscriptionFor } from '../billing/subscription.js';
import { createAssistantSessions } from '../assistant/sessions.js';
import { createOfflineProvider } from '../llm/offline.js';
import type { Logger } from '../logger.js';
import { quizFixture } from './export/test-fixtures.js';
import { artifactRequest } from './request-context.js';
import {
  type ArtifactServiceDeps,
  fixArtifactWarning,
  getArtifact,
  listArtifacts,
  markdownOf,
} from './service.js';
import { createArtifactStatements, newArtifactId, nextVersionStatements } from './versions.js';

const log = { info: vi.fn(), debug: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
let database: Database;
let deps: ArtifactServiceDeps;
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.prisma;
  deps = {
    db,
    log,
    llm: createOfflineProvider({ delayMs: 0 }),
    billing: { subscriptionFor: (userId: string) => subscriptionFor(db, userId) },
    rateLimiter: { consume: async () => undefined } as never,
  };
});
afterAll(async () => {
  await database?.close();
});

const quiz = (): QuizArtifact => structuredClone(quizFixture) as QuizArtifact;
/** The warnings about the request (the fixture has structural ones of its own). */
const asks = (ws: { code: string; message: string }[]) =>
  ws.filter((w) => /MISMATCH|FORBIDDEN|OFF_TOPIC/.test(w.code));

/** A session where the user asked `request` and the answer made a quiz of `data`. */
async function asked(request: string, data: QuizArtifact) {
  const db = database.prisma;
  const { user } = await createTestUser(db, { plan: 'pro' });
  const session = await createAssistantSessions(db).create(user.id, { sessionType: 'LND_COPILOT' });
  const at = Date.now();
  await db.assistantMessage.create({
    data: { sessionId: session.id, role: 'USER', content: request, createdAt: new Date(at) },
  });
  const answer = await db.assistantMessage.create({
    data: { sessionId: session.id, role: 'ASSISTANT', content: 'quiz', createdAt: new Date(at + 1000) },
  });
  const id = newArtifactId();
  await db.$transaction(
    createArtifactStatements(db, {
      id,
      sessionId: session.id,
      userId: user.id,
      messageId: answer.id,
      first: {
        kind: 'quiz',
        title: data.title,
        data,
        content: markdownOf('quiz', data),
        source: 'generated',
        note: null,
        createdById: null,
        messageId: answer.id,
      },
    }),
  );
  return { userId: user.id, sessionId: session.id, id, at };
}

describe('conformance warnings on the card', () => {
  it('compares a version with the request its answer replied to', async () => {
    const data = quiz();
    const n = data.items.length;
    const a = await asked(`Create ${n + 3} questions on ${data.topic}`, data);
    const list = await listArtifacts(deps, a.userId, a.sessionId);
    expect(asks(list[0]!.warnings)).toEqual([
      expect.objectContaining({
        code: 'COUNT_MISMATCH',
        message: `Asked for ${n + 3} questions; this quiz has ${n}.`,
      }),
    ]);
    const detail = await getArtifact(deps, a.userId, { artifactId: a.id });
    expect(asks(detail.warnings).map((w) => w.code)).toEqual(['COUNT_MISMATCH']);
  });

  it('applies a later revise command to what is asked', async () => {
    const db = database.prisma;
    const data = quiz();
    const n = data.items.length;
    const a = await asked(`Create ${n - 1} questions on ${data.topic}`, data);
    await db.assistantMessage.create({
      data: {
        sessionId: a.sessionId,
        role: 'USER',
        content: 'revise: add 1 more question',
        createdAt: new Date(a.at + 2000),
      },
    });
    const answer = await db.assistantMessage.create({
      data: {
        sessionId: a.sessionId,
        role: 'ASSISTANT',
        content: 'revised',
        createdAt: new Date(a.at + 3000),
      },
    });
    await db.$transaction(
      nextVersionStatements(db, a.id, 1, {
        kind: 'quiz',
        title: data.title,
        data,
        content: markdownOf('quiz', data),
        source: 'revise',
        note: null,
        createdById: null,
        messageId: answer.id,
      }),
    );
    const artifact = (await db.artifact.findUnique({ where: { id: a.id } }))!;
    expect((await artifactRequest(db, artifact, 1))?.itemCount).toBe(n - 1);
    expect((await artifactRequest(db, artifact, 2))?.itemCount).toBe(n);
    expect(asks((await getArtifact(deps, a.userId, { artifactId: a.id })).warnings)).toEqual([]);
    expect(
      asks((await getArtifact(deps, a.userId, { artifactId: a.id, version: 1 })).warnings).map((w) => w.code),
    ).toEqual(['COUNT_MISMATCH']);
  });

  it('Fix repairs a conformance warning (the audience asked)', async () => {
    const data = quiz();
    const a = await asked(
      `Create ${data.items.length} questions on ${data.topic} for forklift drivers`,
      data,
    );
    const before = await getArtifact(deps, a.userId, { artifactId: a.id });
    const w = before.warnings.find((x) => x.code === 'AUDIENCE_MISMATCH');
    expect(w).toBeDefined();
    const after = await fixArtifactWarning(deps, a.userId, {
      artifactId: a.id,
      code: w!.code,
      path: w!.path,
    });
    expect((after.data as QuizArtifact).audience).toBe('forklift drivers');
    expect(after.warnings.filter((x) => x.code === 'AUDIENCE_MISMATCH')).toEqual([]);
  });
});
