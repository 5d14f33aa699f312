// Issue 36, part 5: the OpenAI-compatible model path against a scripted chat-completions endpoint this file
// starts. A flawed quiz (four of six questions, a true/false item where none was asked, a vague objective, an
// uncited item, a misquoted one) is repaired by one automatic turn before the card is shown, and the repair is
// in the send's usage-log entry; a repair that is worse keeps the first answer; the intent call's answer
// chooses the kind (and a failed one falls back to the rules); the phrasings give the right card; Fix
// sends the original request, the session type's rules and the file context; max_tokens fits the kind.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { ARTIFACT_FORMAT_NAMES, ARTIFACT_SCHEMAS, type ArtifactKind } from '@app/api/schemas';
import { artifactMaxTokens } from '../../../../packages/api/src/services/artifacts/generate.js';
import {
  INTENT_FORMAT_NAME,
  INTENT_MAX_TOKENS,
} from '../../../../packages/api/src/services/artifacts/intent-model.js';
import {
  flawedForkliftQuiz,
  FORKLIFT_PROCEDURE,
  FORKLIFT_REQUEST,
  goodForkliftQuiz,
} from '../../../../packages/api/src/services/artifacts/repair-test-fixtures.js';
import { parseRequest } from '../../../../packages/api/src/services/content/request.js';
import { createOfflineProvider } from '../../../../packages/api/src/services/llm/offline.js';
import { createOpenAiProvider } from '../../../../packages/api/src/services/llm/openai.js';
import type { LlmMessage } from '../../../../packages/api/src/services/llm/types.js';
import { createTestServer, type TestServer } from '../testing.js';
import { uploadFile } from './file-test-helpers.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Auth = { authorization: string };

/** What the endpoint received, one entry per request. */
interface Received {
  format: string | null;
  maxTokens: number | undefined;
  messages: LlmMessage[];
}
/** An answer: the JSON value to write, or an HTTP status to fail with. */
type Answer = unknown | { status: number };
let script: (r: Received) => Answer;
let received: Received[] = [];

let s: TestServer;
let endpoint: http.Server;
let baseUrl: string;

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
const usageChunk = (n: number) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage: { prompt_tokens: n, completion_tokens: n, total_tokens: 2 * n } })}\n\n`;

beforeAll(async () => {
  endpoint = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const body = JSON.parse(raw) as Json;
      const r: Received = {
        format: body.response_format?.json_schema?.name ?? null,
        maxTokens: body.max_tokens,
        messages: body.messages,
      };
      received.push(r);
      const answer = script(r);
      if (answer && typeof answer === 'object' && 'status' in answer) {
        res.writeHead((answer as { status: number }).status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'scripted failure' } }));
        return;
      }
      const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // The JSON in a few chunks, then the usage: 50 tokens a request (100 for an artifact).
      const parts = text.match(/[\s\S]{1,400}/g) ?? [''];
      res.end(
        `${parts.map(chunk).join('')}${usageChunk(r.format === INTENT_FORMAT_NAME ? 25 : 50)}data: [DONE]\n\n`,
      );
    });
  });
  await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/v1`;
  s = await createTestServer();
  s.services.llm = createOpenAiProvider({
    apiKey: 'sk-test',
    baseUrl,
    model: 'scripted-model',
    timeoutMs: 5_000,
    maxRetries: 0,
  });
});
afterAll(async () => {
  await s?.close();
  endpoint.closeAllConnections();
  await new Promise((r) => endpoint.close(r));
});

const rest = (method: 'GET' | 'POST', url: string, auth: Auth, payload?: object) =>
  s.app.inject({
    method,
    url: `/api${url}`,
    headers: auth,
    ...(payload !== undefined ? { payload } : {}),
  });
const user = () => createSignedInUser(s.services, { plan: 'pro' });
async function newSession(auth: Auth, sessionType = 'LND_COPILOT') {
  const res = await rest('POST', '/assistant/sessions', auth, { sessionType });
  expect(res.statusCode).toBe(201);
  return res.json().session as { id: string };
}
const send = (auth: Auth, id: string, message: string, fileIds: string[] = []) =>
  rest('POST', `/assistant/sessions/${id}/messages`, auth, { message, fileIds });

const uploadText = (auth: Auth, sessionId: string, name: string, body: string) =>
  uploadFile(s, auth, sessionId, { name, body });

/** Answers an intent call with `kind` and the n-th artifact call of any kind with `artifacts[n]`. */
function scripted(kind: ArtifactKind | 'none' | { status: number }, artifacts: Answer[]) {
  let n = 0;
  received = [];
  script = (r) => {
    if (r.format === INTENT_FORMAT_NAME) return typeof kind === 'string' ? { kind } : kind;
    if (r.format === null) return 'A plain answer.';
    return artifacts[Math.min(n++, artifacts.length - 1)];
  };
}

/** What the offline builder makes for a message: a clean artifact for the scripted model to answer with. */
async function offlineArtifact(kind: ArtifactKind, message: string) {
  const { object } = await createOfflineProvider({ delayMs: 0 }).generateObject({
    schema: ARTIFACT_SCHEMAS[kind],
    name: ARTIFACT_FORMAT_NAMES[kind],
    messages: [{ role: 'user', content: message }],
  });
  return object;
}

const lastSendEntry = (userId: string) =>
  s.services.db.usageLog.findFirstOrThrow({
    where: { userId, procedure: 'assistant.send' },
    orderBy: { timestamp: 'desc' },
  });

async function cardOf(auth: Auth, answer: Json) {
  const id = answer.artifacts[0].id as string;
  const res = await rest('GET', `/artifacts/${id}`, auth);
  expect(res.statusCode).toBe(200);
  return res.json() as Json;
}

describe('the repair turn', () => {
  it('a flawed quiz is repaired before the card is shown; the repair is counted in the usage log', async () => {
    const u = await user();
    const sess = await newSession(u.auth, 'ASSESSMENT_BUILDER');
    const file = await uploadText(u.auth, sess.id, 'forklift.txt', FORKLIFT_PROCEDURE);
    const cite = { fileId: file.id, fileName: 'forklift.txt' };
    scripted('quiz', [flawedForkliftQuiz(cite), goodForkliftQuiz(cite)]);

    const res = await send(u.auth, sess.id, FORKLIFT_REQUEST, [file.id]);
    expect(res.statusCode).toBe(200);
    const answer = res.json().assistantMessage as Json;
    expect(answer.artifacts).toEqual([expect.objectContaining({ kind: 'quiz', version: 1 })]);
    const card = await cardOf(u.auth, answer);
    expect(card.data).toEqual(goodForkliftQuiz(cite));
    expect(card.warnings).toEqual([]);
    expect(answer.content).toContain('Which defect on the forks takes the forklift out of service?');

    // Three calls: the intent, the artifact, the one repair turn.
    expect(received.map((r) => r.format)).toEqual([INTENT_FORMAT_NAME, 'quiz', 'quiz']);
    const [intent, first, repair] = received as [Received, Received, Received];
    expect(intent.maxTokens).toBe(INTENT_MAX_TOKENS);
    expect(first.maxTokens).toBe(artifactMaxTokens('quiz', parseRequest(FORKLIFT_REQUEST)));
    expect(repair.maxTokens).toBe(first.maxTokens);
    // The repair turn: the session type's rules, the file context, the request, the JSON and the warnings.
    expect(repair.messages[0]!.content).toContain('Session type: Assessment builder. Follow a blueprint');
    expect(repair.messages.some((m) => m.content.includes(`part 1 of 1, id ${file.id}]`))).toBe(true);
    expect(repair.messages.some((m) => m.role === 'user' && m.content === FORKLIFT_REQUEST)).toBe(true);
    expect(JSON.parse(repair.messages.at(-2)!.content)).toEqual(flawedForkliftQuiz(cite));
    const ask = repair.messages.at(-1)!.content;
    expect(ask).toContain('Asked for 6 questions; this quiz has 4.');
    expect(ask).toContain('Question 2 is true/false, which the request ruled out.');
    expect(ask).toContain('"understand" is not observable');
    // The citation check reads the stored chunk: a quote not in it is one of the warnings repaired.
    expect(ask).toContain(
      'The quote "Check the forklift once a week with the supervisor." is not in forklift.txt, part 1. (at items.2.source)',
    );

    const entry = await lastSendEntry(u.user.id);
    expect(entry).toMatchObject({ action: 'CHAT_MESSAGE', usage: 1, status: 'success' });
    // 50 for the intent call, 100 for each artifact call.
    expect(entry.details).toContain(`session ${sess.id}; 250 tokens; openai`);
    expect(entry.details).toContain('intent by the model');
    expect(entry.details).toContain('artifact repair turn (4 → 0 warnings; kept the repaired version)');
  });

  it('a repair that is worse keeps the first answer, whose warnings stay; Fix then sends the request and the files', async () => {
    const u = await user();
    const sess = await newSession(u.auth, 'ASSESSMENT_BUILDER');
    const file = await uploadText(u.auth, sess.id, 'forklift.txt', FORKLIFT_PROCEDURE);
    const cite = { fileId: file.id, fileName: 'forklift.txt' };
    const worse = { ...flawedForkliftQuiz(cite), title: 'The' };
    worse.items = worse.items.slice(0, 2);
    scripted('quiz', [flawedForkliftQuiz(cite), worse]);

    const answer = (await send(u.auth, sess.id, FORKLIFT_REQUEST, [file.id])).json().assistantMessage as Json;
    const card = await cardOf(u.auth, answer);
    expect(card.data).toEqual(flawedForkliftQuiz(cite));
    expect(card.warnings.map((w: Json) => w.code).sort()).toEqual([
      'COUNT_MISMATCH',
      'FORBIDDEN_TYPE',
      'UNVERIFIED_CITATION',
      'VAGUE_VERB',
    ]);
    expect((await lastSendEntry(u.user.id)).details).toContain(
      'artifact repair turn (4 → 4 warnings; kept the first version)',
    );

    // Fix: the scripted model answers with the good quiz; what it received carries the original request,
    // the session type's rules and the file context, not only the JSON.
    scripted('none', [goodForkliftQuiz(cite)]);
    const fixed = await rest('POST', `/artifacts/${card.id}/fix`, u.auth, {
      code: 'FORBIDDEN_TYPE',
      path: 'items.1.type',
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ version: 2, data: goodForkliftQuiz(cite), warnings: [] });
    expect(received).toHaveLength(1);
    const fix = received[0]!;
    expect(fix.format).toBe('quiz');
    expect(fix.maxTokens).toBe(artifactMaxTokens('quiz', parseRequest(FORKLIFT_REQUEST)));
    const contents = fix.messages.map((m) => m.content);
    expect(contents[0]).toContain('Session type: Assessment builder. Follow a blueprint');
    expect(contents.some((c) => c.includes(`[file: forklift.txt, part 1 of 1, id ${file.id}]`))).toBe(true);
    expect(
      contents.some((c) => c.includes('A crack at the heel of a fork takes the truck out of service.')),
    ).toBe(true);
    expect(fix.messages).toContainEqual({ role: 'user', content: FORKLIFT_REQUEST });
    expect(contents.at(-2)).toMatch(/^\[current artifact: quiz v1\]\n/);
    expect(fix.messages.at(-1)).toEqual({
      role: 'user',
      content: 'Fix FORBIDDEN_TYPE at items.1.type: Question 2 is true/false, which the request ruled out.',
    });
  });
});

describe('intent by the model', () => {
  it("the intent call's answer chooses the kind; a failed call falls back to the rules", async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const message = 'Something for the new starters on ladder safety, please';
    scripted('quiz', [await offlineArtifact('quiz', message)]);
    const chosen = (await send(u.auth, sess.id, message)).json().assistantMessage as Json;
    expect(chosen.artifacts).toEqual([expect.objectContaining({ kind: 'quiz' })]);
    expect(received.map((r) => r.format).slice(0, 2)).toEqual([INTENT_FORMAT_NAME, 'quiz']);
    expect(received[0]!.messages.at(-1)).toEqual({ role: 'user', content: message });

    // "none": a plain streamed answer, no artifact.
    scripted('none', []);
    const plain = (await send(u.auth, sess.id, 'Write a quiz on ladder safety')).json()
      .assistantMessage as Json;
    expect(plain.artifacts).toEqual([]);
    expect(plain.content).toBe('A plain answer.');
    // The intent call read the message against the answer before it (the quiz's Markdown, its end).
    const previous = received[0]!.messages.at(-2)!;
    expect(previous.role).toBe('assistant');
    expect(chosen.content.endsWith(previous.content.replace(/^…/, ''))).toBe(true);

    // The intent call fails (HTTP 500): the offline classifier decides, and the send still succeeds.
    const campaign = 'Plan a 4-week phishing awareness campaign for 1,200 office staff';
    scripted({ status: 500 }, [await offlineArtifact('plan', campaign)]);
    const fallback = await send(u.auth, sess.id, campaign);
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json().assistantMessage.artifacts).toEqual([expect.objectContaining({ kind: 'plan' })]);
    expect(received.map((r) => r.format)).toEqual([INTENT_FORMAT_NAME, 'learning_plan']);
    expect(received[1]!.maxTokens).toBe(artifactMaxTokens('plan', parseRequest(campaign)));
    expect((await lastSendEntry(u.user.id)).details).not.toContain('intent by the model');
  });

  it("the issue's phrasings give the right card with a model", async () => {
    const u = await user();
    // The last: pasted interview notes in an SME walkthrough are its summary (the session's rules decide).
    const cases: [string, ArtifactKind, string][] = [
      ['Plan a two-week onboarding programme for new graduate engineers', 'plan', 'LND_COPILOT'],
      ['Plan a 4-week phishing awareness campaign for 1,200 office staff', 'plan', 'LND_COPILOT'],
      ['Turn the attached procedure into a branching scenario', 'scenario', 'LND_COPILOT'],
      ['Summarise my notes into an SME summary', 'sme_summary', 'LND_COPILOT'],
      [
        'Summarise my notes into an SME summary.\nInterview notes (SME said):\n- Check the forks for cracks every shift\n- Test the horn and the lights\n- Report low hydraulic fluid\n- New drivers forget the seat belt',
        'sme_summary',
        'SME_WALKTHROUGH',
      ],
    ];
    for (const [message, kind, type] of cases) {
      const sess = await newSession(u.auth, type);
      const file = /attached/.test(message)
        ? await uploadText(u.auth, sess.id, 'forklift.txt', FORKLIFT_PROCEDURE)
        : null;
      scripted(kind, [await offlineArtifact(kind, message)]);
      const res = await send(u.auth, sess.id, message, file ? [file.id] : []);
      expect(res.statusCode).toBe(200);
      expect(res.json().assistantMessage.artifacts).toEqual([expect.objectContaining({ kind })]);
      const call = received.find((r) => r.format === ARTIFACT_FORMAT_NAMES[kind])!;
      expect(call.maxTokens).toBe(
        artifactMaxTokens(kind, parseRequest(message, { sessionType: type as 'LND_COPILOT' })),
      );
      if (file) expect(call.messages.some((m) => m.content.includes(`id ${file.id}]`))).toBe(true);
    }
  });
});
