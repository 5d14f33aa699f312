// A send right after an upload (issue 36): the attached .docx is still PROCESSING when the message is sent; the
// answer waits for it (bounded by FILE_READ_WAIT_MS) and is drawn from its text, with the real files service
// (upload route, worker pool) and the offline provider. Past the bound the answer goes on without the file,
// and says the file is still being read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { docxFile } from '../../../../packages/api/src/services/files/testing/fixtures.js';
import { createOfflineProvider } from '../../../../packages/api/src/services/llm/offline.js';
import type { LlmProvider, LlmRequest } from '../../../../packages/api/src/services/llm/types.js';
import { createTestServer, type TestServer } from '../testing.js';
import { uploadFile } from './file-test-helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer({
    extraction: { timeoutMs: 20_000, maxChars: 200_000, workers: 1, memoryMb: 256 },
    fileReadWaitMs: 15_000,
  });
  s.services.llm = createOfflineProvider({ delayMs: 0 });
});
afterAll(async () => {
  await s?.close();
});

type Auth = { authorization: string };
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PROCEDURE = [
  'Hand hygiene procedure',
  'Clean your hands before touching a patient and after touching patient surroundings.',
  'Rub hands with alcohol-based hand rub for 20 to 30 seconds, covering all surfaces of the hands.',
  'Wash hands with soap and water when they are visibly soiled or after caring for a patient with diarrhoea.',
  'Never wear rings, wristwatches or false nails when providing direct patient care.',
  'Report dermatitis or cracked skin to Occupational Health before your next shift.',
];

/** Extraction of every upload starts `ms` later, as on a busy server: the file stays PROCESSING meanwhile. */
function delayExtraction(ms: number) {
  const processor = s.services.files.processor;
  const enqueue = processor.enqueue.bind(processor);
  processor.enqueue = (ids) => void setTimeout(() => enqueue(ids), ms);
  return () => (processor.enqueue = enqueue);
}

/** Uploads the procedure without waiting for it to be read. */
const uploadDocx = async (auth: Auth, sessionId: string, name: string) =>
  uploadFile(s, auth, sessionId, { name, body: await docxFile(PROCEDURE), contentType: DOCX }, false);

async function newSession(auth: Auth) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/assistant/sessions',
    headers: auth,
    payload: {},
  });
  expect(res.statusCode).toBe(201);
  return res.json().session as { id: string };
}

const send = (auth: Auth, id: string, message: string, fileIds: string[]) =>
  s.app.inject({
    method: 'POST',
    url: `/api/assistant/sessions/${id}/messages`,
    headers: auth,
    payload: { message, fileIds },
  });

/** The offline provider, recording what it is asked. */
function recording(): { provider: LlmProvider; requests: LlmRequest[] } {
  const offline = createOfflineProvider({ delayMs: 0 });
  const requests: LlmRequest[] = [];
  return {
    requests,
    provider: {
      kind: 'offline',
      model: offline.model,
      stream: (req) => (requests.push(req), offline.stream(req)),
      generateObject: (req) => (requests.push(req as LlmRequest), offline.generateObject(req)),
    },
  };
}
const contextOf = (req: LlmRequest) =>
  req.messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');

describe('a send right after an upload', () => {
  it('waits for the file still being read and answers from it', async () => {
    const u = await createSignedInUser(s.services, { plan: 'pro' });
    const sess = await newSession(u.auth);
    const restore = delayExtraction(1_500);
    const { provider, requests } = recording();
    s.services.llm = provider;
    try {
      const file = await uploadDocx(u.auth, sess.id, 'hand-hygiene.docx');
      expect(file.status).toBe('PROCESSING');
      const res = await send(u.auth, sess.id, 'Make a 6-question quiz from the attached procedure', [
        file.id,
      ]);
      expect(res.statusCode).toBe(200);
      const { userMessage, assistantMessage } = res.json();
      expect(userMessage.files.map((f: { id: string }) => f.id)).toEqual([file.id]);
      expect(assistantMessage.artifacts).toEqual([expect.objectContaining({ kind: 'quiz' })]);
      // The model saw the document's text, not "still being read", and the answer draws on it.
      const last = contextOf(requests.at(-1)!);
      expect(last).toContain('[file: hand-hygiene.docx, part 1 of 1');
      expect(last).toContain('alcohol-based hand rub for 20 to 30 seconds');
      expect(last).not.toContain('is still being read');
      expect(assistantMessage.content).toMatch(
        /hand rub|soap and water|rings|dermatitis|patient surroundings/i,
      );
    } finally {
      restore();
      await s.services.files.processor.idle();
    }
  });

  it('waits no longer than FILE_READ_WAIT_MS: then the context says the file is still being read', async () => {
    const u = await createSignedInUser(s.services, { plan: 'pro' });
    const sess = await newSession(u.auth);
    const restore = delayExtraction(4_000);
    const { provider, requests } = recording();
    s.services.llm = provider;
    const bound = s.services.config.fileReadWaitMs;
    s.services.config.fileReadWaitMs = 300;
    try {
      const file = await uploadDocx(u.auth, sess.id, 'hand-hygiene.docx');
      const started = Date.now();
      const res = await send(u.auth, sess.id, 'What does the attached procedure say about rings?', [file.id]);
      expect(res.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(3_500);
      expect(contextOf(requests.at(-1)!)).toContain(
        '[file: hand-hygiene.docx is still being read; its text is not available yet]',
      );
    } finally {
      s.services.config.fileReadWaitMs = bound;
      restore();
      await new Promise((r) => setTimeout(r, 4_200));
      await s.services.files.processor.idle();
    }
  });
});
