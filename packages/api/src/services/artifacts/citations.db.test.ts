// Citations on a real database: the artifact service reads the cited chunks of the artifact's own session and
// user, so a verbatim quote passes, a changed one warns (UNVERIFIED_CITATION) after an edit too, and a source
// naming another user's file warns without a word of that file's text. Fix of the warning drops the source.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database, Db } from '@app/db';
import type { QuizArtifact } from '../../schemas/artifacts.js';
import { createTestUser } from '../../testing/factories.js';
import { subscriptionFor } from '../billing/subscription.js';
import { createAssistantSessions } from '../assistant/sessions.js';
import { createOfflineProvider } from '../llm/offline.js';
import type { Logger } from '../logger.js';
import { UNVERIFIED_CITATION } from './citations.js';
import { quizFixture } from './export/test-fixtures.js';
import {
  type ArtifactServiceDeps,
  fixArtifactWarning,
  getArtifact,
  listArtifacts,
  markdownOf,
  updateArtifact,
} from './service.js';
import { createArtifactStatements, newArtifactId } from './versions.js';

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

const SECRET = 'Payroll override code 7731 is kept in the safe.';

async function userWithFile(db: Db, texts: string[]) {
  const { user } = await createTestUser(db, { plan: 'pro' });
  const session = await createAssistantSessions(db).create(user.id, { sessionType: 'LND_COPILOT' });
  const file = await db.sessionFile.create({
    data: {
      sessionId: session.id,
      userId: user.id,
      filename: 'hand-hygiene.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      fileSize: 100,
      storageKey: `k-${session.id}`,
      sha256: 'x',
      status: 'READY',
      chunkCount: texts.length,
    },
  });
  let at = 0;
  for (const [ordinal, text] of texts.entries()) {
    await db.fileChunk.create({
      data: {
        fileId: file.id,
        sessionId: session.id,
        ordinal,
        text,
        startOffset: at,
        endOffset: at + text.length,
      },
    });
    at += text.length + 2;
  }
  return { userId: user.id, sessionId: session.id, fileId: file.id };
}

async function quizIn(db: Db, owner: { userId: string; sessionId: string }, data: QuizArtifact) {
  const id = newArtifactId();
  await db.$transaction(
    createArtifactStatements(db, {
      id,
      sessionId: owner.sessionId,
      userId: owner.userId,
      messageId: null,
      first: {
        kind: 'quiz',
        title: data.title,
        data,
        content: markdownOf('quiz', data),
        source: 'generated',
        note: null,
        createdById: null,
        messageId: null,
      },
    }),
  );
  return id;
}

const cited = (warnings: { code: string; path: string; message: string }[]) =>
  warnings.filter((w) => w.code === UNVERIFIED_CITATION);

describe('citations verified against the stored chunks', () => {
  it('a verbatim quote passes; a changed quote warns on get, list and after an edit; Fix drops it', async () => {
    const db = database.prisma;
    const me = await userWithFile(db, [
      'Hand hygiene procedure',
      'Rub hands with alcohol-based rub for 20–30 seconds, covering all surfaces.',
    ]);
    const source = (quote: string) => ({ fileId: me.fileId, fileName: 'hand-hygiene.docx', part: 2, quote });
    const data: QuizArtifact = {
      ...quizFixture,
      items: quizFixture.items.map((it, i) =>
        i === 0 ? { ...it, source: source('alcohol-based rub for 20–30  seconds') } : it,
      ),
    };
    const id = await quizIn(db, me, data);
    expect(cited((await getArtifact(deps, me.userId, { artifactId: id })).warnings)).toEqual([]);

    const edited = {
      ...data,
      items: data.items.map((it, i) => (i === 0 ? { ...it, source: source('60 seconds') } : it)),
    };
    const v2 = await updateArtifact(deps, me.userId, { artifactId: id, data: edited });
    expect(cited(v2.warnings).map((w) => [w.path, w.message])).toEqual([
      ['items.0.source', 'The quote "60 seconds" is not in hand-hygiene.docx, part 2.'],
    ]);
    const listed = await listArtifacts(deps, me.userId, me.sessionId);
    expect(cited(listed[0]!.warnings)).toHaveLength(1);

    const fixed = await fixArtifactWarning(deps, me.userId, {
      artifactId: id,
      code: UNVERIFIED_CITATION,
      path: 'items.0.source',
    });
    expect(cited(fixed.warnings)).toEqual([]);
    expect((fixed.data as QuizArtifact).items[0]!.source).toBeNull();
  });

  it("a source naming another user's file is unverified and shows nothing of it", async () => {
    const db = database.prisma;
    const other = await userWithFile(db, [SECRET]);
    const me = await userWithFile(db, ['Our own procedure text.']);
    const data: QuizArtifact = {
      ...quizFixture,
      items: quizFixture.items.map((it, i) =>
        i === 0
          ? {
              ...it,
              source: { fileId: other.fileId, fileName: 'guess.docx', part: 1, quote: 'override code 7731' },
            }
          : it,
      ),
    };
    const id = await quizIn(db, me, data);
    const view = await getArtifact(deps, me.userId, { artifactId: id });
    const w = cited(view.warnings);
    expect(w.map((x) => x.path)).toEqual(['items.0.source']);
    expect(w[0]!.message).toMatch(/not one of this session's files/);
    expect(JSON.stringify(view)).not.toContain('kept in the safe');
  });
});
