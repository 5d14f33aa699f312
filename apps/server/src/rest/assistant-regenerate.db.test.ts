// Regenerate and Edit in the assistant (issue 17 item 4): the same pipeline as chat's, plus what only the
// assistant has — the user message's files go with the new exchange, and the replaced answer's artifact work
// is removed in the replacing answer's transaction (no duplicate artifact, no stray version).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { createOfflineProvider } from '../../../../packages/api/src/services/llm/offline.js';
import type { LlmMessage, LlmProvider, LlmRequest } from '../../../../packages/api/src/services/llm/types.js';
import { createTestServer, type TestServer } from '../testing.js';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer({
    extraction: { timeoutMs: 20_000, maxChars: 200_000, workers: 1, memoryMb: 256 },
  });
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
const rest = (method: 'GET' | 'POST', url: string, auth: Auth, payload?: object) =>
  s.app.inject({ method, url: `/api${url}`, headers: auth, ...(payload !== undefined ? { payload } : {}) });
const used = async (userId: string) => (await s.services.quota.usage(userId))?.messagesUsed ?? 0;
const messagesOf = async (auth: Auth, id: string) =>
  (await rest('GET', `/assistant/sessions/${id}/messages`, auth)).json().messages as Json[];
const events = (body: string) =>
  body
    .split('\n\n')
    .filter((b) => b.startsWith('data: ') && b !== 'data: [DONE]')
    .map((b) => JSON.parse(b.slice(6)) as Json);

async function newSession(auth: Auth) {
  const res = await rest('POST', '/assistant/sessions', auth, {});
  expect(res.statusCode).toBe(201);
  return res.json().session as { id: string };
}
const regenerate = (auth: Auth, sid: string, mid: string, stream = false) =>
  rest('POST', `/assistant/sessions/${sid}/messages/${mid}/regenerate${stream ? '/stream' : ''}`, auth);
const edit = (auth: Auth, sid: string, mid: string, message: unknown, stream = false) =>
  rest('POST', `/assistant/sessions/${sid}/messages/${mid}/edit${stream ? '/stream' : ''}`, auth, {
    message,
  });

/** A provider that records its requests and streams `parts`, then optionally fails. */
function scripted(parts: string[], o: { fail?: boolean } = {}) {
  const requests: LlmRequest[] = [];
  const provider: LlmProvider = {
    kind: 'offline',
    model: 'scripted',
    generateObject: createOfflineProvider().generateObject,
    async *stream(req) {
      requests.push(req);
      for (const p of parts) yield { type: 'delta', content: p };
      if (o.fail) throw new Error('upstream exploded');
      yield { type: 'usage', usage: { promptTokens: 5, completionTokens: 7, totalTokens: 12 } };
    },
  };
  return { provider, requests };
}

async function uploadText(auth: Auth, sessionId: string, name: string, text: string) {
  const boundary = `----t${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/assistant/sessions/${sessionId}/files`,
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode).toBe(201);
  await s.services.files.processor.idle();
  return res.json().file as { id: string };
}

describe('assistant Regenerate and Edit', () => {
  it('replace the last exchange (JSON and SSE twins); files stay with it; one message each; 409 stale, 400, 404', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const file = await uploadText(u.auth, sess.id, 'notes.txt', 'Always wear gloves when handling solvents');
    s.services.llm = scripted(['First answer']).provider;
    const first = await rest('POST', `/assistant/sessions/${sess.id}/messages`, u.auth, {
      message: 'What do my notes say?',
      fileIds: [file.id],
    });
    expect(first.statusCode).toBe(200);
    const a1 = first.json().assistantMessage.id as string;

    // Regenerate sends the same message with the same files again (the model sees the file's text).
    const { provider, requests } = scripted(['Second ', 'answer']);
    s.services.llm = provider;
    const regen = await regenerate(u.auth, sess.id, a1);
    expect(regen.statusCode).toBe(200);
    expect(regen.json()).toMatchObject({
      userMessage: { content: 'What do my notes say?', files: [{ id: file.id }] },
      assistantMessage: { content: 'Second answer', messageType: 'REGULAR' },
      session: { messageCount: 2 },
    });
    const sent = requests[0]!.messages as LlmMessage[];
    expect(sent.some((m) => m.content.includes('Always wear gloves'))).toBe(true);
    expect(sent.filter((m) => m.role === 'assistant')).toEqual([]);
    const q2 = regen.json().userMessage.id as string;
    let stored = await messagesOf(u.auth, sess.id);
    expect(stored.map((m) => m.content)).toEqual(['What do my notes say?', 'Second answer']);
    expect(stored[0]!.files.map((f: Json) => [f.id, f.messageId])).toEqual([[file.id, q2]]);

    // The old answer's id is stale now; so is the old user message's.
    const stale = await regenerate(u.auth, sess.id, a1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: expect.stringMatching(/no longer the last message/),
      code: 'CONFLICT',
    });
    expect((await edit(u.auth, sess.id, first.json().userMessage.id, 'x')).statusCode).toBe(409);

    // Edit over SSE: the text changes, the files stay on the new user message.
    s.services.llm = scripted(['Edited ', 'answer']).provider;
    const edited = await edit(u.auth, sess.id, q2, 'What do my notes say about gloves?', true);
    expect(edited.statusCode).toBe(200);
    const evs = events(edited.body);
    expect(evs.at(-1)).toMatchObject({ type: 'complete', message: { content: 'Edited answer' } });
    stored = await messagesOf(u.auth, sess.id);
    expect(stored.map((m) => m.content)).toEqual(['What do my notes say about gloves?', 'Edited answer']);
    expect(stored[0]!.files.map((f: Json) => f.id)).toEqual([file.id]);
    expect(await used(u.user.id)).toBe(3);

    // Regenerate over SSE, then bad input: nothing is charged.
    s.services.llm = scripted(['Third']).provider;
    const regenStream = await regenerate(u.auth, sess.id, stored[1]!.id, true);
    expect(events(regenStream.body).at(-1)).toMatchObject({
      type: 'complete',
      message: { content: 'Third' },
    });
    expect(await used(u.user.id)).toBe(4);
    stored = await messagesOf(u.auth, sess.id);
    expect((await edit(u.auth, sess.id, stored[0]!.id, '   ')).statusCode).toBe(400);
    // The user message is not an answer to regenerate, and an answer is not a message to edit.
    expect((await regenerate(u.auth, sess.id, stored[0]!.id)).statusCode).toBe(409);
    expect((await edit(u.auth, sess.id, stored[1]!.id, 'x')).statusCode).toBe(409);
    const other = await user();
    expect((await regenerate(other.auth, sess.id, stored[1]!.id)).statusCode).toBe(404);
    const empty = await newSession(u.auth);
    const none = await regenerate(u.auth, empty.id, 'cmnothing');
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatch(/no message to regenerate or edit/);
    expect(await used(u.user.id)).toBe(4);
  });

  it('a failed regenerate leaves the exchange, its files and the quota as they were', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const file = await uploadText(u.auth, sess.id, 'notes.txt', 'Lock out the press before cleaning it');
    // A question, not a request for an artifact ("summarise my notes" now makes an SME summary card, built by
    // generateObject, which this scripted model does not fail).
    const ok = await rest('POST', `/assistant/sessions/${sess.id}/messages`, u.auth, {
      message: 'what do my notes say about the press?',
      fileIds: [file.id],
    });
    const before = await messagesOf(u.auth, sess.id);
    s.services.llm = scripted(['partial'], { fail: true }).provider;
    expect((await regenerate(u.auth, sess.id, ok.json().assistantMessage.id)).statusCode).toBe(502);
    expect(await messagesOf(u.auth, sess.id)).toEqual(before);
    const row = await s.services.db.sessionFile.findUniqueOrThrow({ where: { id: file.id } });
    expect(row.messageId).toBe(ok.json().userMessage.id);
    expect(await used(u.user.id)).toBe(1);
  });

  it('regenerating a new artifact leaves one artifact; regenerating a revision leaves one new version', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const made = await rest('POST', `/assistant/sessions/${sess.id}/messages`, u.auth, {
      message: '5 multiple-choice questions on GDPR',
    });
    const answer = made.json().assistantMessage as Json;
    expect(answer.artifacts).toEqual([expect.objectContaining({ kind: 'quiz', version: 1 })]);

    const regen = await regenerate(u.auth, sess.id, answer.id);
    expect(regen.statusCode).toBe(200);
    const again = regen.json().assistantMessage as Json;
    expect(again.artifacts).toEqual([expect.objectContaining({ kind: 'quiz', version: 1 })]);
    const artifacts = await s.services.db.artifact.findMany({ where: { sessionId: sess.id } });
    expect(artifacts.map((a) => [a.id, a.messageId, a.version])).toEqual([
      [again.artifacts[0].id, again.id, 1],
    ]);
    expect(await s.services.db.artifactVersion.count({ where: { artifactId: answer.artifacts[0].id } })).toBe(
      0,
    );
    const quizId = again.artifacts[0].id as string;

    // A revision, regenerated: it revises version 1 again, and the replaced version 2 is gone.
    const revised = (
      await rest('POST', `/assistant/sessions/${sess.id}/messages`, u.auth, {
        message: 'revise: make it shorter',
      })
    ).json().assistantMessage as Json;
    expect(revised.artifacts).toEqual([expect.objectContaining({ id: quizId, version: 2 })]);
    const reRevised = (await regenerate(u.auth, sess.id, revised.id)).json().assistantMessage as Json;
    expect(reRevised.artifacts).toEqual([expect.objectContaining({ id: quizId, version: 3 })]);
    const detail = (await rest('GET', `/artifacts/${quizId}`, u.auth)).json();
    expect(detail).toMatchObject({ version: 3, latestVersion: 3 });
    expect(detail.versions.map((v: Json) => [v.version, v.source, v.messageId])).toEqual([
      [3, 'revise', reRevised.id],
      [1, 'generated', again.id],
    ]);

    // Edited into a plain question: the revision goes and the quiz is back at version 1.
    s.services.llm = scripted(['Plain answer']).provider;
    const plain = await edit(
      u.auth,
      sess.id,
      (await messagesOf(u.auth, sess.id))[2]!.id,
      'thanks, what next?',
    );
    expect(plain.statusCode).toBe(200);
    expect(plain.json().assistantMessage.artifacts).toEqual([]);
    const back = (await rest('GET', `/artifacts/${quizId}`, u.auth)).json();
    expect(back).toMatchObject({ version: 1, latestVersion: 1 });
    expect(back.versions.map((v: Json) => v.version)).toEqual([1]);
    expect(await s.services.db.artifact.count({ where: { sessionId: sess.id } })).toBe(1);
    expect(await used(u.user.id)).toBe(5);
  });

  it('Starter: regenerating a quiz is 403 PLAN_FEATURE before any quota is used', async () => {
    const u = await user({ plan: 'pro' });
    const sess = await newSession(u.auth);
    const made = await rest('POST', `/assistant/sessions/${sess.id}/messages`, u.auth, {
      message: '5 multiple-choice questions on GDPR',
    });
    expect(made.statusCode).toBe(200);
    await s.services.db.subscription.updateMany({
      where: { userId: u.user.id },
      data: { planId: 'starter' },
    });
    const count = await used(u.user.id);
    const res = await regenerate(u.auth, sess.id, made.json().assistantMessage.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PLAN_FEATURE');
    expect(await used(u.user.id)).toBe(count);
    expect((await messagesOf(u.auth, sess.id)).length).toBe(2);
  });
});
