// The artifact service on a real database: versions (edit, restore, identical data, concurrent edits),
// validation 400s, the stale-base 409, ownership 404s, the structural diff, Fix (the model's repair, and the
// deterministic one when the model's answer keeps the warning or fails), exports and their plan rules.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TRPCError } from '@trpc/server';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { toHttpError } from '../../errors.js';
import {
  EXPORT_FORMATS_BY_KIND,
  type ObjectivesArtifact,
  type QuizArtifact,
} from '../../schemas/artifacts.js';
import { createTestUser, type TestUserOptions } from '../../testing/factories.js';
import { subscriptionFor } from '../billing/subscription.js';
import { createAssistantSessions } from '../assistant/sessions.js';
import { createOfflineProvider } from '../llm/offline.js';
import { LlmError, type LlmProvider } from '../llm/types.js';
import type { Logger } from '../logger.js';
import { checkArtifact } from './checks.js';
import { objectivesFixture, quizFixture } from './export/test-fixtures.js';
import {
  ARTIFACT_NOT_FOUND,
  type ArtifactServiceDeps,
  exportArtifactFile,
  fixArtifactWarning,
  getArtifact,
  listArtifacts,
  markdownOf,
  restoreArtifact,
  updateArtifact,
} from './service.js';
import { createTestArtifact } from '../../testing/artifacts.js';

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

/** A user (Pro unless told) with a session holding one artifact of `data` (version 1). */
async function artifactOf(data: unknown, kind: 'quiz' | 'objectives' = 'quiz', o: TestUserOptions = {}) {
  const db = database.prisma;
  const { user } = await createTestUser(db, { plan: 'pro', ...o });
  const session = await createAssistantSessions(db).create(user.id, { sessionType: 'LND_COPILOT' });
  const { id } = await createTestArtifact(db, user.id, kind, data, session.id);
  return { userId: user.id, sessionId: session.id, id };
}

async function failure(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCError);
  return toHttpError(err);
}

const shorterQuiz = (q: QuizArtifact): QuizArtifact => ({ ...q, items: q.items.slice(0, 1) });

describe('artifact versions', () => {
  it('an edit makes version 2 with a note and the changes; identical data makes none', async () => {
    const { userId, id } = await artifactOf(quizFixture);
    const edited = { ...quizFixture, passingScore: 70 };
    const v2 = await updateArtifact(deps, userId, { artifactId: id, data: edited, baseVersion: 1 });
    expect(v2).toMatchObject({ id, version: 2, kind: 'quiz', data: edited, title: quizFixture.title });
    // The kind's formats (the list grows with LMS formats); the spec's own are among them.
    expect(v2.exportFormats).toEqual([...EXPORT_FORMATS_BY_KIND.quiz]);
    expect(v2.exportFormats).toEqual(
      expect.arrayContaining(['gift', 'moodle_xml', 'qti', 'csv', 'markdown']),
    );
    expect(v2.canGenerate).toBe(true);
    expect(Array.isArray(v2.warnings)).toBe(true);

    const same = await updateArtifact(deps, userId, { artifactId: id, data: edited });
    expect(same.version).toBe(2);

    const detail = await getArtifact(deps, userId, { artifactId: id });
    expect(detail.latestVersion).toBe(2);
    expect(detail.versions.map((v) => [v.version, v.source, v.note, v.createdBy])).toEqual([
      [2, 'edit', 'Edited passingScore', 'Test User'],
      [1, 'generated', null, null],
    ]);
    expect(detail.changes).toEqual([{ path: 'passingScore', before: 80, after: 70 }]);
    const stored = await database.prisma.artifactVersion.findFirstOrThrow({
      where: { artifactId: id, version: 2 },
    });
    expect(stored.content).toBe(markdownOf('quiz', edited));
    expect(stored.createdById).toBe(userId);
  });

  it('version 1 of a later artifact is viewable, with no changes; a missing version is 404', async () => {
    const { userId, id } = await artifactOf(quizFixture);
    await updateArtifact(deps, userId, { artifactId: id, data: shorterQuiz(quizFixture), note: 'One item' });
    const v1 = await getArtifact(deps, userId, { artifactId: id, version: 1 });
    expect(v1).toMatchObject({ version: 1, latestVersion: 2, data: quizFixture, changes: [] });
    const v2 = await getArtifact(deps, userId, { artifactId: id, version: 2 });
    expect(v2.versions[0]!.note).toBe('One item');
    // Removed items are one change each, the whole item on the before side.
    expect(v2.changes.map((c) => c.path)).toEqual(quizFixture.items.slice(1).map((_, i) => `items.${i + 1}`));
    expect(v2.changes[0]!.after).toBeNull();
    const missing = await failure(getArtifact(deps, userId, { artifactId: id, version: 9 }));
    expect(missing).toEqual({
      status: 404,
      body: { error: 'Version 9 of this artifact does not exist', code: 'NOT_FOUND' },
    });
  });

  it('restore copies an old version as a new one', async () => {
    const { userId, id } = await artifactOf(quizFixture);
    await updateArtifact(deps, userId, { artifactId: id, data: shorterQuiz(quizFixture) });
    const restored = await restoreArtifact(deps, userId, { artifactId: id, version: 1 });
    expect(restored).toMatchObject({ version: 3, data: quizFixture });
    const detail = await getArtifact(deps, userId, { artifactId: id });
    expect(detail.versions[0]).toMatchObject({ version: 3, source: 'restore', note: 'Restored version 1' });
    // Restoring what is already the latest content adds nothing.
    expect((await restoreArtifact(deps, userId, { artifactId: id, version: 1 })).version).toBe(3);
    expect((await failure(restoreArtifact(deps, userId, { artifactId: id, version: 7 }))).status).toBe(404);
  });

  it('invalid data is a 400 naming the field; a stale base version is a 409', async () => {
    const { userId, id } = await artifactOf(quizFixture);
    const bad = { ...quizFixture, items: [{ ...quizFixture.items[0]!, stem: '   ' }] };
    expect(await failure(updateArtifact(deps, userId, { artifactId: id, data: bad }))).toEqual({
      status: 400,
      body: { error: 'items.0.stem: Question cannot be empty', code: 'validation_error' },
    });
    const notObject = await failure(updateArtifact(deps, userId, { artifactId: id, data: 'hello' }));
    expect(notObject.status).toBe(400);
    await updateArtifact(deps, userId, { artifactId: id, data: shorterQuiz(quizFixture), baseVersion: 1 });
    const stale = await failure(
      updateArtifact(deps, userId, { artifactId: id, data: quizFixture, baseVersion: 1 }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/^This artifact changed since you opened it/);
  });

  it('concurrent edits never share a version number: one wins, the other is a 409', async () => {
    const { userId, id } = await artifactOf(quizFixture);
    const results = await Promise.allSettled(
      [60, 65, 70, 75].map((passingScore) =>
        updateArtifact(deps, userId, { artifactId: id, data: { ...quizFixture, passingScore } }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won.length).toBeGreaterThanOrEqual(1);
    for (const r of results) if (r.status === 'rejected') expect(toHttpError(r.reason).status).toBe(409);
    const versions = await database.prisma.artifactVersion.findMany({ where: { artifactId: id } });
    expect(versions.map((v) => v.version).sort()).toEqual(
      Array.from({ length: won.length + 1 }, (_, i) => i + 1),
    );
    const a = await database.prisma.artifact.findUniqueOrThrow({ where: { id } });
    expect(a.version).toBe(won.length + 1);
  });

  it("someone else's artifact and session are 404, exactly like missing ones", async () => {
    const { id, sessionId } = await artifactOf(quizFixture);
    const { user: other } = await createTestUser(database.prisma, { plan: 'pro' });
    const notFound = { status: 404, body: { error: ARTIFACT_NOT_FOUND, code: 'NOT_FOUND' } };
    expect(await failure(getArtifact(deps, other.id, { artifactId: id }))).toEqual(notFound);
    expect(await failure(getArtifact(deps, other.id, { artifactId: 'nope' }))).toEqual(notFound);
    expect(await failure(updateArtifact(deps, other.id, { artifactId: id, data: quizFixture }))).toEqual(
      notFound,
    );
    expect(await failure(restoreArtifact(deps, other.id, { artifactId: id, version: 1 }))).toEqual(notFound);
    expect(await failure(exportArtifactFile(deps, other.id, { artifactId: id, format: 'gift' }))).toEqual(
      notFound,
    );
    expect((await failure(listArtifacts(deps, other.id, sessionId))).status).toBe(404);
  });

  it('list gives the latest version of each artifact of the session', async () => {
    const { userId, id, sessionId } = await artifactOf(quizFixture);
    await updateArtifact(deps, userId, { artifactId: id, data: shorterQuiz(quizFixture) });
    const list = await listArtifacts(deps, userId, sessionId);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id,
      sessionId,
      kind: 'quiz',
      version: 2,
      data: shorterQuiz(quizFixture),
    });
  });
});

/** Objectives whose first verb is vague (a VAGUE_VERB warning at objectives.0.verb). */
const vague: ObjectivesArtifact = {
  ...objectivesFixture,
  objectives: objectivesFixture.objectives.map((o, i) =>
    i === 0 ? { ...o, verb: 'understand', behavior: 'understand the hand hygiene policy' } : o,
  ),
};
const vagueWarning = () => checkArtifact('objectives', vague).find((w) => w.code === 'VAGUE_VERB')!;

describe('Fix', () => {
  it('takes the model repair when it removes the warning', async () => {
    expect(vagueWarning()).toMatchObject({ path: 'objectives.0.verb' });
    const { userId, id } = await artifactOf(vague, 'objectives');
    const repaired = {
      ...vague,
      objectives: vague.objectives.map((o, i) =>
        i === 0 ? { ...o, verb: 'explain', behavior: 'explain the hand hygiene policy' } : o,
      ),
    };
    const seen: string[] = [];
    const llm: LlmProvider = {
      ...createOfflineProvider(),
      generateObject: async (req) => {
        seen.push(...req.messages.map((m) => m.content.split('\n')[0]!));
        return { object: repaired as never, usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } };
      },
    };
    const w = vagueWarning();
    const fixed = await fixArtifactWarning({ ...deps, llm }, userId, {
      artifactId: id,
      code: w.code,
      path: w.path,
    });
    expect(fixed).toMatchObject({ version: 2, data: repaired });
    // The command form the offline builders read: the current artifact, then "Fix CODE at path: message".
    expect(seen.slice(1)).toEqual([
      '[current artifact: objectives v1]',
      `Fix VAGUE_VERB at ${w.path}: ${w.message}`,
    ]);
    const detail = await getArtifact(deps, userId, { artifactId: id });
    expect(detail.versions[0]).toMatchObject({ source: 'fix', note: `Fixed VAGUE_VERB at ${w.path}` });
  });

  it('falls back to the deterministic repair when the model fails or keeps the warning', async () => {
    const w = vagueWarning();
    for (const generateObject of [
      async () => {
        throw new LlmError('upstream down', 'upstream');
      },
      async () => ({
        object: vague as never,
        usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
      }),
    ]) {
      const { userId, id } = await artifactOf(vague, 'objectives');
      const llm = { ...createOfflineProvider(), generateObject } as LlmProvider;
      const fixed = await fixArtifactWarning({ ...deps, llm }, userId, {
        artifactId: id,
        code: w.code,
        path: w.path,
      });
      expect(fixed.version).toBe(2);
      expect(fixed.warnings.some((x) => x.code === w.code && x.path === w.path)).toBe(false);
    }
  });

  it('a warning that is not there is a 409; Starter cannot fix a Pro kind (403 PLAN_FEATURE)', async () => {
    const { userId, id } = await artifactOf(vague, 'objectives');
    const gone = await failure(
      fixArtifactWarning(deps, userId, { artifactId: id, code: 'NO_KEY', path: 'items.0' }),
    );
    expect(gone.status).toBe(409);
    const starter = await artifactOf(vague, 'objectives', { plan: 'starter' });
    const w = vagueWarning();
    const refused = await failure(
      fixArtifactWarning(deps, starter.userId, { artifactId: starter.id, code: w.code, path: w.path }),
    );
    expect(refused).toEqual({
      status: 403,
      body: {
        error: 'The Objective Generator is included in the Pro and Team plans. Upgrade your plan to use it.',
        code: 'PLAN_FEATURE',
        kind: 'objectives',
        plans: ['pro', 'team'],
      },
    });
  });
});
