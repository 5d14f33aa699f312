// Issue 12 artifacts end to end: the assistant answers "5 multiple-choice questions on GDPR" with a quiz
// artifact linked to the answer (its Markdown as the text), `revise: make it shorter` makes version 2 of it,
// plan features (Starter: no quiz — 403 before any quota is used — but plans and exports; Pro: quizzes), and
// every REST path with its status codes, content types and file names, plus the tRPC twins.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { createOfflineProvider } from '../../../../packages/api/src/services/llm/offline.js';
import { LlmError } from '../../../../packages/api/src/services/llm/types.js';
import { quizFixture } from '../../../../packages/api/src/services/artifacts/export/test-fixtures.js';
import { markdownOf } from '../../../../packages/api/src/services/artifacts/service.js';
import {
  createArtifactStatements,
  newArtifactId,
} from '../../../../packages/api/src/services/artifacts/versions.js';
import { createTestServer, type TestServer } from '../testing.js';
import { attachmentDisposition } from './artifacts.js';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});
beforeEach(() => {
  s.services.llm = createOfflineProvider({ delayMs: 0 });
});

type Auth = { authorization: string };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const user = (o: Parameters<typeof createSignedInUser>[1] = {}) =>
  createSignedInUser(s.services, { plan: 'pro', ...o });
const rest = (method: 'GET' | 'POST' | 'PUT', url: string, auth?: Auth, payload?: object) =>
  s.app.inject({
    method,
    url: `/api${url}`,
    headers: auth ?? {},
    ...(payload !== undefined ? { payload } : {}),
  });
const trpcQuery = (p: string, input: unknown, auth: Auth) =>
  s.app.inject({
    method: 'GET',
    url: `/trpc/${p}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
    headers: auth,
  });
const trpcData = (res: { json(): unknown }) =>
  (res.json() as { result: { data: { json: Json } } }).result.data.json;
const used = async (userId: string) => (await s.services.quota.usage(userId))?.messagesUsed ?? 0;

async function newSession(auth: Auth, sessionType = 'LND_COPILOT') {
  const res = await rest('POST', '/assistant/sessions', auth, { sessionType });
  expect(res.statusCode).toBe(201);
  return res.json().session as { id: string };
}
const send = (auth: Auth, id: string, message: string) =>
  rest('POST', `/assistant/sessions/${id}/messages`, auth, { message });

/** A quiz artifact (the export fixture) stored straight in the user's session, at version 1. */
async function storedQuiz(userId: string, sessionId: string) {
  const id = newArtifactId();
  const db = s.services.db;
  await db.$transaction(
    createArtifactStatements(db, {
      id,
      sessionId,
      userId,
      messageId: null,
      first: {
        kind: 'quiz',
        title: quizFixture.title,
        data: quizFixture,
        content: markdownOf('quiz', quizFixture),
        source: 'generated',
        note: null,
        createdById: null,
        messageId: null,
      },
    }),
  );
  return id;
}

describe('artifacts from the assistant', () => {
  it('a quiz request makes a quiz artifact linked to the answer; revise makes version 2 of it', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const res = await send(u.auth, sess.id, '5 multiple-choice questions on GDPR');
    expect(res.statusCode).toBe(200);
    const answer = res.json().assistantMessage as Json;
    expect(answer.artifacts).toEqual([
      { id: expect.any(String), kind: 'quiz', title: expect.any(String), version: 1 },
    ]);
    const artifactId = answer.artifacts[0].id as string;

    const list = await rest('GET', `/assistant/sessions/${sess.id}/artifacts`, u.auth);
    expect(list.statusCode).toBe(200);
    const [quiz] = list.json() as Json[];
    expect(quiz).toMatchObject({
      id: artifactId,
      sessionId: sess.id,
      messageId: answer.id,
      kind: 'quiz',
      version: 1,
    });
    expect(quiz!.data.items).toHaveLength(5);
    // "multiple-choice questions" with one key each are single choice (multiple_choice means select-all).
    expect(quiz!.data.items.every((i: Json) => i.type === 'single_choice')).toBe(true);
    expect(quiz!.warnings).toEqual(expect.any(Array));
    expect(quiz!.canGenerate).toBe(true);
    // The answer's text is the artifact's Markdown.
    const v1 = await s.services.db.artifactVersion.findFirstOrThrow({ where: { artifactId, version: 1 } });
    expect(answer.content).toBe(v1.content);
    expect(v1).toMatchObject({ source: 'generated', messageId: answer.id, createdById: null });
    expect(await used(u.user.id)).toBe(1);

    const revised = (await send(u.auth, sess.id, 'revise: make it shorter')).json().assistantMessage as Json;
    expect(revised.artifacts).toEqual([
      { id: artifactId, kind: 'quiz', title: expect.any(String), version: 2 },
    ]);
    expect(revised.content).toContain('version 2');
    const detail = (await rest('GET', `/artifacts/${artifactId}`, u.auth)).json();
    expect(detail).toMatchObject({ id: artifactId, version: 2, latestVersion: 2 });
    expect(detail.versions.map((v: Json) => [v.version, v.source, v.messageId])).toEqual([
      [2, 'revise', revised.id],
      [1, 'generated', answer.id],
    ]);
    expect(detail.data.items.length).toBeLessThan(5);
    expect(detail.changes.length).toBeGreaterThan(0);

    // The session's messages carry the same references (the web puts the cards under them).
    const messages = (await rest('GET', `/assistant/sessions/${sess.id}/messages`, u.auth)).json()
      .messages as Json[];
    expect(messages.map((m) => m.artifacts.map((a: Json) => a.version))).toEqual([[], [1], [], [2]]);
  });

  it('Starter: a quiz is 403 PLAN_FEATURE before any quota is used; a learning plan and its export are fine', async () => {
    const u = await user({ plan: 'starter' });
    const sess = await newSession(u.auth);
    const refused = await send(u.auth, sess.id, '5 multiple-choice questions on GDPR');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'The Assessment Builder is included in the Pro and Team plans. Upgrade your plan to use it.',
      code: 'PLAN_FEATURE',
      kind: 'quiz',
      plans: ['pro', 'team'],
    });
    const streamed = await rest('POST', `/assistant/sessions/${sess.id}/messages/stream`, u.auth, {
      message: 'Write learning objectives for GDPR awareness',
    });
    expect(streamed.statusCode).toBe(403);
    expect(streamed.json().code).toBe('PLAN_FEATURE');
    expect(await used(u.user.id)).toBe(0);
    expect((await rest('GET', `/assistant/sessions/${sess.id}/messages`, u.auth)).json().messages).toEqual(
      [],
    );

    const planned = await send(
      u.auth,
      sess.id,
      'Create a learning plan for onboarding new sales reps over two weeks',
    );
    expect(planned.statusCode).toBe(200);
    const [ref] = planned.json().assistantMessage.artifacts as Json[];
    expect(ref).toMatchObject({ kind: 'plan', version: 1 });
    const [plan] = (await rest('GET', `/assistant/sessions/${sess.id}/artifacts`, u.auth)).json() as Json[];
    expect(plan).toMatchObject({ kind: 'plan', canGenerate: true, exportFormats: ['markdown', 'docx'] });
    const file = await rest('GET', `/artifacts/${ref!.id}/export?format=docx`, u.auth);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename=".+\.docx"; filename\*=UTF-8''.+\.docx$/,
    );
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');

    // "export plan" makes a plan version, and says it can be downloaded.
    const exported = (await send(u.auth, sess.id, 'export plan')).json().assistantMessage as Json;
    expect(exported.artifacts).toEqual([
      { id: ref!.id, kind: 'plan', title: expect.any(String), version: 2 },
    ]);
    expect(exported.content).toMatch(/download/i);

    // A quiz they have (e.g. from a Pro period) is theirs to read and edit, but not to export or Fix.
    const quizId = await storedQuiz(u.user.id, sess.id);
    const quiz = (await rest('GET', `/artifacts/${quizId}`, u.auth)).json();
    expect(quiz).toMatchObject({ kind: 'quiz', canGenerate: false });
    const gift = await rest('GET', `/artifacts/${quizId}/export?format=gift`, u.auth);
    expect(gift.statusCode).toBe(403);
    expect(gift.json().code).toBe('PLAN_FEATURE');
  });

  it('streams the Markdown in several chunks; a generateObject failure fails the send like any model failure', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const res = await rest('POST', `/assistant/sessions/${sess.id}/messages/stream`, u.auth, {
      message: 'Write learning objectives for GDPR awareness for sales reps',
    });
    expect(res.statusCode).toBe(200);
    const evs = res.body
      .split('\n\n')
      .filter((b) => b.startsWith('data: ') && b !== 'data: [DONE]')
      .map((b) => JSON.parse(b.slice(6)) as Json);
    const content = evs.filter((e) => e.type === 'content');
    expect(content.length).toBeGreaterThan(2);
    const complete = evs.find((e) => e.type === 'complete')!;
    expect(content.map((e) => e.content).join('')).toBe(complete.message.content);
    expect(complete.message.artifacts).toEqual([expect.objectContaining({ kind: 'objectives', version: 1 })]);

    s.services.llm = {
      ...createOfflineProvider({ delayMs: 0 }),
      generateObject: async () => {
        throw new LlmError('The AI provider is unavailable', 'upstream');
      },
    };
    const before = await used(u.user.id);
    const failed = await send(u.auth, sess.id, 'Create a quiz on GDPR for sales reps');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ error: 'The AI provider is unavailable', code: 'LLM_ERROR' });
    expect(await used(u.user.id)).toBe(before);
    const artifacts = (
      await rest('GET', `/assistant/sessions/${sess.id}/artifacts`, u.auth)
    ).json() as Json[];
    expect(artifacts.map((a) => a.kind)).toEqual(['objectives']);
  });

  it('staff (an admin without a subscription) and a Pro trial may make quizzes; a paying Starter admin may not', async () => {
    const staff = await createSignedInUser(s.services, { isAdmin: true });
    const trial = await user({ plan: 'pro', status: 'TRIALING' });
    for (const u of [staff, trial]) {
      const sess = await newSession(u.auth);
      const res = await send(u.auth, sess.id, '3 true/false questions on fire safety');
      expect(res.statusCode).toBe(200);
      expect(res.json().assistantMessage.artifacts[0]).toMatchObject({ kind: 'quiz' });
    }
    const starterAdmin = await user({ plan: 'starter', isAdmin: true });
    const sess = await newSession(starterAdmin.auth);
    expect((await send(starterAdmin.auth, sess.id, '3 true/false questions on fire safety')).statusCode).toBe(
      403,
    );
  });

  it('Pro may make quizzes in an Assessment Builder session too', async () => {
    const u = await user({ plan: 'pro' });
    const sess = await newSession(u.auth, 'ASSESSMENT_BUILDER');
    const res = await send(u.auth, sess.id, 'Create a quiz on fire safety for warehouse staff');
    expect(res.statusCode).toBe(200);
    expect(res.json().assistantMessage.artifacts[0]).toMatchObject({ kind: 'quiz', version: 1 });
  });
});

describe('artifact REST paths', () => {
  it('get, edit, restore, fix and export, with their errors', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const id = await storedQuiz(u.user.id, sess.id);

    const v1 = await rest('GET', `/artifacts/${id}?version=1`, u.auth);
    expect(v1.statusCode).toBe(200);
    expect(v1.json()).toMatchObject({ id, version: 1, latestVersion: 1, changes: [], data: quizFixture });
    expect((await rest('GET', `/artifacts/${id}?version=abc`, u.auth)).statusCode).toBe(400);
    expect((await rest('GET', `/artifacts/${id}?version=4`, u.auth)).statusCode).toBe(404);

    const edited = { ...quizFixture, passingScore: 70 };
    const put = await rest('PUT', `/artifacts/${id}`, u.auth, {
      data: edited,
      baseVersion: 1,
      note: 'Lower pass mark',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id, version: 2, data: edited });
    const stale = await rest('PUT', `/artifacts/${id}`, u.auth, { data: quizFixture, baseVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/^This artifact changed since you opened it/);
    const invalid = await rest('PUT', `/artifacts/${id}`, u.auth, { data: { ...edited, passingScore: 150 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      code: 'validation_error',
      error: expect.stringMatching(/^passingScore: /),
    });
    expect((await rest('PUT', `/artifacts/${id}`, u.auth, {})).statusCode).toBe(400);

    const restored = await rest('POST', `/artifacts/${id}/restore`, u.auth, { version: 1 });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ version: 3, data: quizFixture });
    expect((await rest('POST', `/artifacts/${id}/restore`, u.auth, { version: 'x' })).statusCode).toBe(400);
    const detail = (await rest('GET', `/artifacts/${id}`, u.auth)).json();
    expect(detail.versions.map((v: Json) => [v.version, v.source, v.note])).toEqual([
      [3, 'restore', 'Restored version 1'],
      [2, 'edit', 'Lower pass mark'],
      [1, 'generated', null],
    ]);
    expect(detail.changes).toEqual([{ path: 'passingScore', before: 70, after: 80 }]);

    const fixMissing = await rest('POST', `/artifacts/${id}/fix`, u.auth, {
      code: 'NO_KEY',
      path: 'items.99',
    });
    expect(fixMissing.statusCode).toBe(409);
    expect((await rest('POST', `/artifacts/${id}/fix`, u.auth, {})).statusCode).toBe(400);

    const gift = await rest('GET', `/artifacts/${id}/export?format=gift`, u.auth);
    expect(gift.statusCode).toBe(200);
    expect(gift.headers['content-type']).toMatch(/^text\/plain/);
    expect(gift.headers['content-disposition']).toMatch(
      /^attachment; filename=".+\.gift\.txt"; filename\*=UTF-8''.+\.gift\.txt$/,
    );
    expect(gift.body).toContain('::');
    const csv = await rest('GET', `/artifacts/${id}/export?format=csv&version=2`, u.auth);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const wrongKind = await rest('GET', `/artifacts/${id}/export?format=docx`, u.auth);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().error).toBe(
      'A quiz exports to gift, moodle_xml, qti, qti12, blackboard, brightspace, csv, scorm, scorm2004, cmi5, markdown, not docx',
    );
    expect((await rest('GET', `/artifacts/${id}/export?format=pdf`, u.auth)).statusCode).toBe(400);
    expect((await rest('GET', `/artifacts/${id}/export`, u.auth)).statusCode).toBe(400);

    // tRPC twins: the export is a query answering the file as base64.
    const t = trpcData(await trpcQuery('artifacts.export', { artifactId: id, format: 'gift' }, u.auth));
    expect(t.filename).toMatch(/\.gift\.txt$/);
    expect(Buffer.from(t.base64, 'base64').toString()).toBe(gift.body);
    const tList = trpcData(await trpcQuery('artifacts.list', { sessionId: sess.id }, u.auth));
    expect((tList as unknown as Json[]).map((a) => [a.id, a.version])).toEqual([[id, 3]]);
  });

  it('anonymous is 401, someone else is 404 on every path; a lapsed subscription cannot export (402)', async () => {
    const owner = await user();
    const sess = await newSession(owner.auth);
    const id = await storedQuiz(owner.user.id, sess.id);
    const other = await user();
    const paths: [method: 'GET' | 'POST' | 'PUT', url: string, body?: object][] = [
      ['GET', `/assistant/sessions/${sess.id}/artifacts`],
      ['GET', `/artifacts/${id}`],
      ['PUT', `/artifacts/${id}`, { data: quizFixture }],
      ['POST', `/artifacts/${id}/restore`, { version: 1 }],
      ['POST', `/artifacts/${id}/fix`, { code: 'NO_KEY', path: 'items.0' }],
      ['GET', `/artifacts/${id}/export?format=gift`],
    ];
    for (const [method, url, body] of paths) {
      expect((await rest(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      const res = await rest(method, url, other.auth, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    await s.services.db.subscription.update({
      where: { userId: owner.user.id },
      data: { status: 'CANCELED' },
    });
    const lapsed = await rest('GET', `/artifacts/${id}/export?format=gift`, owner.auth);
    expect(lapsed.statusCode).toBe(402);
    expect(lapsed.json().code).toBe('SUBSCRIPTION_INACTIVE');
    // Reading stays open.
    expect((await rest('GET', `/artifacts/${id}`, owner.auth)).statusCode).toBe(200);
  });

  it('file names in Content-Disposition: an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('Hygiène "5" quiz.gift')).toBe(
      `attachment; filename="Hygi_ne _5_ quiz.gift"; filename*=UTF-8''Hygi%C3%A8ne%20%225%22%20quiz.gift`,
    );
  });
});
