// Issue 38 over REST: the new export formats by name (qti12, blackboard, brightspace, scorm2004) and
// GET /api/artifacts/{id}/export-check?target= with its per-item answers and errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { quizFixture } from '../../../../packages/api/src/services/artifacts/export/test-fixtures.js';
import { markdownOf } from '../../../../packages/api/src/services/artifacts/service.js';
import {
  createArtifactStatements,
  newArtifactId,
} from '../../../../packages/api/src/services/artifacts/versions.js';
import { createTestServer, type TestServer } from '../testing.js';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});

type Auth = { authorization: string };
const rest = (url: string, auth?: Auth) =>
  s.app.inject({ method: 'GET', url: `/api${url}`, headers: auth ?? {} });

async function storedQuiz(auth: Auth, userId: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/assistant/sessions',
    headers: auth,
    payload: { sessionType: 'LND_COPILOT' },
  });
  const sessionId = (res.json() as { session: { id: string } }).session.id;
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

describe('issue 38 exports over REST', () => {
  it('downloads the new formats by name', async () => {
    const u = await createSignedInUser(s.services, { plan: 'pro' });
    const id = await storedQuiz(u.auth, u.user.id);
    for (const [format, type, suffix] of [
      ['qti12', 'application/zip', '.qti12.zip'],
      ['blackboard', 'text/plain', '.blackboard.txt'],
      ['brightspace', 'text/csv', '.brightspace.csv'],
      ['scorm2004', 'application/zip', '.scorm2004.zip'],
      ['cmi5', 'application/zip', '.cmi5.zip'],
    ] as const) {
      const res = await rest(`/artifacts/${id}/export?format=${format}`, u.auth);
      expect(res.statusCode, format).toBe(200);
      expect(res.headers['content-type']).toMatch(new RegExp(`^${type}`));
      expect(res.headers['content-disposition']).toContain(suffix);
    }
  });

  it('answers the per-item check for a target, 400 for an unknown target, 401/404 for others', async () => {
    const u = await createSignedInUser(s.services, { plan: 'pro' });
    const id = await storedQuiz(u.auth, u.user.id);

    const moodle = await rest(`/artifacts/${id}/export-check?target=moodle`, u.auth);
    expect(moodle.statusCode).toBe(200);
    expect(moodle.json()).toMatchObject({
      target: 'moodle',
      format: 'moodle_xml',
      counts: { as_is: 5, changes: 0, cannot: 0 },
    });

    const bb = (await rest(`/artifacts/${id}/export-check?target=blackboard`, u.auth)).json();
    expect(bb.format).toBe('blackboard');
    expect(bb.items[0]).toMatchObject({
      ref: 'Question 1',
      status: 'changes',
      statusLabel: 'Imports with changes',
    });
    expect(bb.items[0].note).toContain('Feedback is dropped');
    expect(bb.items[1].note).toContain('all or nothing');

    const canvas = (await rest(`/artifacts/${id}/export-check?target=canvas`, u.auth)).json();
    expect(canvas.format).toBe('qti12');
    expect(canvas.items.map((i: { status: string }) => i.status)).toEqual([
      'as_is',
      'changes',
      'as_is',
      'as_is',
      'as_is',
    ]);

    const cmi5 = (await rest(`/artifacts/${id}/export-check?target=cmi5`, u.auth)).json();
    expect(cmi5).toMatchObject({ format: 'cmi5', counts: { as_is: 5, changes: 0, cannot: 0 } });

    const bad = await rest(`/artifacts/${id}/export-check?target=ilias`, u.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('Target must be one of moodle, canvas');
    expect((await rest(`/artifacts/${id}/export-check?target=moodle`)).statusCode).toBe(401);
    const other = await createSignedInUser(s.services, { plan: 'pro' });
    expect((await rest(`/artifacts/${id}/export-check?target=moodle`, other.auth)).statusCode).toBe(404);
  });
});
