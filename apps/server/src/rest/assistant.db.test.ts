// The assistant over REST and tRPC (SPEC §7 Assistant): sessions by type with their defaults, REST/tRPC parity
// for every procedure, ownership (404 everywhere), PLAN_FEATURE for the Assessment Builder below Pro, send and
// SSE streaming on the shared pipeline (quota once per exchange, released on failure, 409, Stop, watch), files
// attached to the user message and given to the model, the session types' offline behaviours, and session
// deletion removing the stored files.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { createOfflineProvider } from '../../../../packages/api/src/services/llm/offline.js';
import type { LlmMessage, LlmProvider, LlmRequest } from '../../../../packages/api/src/services/llm/types.js';
import { storageKeys } from '../../../../packages/api/src/services/storage/keys.js';
import { createTestServer, type TestServer } from '../testing.js';
import { sendOverTrpc } from '../trpc-send.testing.js';

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
type Json = Record<string, unknown>;
const user = (o: Parameters<typeof createSignedInUser>[1] = {}) =>
  createSignedInUser(s.services, { plan: 'pro', ...o });

const rest = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth, payload?: object) =>
  s.app.inject({ method, url: `/api${url}`, headers: auth, ...(payload !== undefined ? { payload } : {}) });
const trpcQuery = (p: string, input: unknown, auth: Auth) =>
  s.app.inject({
    method: 'GET',
    url: `/trpc/${p}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
    headers: auth,
  });
const trpcMutation = (p: string, input: unknown, auth: Auth) =>
  s.app.inject({
    method: 'POST',
    url: `/trpc/${p}`,
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify(input === undefined ? {} : { json: input }),
  });
const trpcData = (res: { json(): unknown }) =>
  (res.json() as { result: { data: { json: Json } } }).result.data.json;
const trpcError = (res: { json(): unknown }) =>
  (res.json() as { error: { json: { message: string; data: { appCode?: string; httpStatus: number } } } })
    .error.json;

async function newSession(auth: Auth, body: Json = {}) {
  const res = await rest('POST', '/assistant/sessions', auth, body);
  expect(res.statusCode).toBe(201);
  return res.json().session as { id: string; title: string; sessionType: string };
}
const send = (auth: Auth, id: string, message: unknown, fileIds?: unknown) =>
  rest('POST', `/assistant/sessions/${id}/messages`, auth, { message, ...(fileIds ? { fileIds } : {}) });
const stream = (auth: Auth, id: string, message: unknown, fileIds?: unknown) =>
  rest('POST', `/assistant/sessions/${id}/messages/stream`, auth, {
    message,
    ...(fileIds ? { fileIds } : {}),
  });
const messagesOf = async (auth: Auth, id: string) =>
  (await rest('GET', `/assistant/sessions/${id}/messages`, auth)).json();
const used = async (userId: string) => (await s.services.quota.usage(userId))?.messagesUsed ?? 0;
const events = (body: string) =>
  body
    .split('\n\n')
    .filter((b) => b && !b.startsWith(':'))
    .map((block) => {
      expect(block.startsWith('data: ')).toBe(true);
      const data = block.slice(6);
      return data === '[DONE]' ? '[DONE]' : (JSON.parse(data) as Json);
    });

/** Drops what differs between two equal results (ids and times). */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !['id', 'createdAt', 'updatedAt', 'messageId'].includes(k))
        .map(([k, x]) => [k, shape(x)]),
    );
  return v;
}

/** A provider that records its requests and streams `parts` (pausing), then optionally fails. */
function scripted(parts: string[], o: { delayMs?: number; fail?: boolean } = {}) {
  const requests: LlmRequest[] = [];
  const provider: LlmProvider = {
    kind: 'offline',
    model: 'scripted',
    generateObject: createOfflineProvider().generateObject,
    async *stream(req) {
      requests.push(req);
      for (const p of parts) {
        await new Promise((r) => setTimeout(r, o.delayMs ?? 0));
        if (req.signal?.aborted) throw req.signal.reason;
        yield { type: 'delta', content: p };
      }
      if (o.fail) throw new Error('upstream exploded');
      yield { type: 'usage', usage: { promptTokens: 5, completionTokens: 7, totalTokens: 12 } };
    },
  };
  return { provider, requests };
}

/** Uploads a text file through the files route and waits for its extraction. */
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
  return res.json().file as { id: string; filename: string };
}

describe('assistant sessions', () => {
  it('defaults: title "New L&D Session", type LND_COPILOT; every type can be created; views', async () => {
    const u = await user();
    const a = await newSession(u.auth);
    expect(a).toMatchObject({
      title: 'New L&D Session',
      sessionType: 'LND_COPILOT',
      status: 'ACTIVE',
      messageCount: 0,
    });
    expect(Object.keys(a).sort()).toEqual(
      ['createdAt', 'id', 'messageCount', 'sessionType', 'status', 'title', 'updatedAt'].sort(),
    );
    const types = ['SME_WALKTHROUGH', 'MICROLEARNING', 'ASSESSMENT_BUILDER', 'EXPERT_PANEL'];
    for (const sessionType of types)
      expect(await newSession(u.auth, { sessionType, title: `  ${sessionType} ` })).toMatchObject({
        sessionType,
        title: sessionType,
      });
    expect((await newSession(u.auth, { title: '' })).title).toBe('New L&D Session');

    const list = (await rest('GET', '/assistant/sessions', u.auth)).json().sessions as {
      sessionType: string;
    }[];
    expect(list).toHaveLength(6);
    expect(list.slice(1, 5).map((x) => x.sessionType)).toEqual([...types].reverse());
    const five = await rest('GET', '/assistant/sessions?limit=5', u.auth);
    expect(five.json().sessions).toHaveLength(5);
    expect((await rest('GET', '/assistant/sessions?limit=0', u.auth)).statusCode).toBe(400);

    const bad = await rest('POST', '/assistant/sessions', u.auth, { sessionType: 'PODCAST' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_error');

    const renamed = await rest('PUT', `/assistant/sessions/${a.id}`, u.auth, { title: ' Onboarding ' });
    expect(renamed.json().session).toMatchObject({ id: a.id, title: 'Onboarding' });
    expect((await rest('PUT', `/assistant/sessions/${a.id}`, u.auth, { title: ' ' })).statusCode).toBe(400);
    expect(await messagesOf(u.auth, a.id)).toMatchObject({
      session: { id: a.id, title: 'Onboarding' },
      messages: [],
      generating: false,
    });
    expect((await rest('DELETE', `/assistant/sessions/${a.id}`, u.auth)).json()).toEqual({ success: true });
    expect((await rest('GET', `/assistant/sessions/${a.id}/messages`, u.auth)).statusCode).toBe(404);
  });

  it("another user's session is 404 on every path (REST and tRPC)", async () => {
    const owner = await user();
    const other = await user();
    const sess = await newSession(owner.auth);
    expect((await send(owner.auth, sess.id, 'objectives for safety')).statusCode).toBe(200);
    const calls = await Promise.all([
      rest('GET', `/assistant/sessions/${sess.id}/messages`, other.auth),
      rest('PUT', `/assistant/sessions/${sess.id}`, other.auth, { title: 'x' }),
      rest('DELETE', `/assistant/sessions/${sess.id}`, other.auth),
      send(other.auth, sess.id, 'hello'),
      stream(other.auth, sess.id, 'hello'),
      rest('POST', `/assistant/sessions/${sess.id}/stop`, other.auth),
    ]);
    for (const res of calls) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Assistant session not found', code: 'NOT_FOUND' });
    }
    for (const [p, query] of [
      ['assistant.getSession', true],
      ['assistant.renameSession', false],
      ['assistant.deleteSession', false],
      ['assistant.send', false],
      ['assistant.stop', false],
    ] as const) {
      const input = { sessionId: sess.id, title: 'x', message: 'hi' };
      const res = query ? await trpcQuery(p, input, other.auth) : await trpcMutation(p, input, other.auth);
      expect(res.statusCode, p).toBe(404);
      expect(trpcError(res).message).toBe('Assistant session not found');
    }
    // The streaming send's first step refuses at once; watch ends with the same error.
    const prepared = await trpcMutation(
      'assistant.prepareSend',
      { sessionId: sess.id, message: 'hi' },
      other.auth,
    );
    expect(prepared.statusCode).toBe(404);
    expect(trpcError(prepared).message).toBe('Assistant session not found');
    const watched = await trpcQuery('assistant.watch', { sessionId: sess.id }, other.auth);
    expect(watched.body).toContain('Assistant session not found');
    expect((await rest('GET', '/assistant/sessions', other.auth)).json().sessions).toEqual([]);
    expect((await messagesOf(owner.auth, sess.id)).messages).toHaveLength(2);
    expect(await used(other.user.id)).toBe(0);
  });
});

describe('REST and tRPC give the same results', () => {
  it('for every procedure', async () => {
    const u = await user();
    // createSession
    const viaRest = await rest('POST', '/assistant/sessions', u.auth, { sessionType: 'MICROLEARNING' });
    const viaTrpc = await trpcMutation('assistant.createSession', { sessionType: 'MICROLEARNING' }, u.auth);
    expect(viaRest.statusCode).toBe(201);
    expect(shape(trpcData(viaTrpc))).toEqual(shape(viaRest.json()));
    const a = viaRest.json().session.id as string;
    const b = (trpcData(viaTrpc).session as { id: string }).id;
    const defaults = await trpcMutation('assistant.createSession', undefined, u.auth);
    expect(shape(trpcData(defaults))).toEqual(
      shape((await rest('POST', '/assistant/sessions', u.auth, {})).json()),
    );

    // send (the offline answers are deterministic)
    const sentRest = await send(u.auth, a, 'Microlearning on phishing for office staff');
    const sentTrpc = await trpcMutation(
      'assistant.send',
      { sessionId: b, message: 'Microlearning on phishing for office staff' },
      u.auth,
    );
    expect(sentRest.statusCode).toBe(200);
    expect(Object.keys(sentRest.json()).sort()).toEqual(['assistantMessage', 'session', 'userMessage']);
    expect(shape(trpcData(sentTrpc))).toEqual(shape(sentRest.json()));

    // sendStream: the REST SSE route and the tRPC subscription stream the same text
    const restStream = events((await stream(u.auth, a, 'retrieval plan please')).body);
    const restText = restStream
      .map((e) => (typeof e === 'object' && e.type === 'content' ? e.content : ''))
      .join('');
    const sub = await sendOverTrpc(s.app, 'assistant', u.auth, {
      sessionId: b,
      message: 'retrieval plan please',
    });
    const trpcText = [...sub.body.matchAll(/"type":"content","content":("(?:[^"\\]|\\.)*")/g)]
      .map((m) => JSON.parse(m[1]!) as string)
      .join('');
    // A deliverable asked in chat answers with the Markdown of its typed card, on the session's topic.
    expect(restText).toMatch(/^# Learning plan .*: Phishing/);
    expect(trpcText).toBe(restText);

    // getSession, renameSession, listSessions
    const gotRest = (await messagesOf(u.auth, a)) as Json;
    const gotTrpc = trpcData(await trpcQuery('assistant.getSession', { sessionId: b }, u.auth));
    expect(shape(gotTrpc)).toEqual(shape(gotRest));
    expect(gotRest.messages).toHaveLength(4);
    expect(
      shape(trpcData(await trpcMutation('assistant.renameSession', { sessionId: b, title: 'Same' }, u.auth))),
    ).toEqual(shape((await rest('PUT', `/assistant/sessions/${a}`, u.auth, { title: 'Same' })).json()));
    expect(trpcData(await trpcQuery('assistant.listSessions', { limit: 2 }, u.auth))).toEqual(
      (await rest('GET', '/assistant/sessions?limit=2', u.auth)).json(),
    );

    // stop, deleteSession
    expect(trpcData(await trpcMutation('assistant.stop', { sessionId: b }, u.auth))).toEqual(
      (await rest('POST', `/assistant/sessions/${a}/stop`, u.auth)).json(),
    );
    expect(trpcData(await trpcMutation('assistant.deleteSession', { sessionId: b }, u.auth))).toEqual(
      (await rest('DELETE', `/assistant/sessions/${a}`, u.auth)).json(),
    );

    // errors: same status, message and code
    const restErr = await send(u.auth, a, 'gone');
    const trpcErr = await trpcMutation('assistant.send', { sessionId: b, message: 'gone' }, u.auth);
    expect(trpcErr.statusCode).toBe(restErr.statusCode);
    expect(trpcError(trpcErr).message).toBe(restErr.json().error);
    const restBad = await send(u.auth, a, '   ');
    const trpcBad = await trpcMutation('assistant.send', { sessionId: b, message: '   ' }, u.auth);
    expect([restBad.statusCode, trpcBad.statusCode]).toEqual([400, 400]);
    expect(trpcError(trpcBad).message).toBe(restBad.json().error);
  });
});

describe('plan features', () => {
  it('the Assessment Builder: Starter gets 403 PLAN_FEATURE on create and send; Pro, Team and staff may', async () => {
    const starter = await user({ plan: 'starter' });
    const res = await rest('POST', '/assistant/sessions', starter.auth, {
      sessionType: 'ASSESSMENT_BUILDER',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'PLAN_FEATURE',
      error: 'The Assessment Builder is included in the Pro and Team plans. Upgrade your plan to use it.',
      sessionType: 'ASSESSMENT_BUILDER',
      plans: ['pro', 'team'],
    });
    const viaTrpc = await trpcMutation(
      'assistant.createSession',
      { sessionType: 'ASSESSMENT_BUILDER' },
      starter.auth,
    );
    expect(viaTrpc.statusCode).toBe(403);
    expect(trpcError(viaTrpc).data.appCode).toBe('PLAN_FEATURE');
    // Other types stay open to Starter.
    await newSession(starter.auth, { sessionType: 'SME_WALKTHROUGH' });
    expect((await rest('GET', '/assistant/sessions', starter.auth)).json().sessions).toHaveLength(1);

    // A session made on Pro cannot be used after a downgrade to Starter.
    const downgraded = await user();
    const sess = await newSession(downgraded.auth, { sessionType: 'ASSESSMENT_BUILDER' });
    expect((await send(downgraded.auth, sess.id, 'items for: 1. Identify hazards')).statusCode).toBe(200);
    await s.services.db.subscription.update({
      where: { userId: downgraded.user.id },
      data: { planId: 'starter' },
    });
    for (const r of [
      await send(downgraded.auth, sess.id, 'more'),
      await stream(downgraded.auth, sess.id, 'more'),
    ]) {
      expect(r.statusCode).toBe(403);
      expect(r.json().code).toBe('PLAN_FEATURE');
    }
    expect(await used(downgraded.user.id)).toBe(1);

    const team = await user({ plan: 'team' });
    const t = await newSession(team.auth, { sessionType: 'ASSESSMENT_BUILDER' });
    expect((await send(team.auth, t.id, 'a quiz on GDPR')).statusCode).toBe(200);
    const staff = await createSignedInUser(s.services, { isAdmin: true });
    const st = await newSession(staff.auth, { sessionType: 'ASSESSMENT_BUILDER' });
    expect((await send(staff.auth, st.id, 'a quiz on GDPR')).statusCode).toBe(200);
    const noPlan = await createSignedInUser(s.services);
    expect(
      (await rest('POST', '/assistant/sessions', noPlan.auth, { sessionType: 'ASSESSMENT_BUILDER' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('send', () => {
  it('answers {userMessage, assistantMessage}; titles the session from the first message; one quota message', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const res = await send(
      u.auth,
      sess.id,
      'Design a course on difficult conversations for new team leaders',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.userMessage).toMatchObject({
      role: 'USER',
      content: 'Design a course on difficult conversations for new team leaders',
      messageType: 'REGULAR',
      files: [],
      tokensUsed: 0,
    });
    expect(body.assistantMessage).toMatchObject({ role: 'ASSISTANT', messageType: 'REGULAR', files: [] });
    // Issue 12: asking for a course makes a learning plan artifact; the answer's text is its Markdown.
    expect(body.assistantMessage.content).toMatch(/^# Learning plan .*: difficult conversations/i);
    expect(body.assistantMessage.artifacts).toEqual([expect.objectContaining({ kind: 'plan', version: 1 })]);
    expect(body.assistantMessage.tokensUsed).toBeGreaterThan(0);
    expect(body.session).toMatchObject({
      title: 'Design a course on difficult conversations for new…',
      messageCount: 2,
    });
    expect(await used(u.user.id)).toBe(1);
    const log = await s.services.db.usageLog.findFirst({
      where: { userId: u.user.id, procedure: 'assistant.send' },
      orderBy: { timestamp: 'desc' },
    });
    expect(log).toMatchObject({ action: 'CHAT_MESSAGE', status: 'success', usage: 1 });
  });

  it('streams content, complete and [DONE]; errors before the start are JSON; failures cost nothing', async () => {
    const u = await user();
    const sess = await newSession(u.auth, { sessionType: 'EXPERT_PANEL' });
    const res = await stream(u.auth, sess.id, 'Should onboarding for new nurses be blended?');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const evs = events(res.body);
    expect(evs.at(-1)).toBe('[DONE]');
    const complete = evs.at(-2) as { type: string; message: Json };
    expect(complete.type).toBe('complete');
    expect(complete.message).toMatchObject({ role: 'ASSISTANT', messageType: 'REGULAR', files: [] });
    const text = evs
      .slice(0, -2)
      .map((e) => (e as { type: string; content: string }).content)
      .join('');
    expect(evs.slice(0, -2).every((e) => (e as Json).type === 'content')).toBe(true);
    expect(text).toBe(complete.message.content);
    expect(text).toContain('## Expert panel: onboarding');
    expect(await used(u.user.id)).toBe(1);

    // Validation and ownership fail before the stream starts: plain JSON with the status.
    const empty = await stream(u.auth, sess.id, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.headers['content-type']).toContain('application/json');

    // A failing model: an error event, nothing stored, the message given back.
    s.services.llm = scripted(['half ', 'an answer'], { fail: true }).provider;
    const failed = events((await stream(u.auth, sess.id, 'this one fails')).body);
    expect(failed.slice(-2)).toEqual([
      { type: 'error', error: 'Failed to send message. Please try again.' },
      '[DONE]',
    ]);
    expect(await used(u.user.id)).toBe(1);
    expect((await messagesOf(u.auth, sess.id)).messages).toHaveLength(2);
    const nonStreamed = await send(u.auth, sess.id, 'this one fails too');
    expect(nonStreamed.statusCode).toBe(502);
    expect(await used(u.user.id)).toBe(1);
  });

  it('the tRPC subscription streams start/content/complete', async () => {
    const u = await user();
    const sess = await newSession(u.auth, { sessionType: 'SME_WALKTHROUGH' });
    const res = await sendOverTrpc(s.app, 'assistant', u.auth, {
      sessionId: sess.id,
      message: 'SME walkthrough on forklift checks',
    });
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.body).toContain('"type":"start"');
    expect(res.body).toContain('"type":"complete"');
    expect(res.body).toContain('Question 1 of 6');
    expect(await used(u.user.id)).toBe(1);
  });

  it('the session type reaches the model as the profile hint, with its own system prompt', async () => {
    const u = await user();
    const { provider, requests } = scripted(['ok']);
    s.services.llm = provider;
    for (const type of [
      'LND_COPILOT',
      'SME_WALKTHROUGH',
      'MICROLEARNING',
      'ASSESSMENT_BUILDER',
      'EXPERT_PANEL',
    ]) {
      const sess = await newSession(u.auth, { sessionType: type });
      expect((await send(u.auth, sess.id, 'hello')).statusCode).toBe(200);
    }
    expect(requests.map((r) => r.profile)).toEqual([
      'LND_COPILOT',
      'SME_WALKTHROUGH',
      'MICROLEARNING',
      'ASSESSMENT_BUILDER',
      'EXPERT_PANEL',
    ]);
    const systems = requests.map((r) => r.messages[0]!);
    expect(systems.every((m) => m.role === 'system')).toBe(true);
    expect(new Set(systems.map((m) => m.content)).size).toBe(5);
    expect(systems[1]!.content).toContain('Where this session stands: Mode: walkthrough.');
    expect(requests[0]!.messages.at(-1)).toEqual({ role: 'user', content: 'hello' });
  });

  it('each session type answers in its own way over the API', async () => {
    const u = await user({ plan: 'team' });
    const answers: string[] = [];
    for (const type of [
      'LND_COPILOT',
      'SME_WALKTHROUGH',
      'MICROLEARNING',
      'ASSESSMENT_BUILDER',
      'EXPERT_PANEL',
    ]) {
      const sess = await newSession(u.auth, { sessionType: type });
      answers.push(
        (await send(u.auth, sess.id, 'Training on data privacy for sales reps')).json().assistantMessage
          .content,
      );
    }
    expect(new Set(answers).size).toBe(5);
    expect(answers[1]).toContain('## SME walkthrough: data privacy');
  });

  it('the SME walkthrough asks one question per message and summarises after the answers', async () => {
    const u = await user();
    const sess = await newSession(u.auth, { sessionType: 'SME_WALKTHROUGH' });
    const replies: string[] = [];
    for (const m of [
      'SME walkthrough on handling refund requests',
      'New support agents',
      'They refund without checking eligibility',
      'Verify the order; check the policy; issue the refund; log it',
      'Refunding twice',
      'The CRM and the refund matrix',
      'Shadow three calls',
    ])
      replies.push((await send(u.auth, sess.id, m)).json().assistantMessage.content);
    replies.slice(0, 6).forEach((r, i) => expect(r).toContain(`### Question ${i + 1} of 6`));
    // Issue 12: the summary is an SME interview summary artifact, rendered as the answer.
    expect(replies[6]).toMatch(/^# SME interview summary: handling refund requests/i);
    expect(replies[6]).toContain('Verify the order');
    const got = await messagesOf(u.auth, sess.id);
    expect(got.messages).toHaveLength(14);
    expect(got.session.messageCount).toBe(14);
  });

  it('one send at a time per session (409); Stop keeps the text so far; watch follows a running reply', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    s.services.llm = scripted(
      Array.from({ length: 100 }, (_, i) => `w${i} `),
      { delayMs: 20 },
    ).provider;
    const first = stream(u.auth, sess.id, 'a long answer please');
    await expect.poll(async () => (await messagesOf(u.auth, sess.id)).generating).toBe(true);
    const second = await send(u.auth, sess.id, 'me too');
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('SEND_IN_PROGRESS');
    const watched = trpcQuery('assistant.watch', { sessionId: sess.id }, u.auth);
    await new Promise((r) => setTimeout(r, 150));
    expect((await rest('POST', `/assistant/sessions/${sess.id}/stop`, u.auth)).statusCode).toBe(200);
    const evs = events((await first).body);
    // Issue 17: Stop after some text keeps the exchange with its partial answer (one message of quota).
    expect(evs.at(-2)).toMatchObject({ type: 'complete' });
    expect(evs.at(-1)).toBe('[DONE]');
    const w = await watched;
    expect(w.body).toContain('"type":"progress"');
    expect(w.body).toContain('"type":"end"');
    const after = await messagesOf(u.auth, sess.id);
    expect(after).toMatchObject({ generating: false, session: { title: 'a long answer please' } });
    expect(after.messages).toHaveLength(2);
    expect(after.messages[1].content).toMatch(/^w0 w1 /);
    expect(await used(u.user.id)).toBe(1);
  });

  it('the sweeper undoes assistant exchanges a crash left behind', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const msg = await s.services.db.assistantMessage.create({
      data: { sessionId: sess.id, role: 'USER', content: 'lost', status: 'PENDING' },
    });
    const before = await s.services.db.assistantSession.findUniqueOrThrow({ where: { id: sess.id } });
    await s.services.db.pendingExchange.create({
      data: {
        id: `px_${msg.id}`,
        kind: 'assistant',
        sessionId: sess.id,
        userMessageId: msg.id,
        previousTitle: before.title,
        previousUpdatedAt: before.updatedAt,
        touchedAt: before.updatedAt,
        startedAt: new Date(Date.now() - 3_600_000),
      },
    });
    expect(await s.services.exchangeSweeper.sweep(60_000)).toBeGreaterThanOrEqual(1);
    expect(await s.services.db.assistantMessage.count({ where: { sessionId: sess.id } })).toBe(0);
  });
});

describe('files on a send', () => {
  it('attaches the files to the user message and gives their text to the model; other files are 404', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const file = await uploadText(
      u.auth,
      sess.id,
      'forklift-checklist.txt',
      'Forklift pre-shift checklist\nInspect the forks for cracks before every shift\nTest the horn and the warning lights\nCheck the hydraulic fluid level\nFasten the seat belt before moving\n',
    );
    const res = await send(u.auth, sess.id, 'make a knowledge check', [file.id]);
    expect(res.statusCode).toBe(200);
    const { userMessage, assistantMessage } = res.json();
    expect(userMessage.files).toEqual([
      expect.objectContaining({
        id: file.id,
        filename: 'forklift-checklist.txt',
        status: 'READY',
        messageId: userMessage.id,
      }),
    ]);
    // Issue 12: a knowledge check is a quiz artifact built from the file (its Markdown has no Sources line).
    expect(assistantMessage.artifacts).toEqual([expect.objectContaining({ kind: 'quiz', version: 1 })]);
    expect(assistantMessage.content).toContain('Inspect the forks for cracks before every shift');
    const got = await messagesOf(u.auth, sess.id);
    expect(got.messages[0].files.map((f: Json) => f.id)).toEqual([file.id]);

    // The model sees the file context (with markers) between the system prompt and the conversation.
    const { provider, requests } = scripted(['noted']);
    s.services.llm = provider;
    expect((await send(u.auth, sess.id, 'what about the hydraulic fluid?', [file.id])).statusCode).toBe(200);
    const msgs = requests[0]!.messages as LlmMessage[];
    expect(msgs[1]!.role).toBe('system');
    expect(msgs[1]!.content).toContain(`[file: forklift-checklist.txt, part 1 of 1, id ${file.id}]`);
    // Already sent with the first message: it stays there.
    const again = await messagesOf(u.auth, sess.id);
    expect(again.messages[2].files).toEqual([]);
    expect(again.messages[0].files.map((f: Json) => f.id)).toEqual([file.id]);

    // Files of another session or another user are 404, and nothing is charged or stored.
    const otherSession = await newSession(u.auth);
    const stranger = await user();
    const strangerSession = await newSession(stranger.auth);
    const strangerFile = await uploadText(stranger.auth, strangerSession.id, 'x.txt', 'private notes here');
    const count = await used(u.user.id);
    for (const [sid, ids] of [
      [otherSession.id, [file.id]],
      [sess.id, [strangerFile.id]],
      [sess.id, [file.id, 'nope']],
    ] as const) {
      const r = await send(u.auth, sid, 'use it', ids);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ error: 'File not found', code: 'NOT_FOUND' });
    }
    expect((await stream(u.auth, sess.id, 'use it', [strangerFile.id])).statusCode).toBe(404);
    expect((await send(u.auth, sess.id, 'x', 'not-a-list')).statusCode).toBe(400);
    expect(await used(u.user.id)).toBe(count);
  });

  it('a failed exchange leaves its files unattached, to be sent again', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const file = await uploadText(u.auth, sess.id, 'notes.txt', 'Always wear gloves when handling solvents');
    s.services.llm = scripted(['x'], { fail: true }).provider;
    // A question (a request for a card, such as "summarise my notes", is built by generateObject, which this
    // scripted model does not fail).
    expect((await send(u.auth, sess.id, 'what do my notes say about gloves?', [file.id])).statusCode).toBe(
      502,
    );
    const row = await s.services.db.sessionFile.findUniqueOrThrow({ where: { id: file.id } });
    expect(row.messageId).toBe(null);
    s.services.llm = createOfflineProvider({ delayMs: 0 });
    const ok = await send(u.auth, sess.id, 'summarise my notes', [file.id]);
    expect(ok.json().userMessage.files.map((f: Json) => f.id)).toEqual([file.id]);
  });

  it('deleting a session deletes its stored files (and only those)', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const keep = await newSession(u.auth);
    const gone = await uploadText(u.auth, sess.id, 'a.txt', 'first file text');
    const kept = await uploadText(u.auth, keep.id, 'b.txt', 'second file text');
    const keyOf = (sessionId: string, fileId: string) =>
      storageKeys.sessionFile(u.user.id, sessionId, fileId);
    expect(await s.services.storage.exists(keyOf(sess.id, gone.id))).toBe(true);
    expect((await rest('DELETE', `/assistant/sessions/${sess.id}`, u.auth)).statusCode).toBe(200);
    expect(await s.services.storage.exists(keyOf(sess.id, gone.id))).toBe(false);
    expect(await s.services.db.sessionFile.count({ where: { id: gone.id } })).toBe(0);
    expect(await s.services.storage.exists(keyOf(keep.id, kept.id))).toBe(true);
  });
});
