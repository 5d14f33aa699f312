// Assistant files over REST and tRPC: upload (multipart, sniffed, all or nothing), background extraction in the
// worker pool (READY with chunks / FAILED with a reason), list and delete, ownership, retrieval.
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { retrieveFileContext } from '@app/api';
import { FILE_ERROR_CODES } from '@app/api/schemas';
import {
  docxFile,
  ELF_BYTES,
  pdfFile,
  PNG_1X1,
  pptxFile,
  xlsxFile,
  zipBombDocx,
} from '@app/api/testing/files';
import { createTestServer, type TestServer } from '../testing.js';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer({
    uploadMaxBytes: 2 * 1024 * 1024,
    extraction: { timeoutMs: 20_000, maxChars: 200_000, workers: 1, memoryMb: 256 },
  });
});
afterAll(async () => {
  await s?.close();
});

type Auth = { authorization: string };
interface FileView {
  id: string;
  filename: string;
  fileSize: number;
  status: string;
  failureReason: string | null;
}

let ip = 0;
async function signedIn() {
  const u = await createSignedInUser(s.services, { plan: 'pro' });
  const session = await s.services.db.assistantSession.create({ data: { userId: u.user.id } });
  return { ...u, sessionId: session.id };
}

/** A multipart/form-data body with the given files (field `file` unless said otherwise). */
function multipart(files: { name: string; data: Uint8Array; field?: string; type?: string }[]) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(f.data),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(auth: Auth, sessionId: string, files: Parameters<typeof multipart>[0]) {
  const body = multipart(files);
  return s.app.inject({
    method: 'POST',
    url: `/api/assistant/sessions/${sessionId}/files`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
    remoteAddress: `10.7.0.${++ip % 250}`,
  });
}

async function settled() {
  await s.services.files.processor.idle();
}

function storedKeys(userId: string): string[] {
  const dir = path.join(s.config.dataDir, 'uploads', 'users', userId);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);
}
function tempFiles(): string[] {
  const dir = path.join(s.config.dataDir, 'uploads', '.tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
}

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
    payload: JSON.stringify({ json: input }),
  });

describe('upload and extraction', () => {
  it('accepts each type, answers at once with PROCESSING, then READY with chunks', async () => {
    const u = await signedIn();
    const win1252 = Buffer.from('Caf\xe9 cr\xe8me \x93checklist\x94 \x80 10\r\n', 'latin1');
    const res = await upload(u.auth, u.sessionId, [
      {
        name: 'checklist.docx',
        data: await docxFile(['Safety checklist', 'Wear gloves when handling solvents.']),
      },
      {
        name: 'budget.xlsx',
        data: await xlsxFile({
          Costs: [
            ['Item', 'Cost'],
            ['Venue', 1200],
          ],
        }),
      },
      { name: 'deck.pptx', data: await pptxFile([['Onboarding agenda']]) },
      { name: 'drill.pdf', data: await pdfFile([['Fire drill procedure']]) },
      { name: 'notes.txt', data: win1252 },
      { name: 'people.csv', data: Buffer.from('Name,Role\nAna,Designer\n') },
      { name: 'photo.png', data: PNG_1X1 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { file: FileView; files: FileView[] };
    expect(body.files).toHaveLength(7);
    expect(body.file).toEqual(body.files[0]);
    expect(body.file).toMatchObject({ filename: 'checklist.docx', status: 'PROCESSING' });
    expect(body.file.fileSize).toBeGreaterThan(0);

    await settled();
    const list = await s.app.inject({
      method: 'GET',
      url: `/api/assistant/sessions/${u.sessionId}/files`,
      headers: u.auth,
    });
    const files = (list.json() as { files: FileView[] }).files;
    expect(files.map((f) => [f.filename, f.status, f.failureReason])).toEqual([
      ['checklist.docx', 'READY', null],
      ['budget.xlsx', 'READY', null],
      ['deck.pptx', 'READY', null],
      ['drill.pdf', 'READY', null],
      ['notes.txt', 'READY', null],
      ['people.csv', 'READY', null],
      ['photo.png', 'READY', null],
    ]);
    const chunks = await s.services.db.fileChunk.findMany({
      where: { sessionId: u.sessionId },
      include: { file: { select: { filename: true } } },
      orderBy: { ordinal: 'asc' },
    });
    const textOf = (name: string) =>
      chunks
        .filter((c) => c.file.filename === name)
        .map((c) => c.text)
        .join('\n');
    expect(textOf('checklist.docx')).toContain('Wear gloves when handling solvents.');
    expect(textOf('budget.xlsx')).toContain('| Venue | 1200 |');
    expect(textOf('deck.pptx')).toContain('Onboarding agenda');
    expect(textOf('drill.pdf')).toContain('Fire drill procedure');
    expect(textOf('notes.txt')).toBe('Café crème “checklist” € 10');
    expect(textOf('people.csv')).toContain('| Ana | Designer |');
    expect(textOf('photo.png')).toBe('');
    const row = await s.services.db.sessionFile.findFirstOrThrow({ where: { filename: 'checklist.docx' } });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row.storageKey).toBe(`users/${u.user.id}/sessions/${u.sessionId}/${row.id}`);
  });

  it('refuses mismatched types (415), empty files, more than 10 files (400), and stores nothing', async () => {
    const u = await signedIn();
    const cases: [Parameters<typeof multipart>[0], number, string][] = [
      [[{ name: 'setup.pdf', data: ELF_BYTES }], 415, FILE_ERROR_CODES.UNSUPPORTED_FILE_TYPE],
      [[{ name: 'photo.docx', data: PNG_1X1 }], 415, FILE_ERROR_CODES.UNSUPPORTED_FILE_TYPE],
      [[{ name: 'run.exe', data: ELF_BYTES }], 415, FILE_ERROR_CODES.UNSUPPORTED_FILE_TYPE],
      [[{ name: 'empty.txt', data: Buffer.alloc(0) }], 400, FILE_ERROR_CODES.EMPTY_FILE],
      [
        [
          { name: 'ok.txt', data: Buffer.from('fine') },
          { name: 'bad.pdf', data: ELF_BYTES },
        ],
        415,
        FILE_ERROR_CODES.UNSUPPORTED_FILE_TYPE,
      ],
      [
        Array.from({ length: 11 }, (_, i) => ({ name: `n${i}.txt`, data: Buffer.from(`note ${i}`) })),
        400,
        FILE_ERROR_CODES.TOO_MANY_FILES,
      ],
      [[{ name: 'a.txt', data: Buffer.from('x'), field: 'attachment' }], 400, FILE_ERROR_CODES.NO_FILE],
    ];
    for (const [files, status, code] of cases) {
      const res = await upload(u.auth, u.sessionId, files);
      expect(res.statusCode, `${files[0]!.name}: ${res.body}`).toBe(status);
      const body = res.json() as { error: string; code: string };
      expect(body.code).toBe(code);
      expect(body.error.length).toBeGreaterThan(5);
    }
    expect(await s.services.db.sessionFile.count({ where: { sessionId: u.sessionId } })).toBe(0);
    expect(storedKeys(u.user.id)).toEqual([]);
    expect(tempFiles()).toEqual([]);
  });

  it('cuts off a file over UPLOAD_MAX_BYTES with 413 and leaves no bytes or temp file', async () => {
    const u = await signedIn();
    const big = Buffer.alloc(s.config.uploadMaxBytes + 10, 'a');
    const res = await upload(u.auth, u.sessionId, [
      { name: 'small.txt', data: Buffer.from('first file is fine') },
      { name: 'big.txt', data: big },
    ]);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: FILE_ERROR_CODES.FILE_TOO_LARGE });
    expect(await s.services.db.sessionFile.count({ where: { sessionId: u.sessionId } })).toBe(0);
    expect(storedKeys(u.user.id)).toEqual([]);
    expect(tempFiles()).toEqual([]);
    // Exactly the limit is fine.
    const ok = await upload(u.auth, u.sessionId, [
      { name: 'max.txt', data: Buffer.alloc(s.config.uploadMaxBytes, 'b') },
    ]);
    expect(ok.statusCode, ok.body).toBe(201);
    await settled();
  });

  it('sanitises names: ../../etc/passwd.txt is stored as passwd.txt', async () => {
    const u = await signedIn();
    const res = await upload(u.auth, u.sessionId, [
      { name: '../../etc/passwd.txt', data: Buffer.from('root:x:0:0') },
      { name: '.\u0007hidden.csv', data: Buffer.from('a,b\n1,2\n') },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { files } = res.json() as { files: FileView[] };
    expect(files.map((f) => f.filename)).toEqual(['passwd.txt', 'hidden.csv']);
    await settled();
  });

  it('every upload writes a usage-log entry: success with the names, a refusal as a warning', async () => {
    const u = await signedIn();
    expect(
      (await upload(u.auth, u.sessionId, [{ name: 'notes.txt', data: Buffer.from('Hello') }])).statusCode,
    ).toBe(201);
    const bad = await upload(u.auth, u.sessionId, [
      { name: 'tool.pdf', data: Buffer.from('MZ\x90\x00 not a pdf') },
    ]);
    expect(bad.statusCode).toBe(415);
    await s.services.usage.flush();
    const rows = await s.services.db.usageLog.findMany({
      where: { userId: u.user.id, procedure: 'files.upload' },
      orderBy: { timestamp: 'asc' },
    });
    expect(rows.map((r) => r.status)).toEqual(['success', 'warning']);
    expect(rows[0]!.details).toContain('notes.txt');
    expect(rows[1]!.details).toMatch(/^415 /);
    await settled();
  });

  it('a zip-bomb docx ends FAILED within the time limit while other requests keep answering', async () => {
    const u = await signedIn();
    // Its directory lies about the sizes: the worker finds out by inflating (and stops at 100 MB).
    const bomb = zipBombDocx(300, { lying: true });
    const started = Date.now();
    const res = await upload(u.auth, u.sessionId, [{ name: 'bomb.docx', data: bomb }]);
    expect(res.statusCode, res.body).toBe(201);
    const slowest: number[] = [];
    const done = settled();
    let finished = false;
    void done.then(() => (finished = true));
    while (!finished) {
      const t = performance.now();
      const live = await s.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      slowest.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(Date.now() - started).toBeLessThan(s.config.extraction.timeoutMs + 5_000);
    expect(Math.max(...slowest)).toBeLessThan(1_000);
    const row = await s.services.db.sessionFile.findFirstOrThrow({ where: { sessionId: u.sessionId } });
    expect(row.status).toBe('FAILED');
    expect(row.failureReason).toMatch(/unpacks to more than 100 MB/);
    // The product's bound (the extraction time limit) is asserted above; the test's own limit is wider.
  }, 120_000);

  it('another user cannot upload to, list or delete in a session that is not theirs (404)', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const res = await upload(owner.auth, owner.sessionId, [
      { name: 'mine.txt', data: Buffer.from('secret') },
    ]);
    const fileId = (res.json() as { file: FileView }).file.id;
    await settled();
    const up = await upload(other.auth, owner.sessionId, [{ name: 'x.txt', data: Buffer.from('x') }]);
    expect(up.statusCode).toBe(404);
    const list = await s.app.inject({
      method: 'GET',
      url: `/api/assistant/sessions/${owner.sessionId}/files`,
      headers: other.auth,
    });
    expect(list.statusCode).toBe(404);
    const del = await s.app.inject({
      method: 'DELETE',
      url: `/api/assistant/sessions/${owner.sessionId}/files/${fileId}`,
      headers: other.auth,
    });
    expect(del.statusCode).toBe(404);
    // Their own session id with someone else's file id: 404 too.
    const cross = await s.app.inject({
      method: 'DELETE',
      url: `/api/assistant/sessions/${other.sessionId}/files/${fileId}`,
      headers: other.auth,
    });
    expect(cross.statusCode).toBe(404);
    expect(await s.services.db.sessionFile.count({ where: { id: fileId } })).toBe(1);
    const anon = await upload({ authorization: 'Bearer nope' }, owner.sessionId, [
      { name: 'x.txt', data: Buffer.from('x') },
    ]);
    expect(anon.statusCode).toBe(401);
  });

  it('upload is rate limited (429, RATE_LIMITS.upload)', async () => {
    const u = await signedIn();
    let last = 0;
    for (let i = 0; i < 4 && last !== 429; i++) {
      const files = Array.from({ length: 10 }, (_, j) => ({
        name: `r${i}-${j}.txt`,
        data: Buffer.from('r'),
      }));
      last = (await upload(u.auth, u.sessionId, files)).statusCode;
    }
    expect(last).toBe(429);
    await settled();
    expect(await s.services.db.sessionFile.count({ where: { sessionId: u.sessionId } })).toBe(30);
  });
});

describe('list and delete: REST and tRPC agree', () => {
  it('same files, same shape; delete removes row, chunks and bytes either way', async () => {
    const u = await signedIn();
    const res = await upload(u.auth, u.sessionId, [
      { name: 'a.txt', data: Buffer.from('alpha text') },
      { name: 'b.txt', data: Buffer.from('beta text') },
    ]);
    const [a, b] = (res.json() as { files: FileView[] }).files;
    await settled();
    const rest = await s.app.inject({
      method: 'GET',
      url: `/api/assistant/sessions/${u.sessionId}/files`,
      headers: u.auth,
    });
    const trpc = await trpcQuery('files.list', { sessionId: u.sessionId }, u.auth);
    const trpcFiles = (trpc.json() as { result: { data: { json: { files: FileView[] } } } }).result.data.json
      .files;
    const restFiles = (rest.json() as { files: FileView[] }).files;
    expect(trpcFiles.map((f) => ({ ...f, createdAt: undefined }))).toEqual(
      restFiles.map((f) => ({ ...f, createdAt: undefined })),
    );
    expect(restFiles[0]).toMatchObject({ id: a!.id, filename: 'a.txt', fileSize: 10, status: 'READY' });
    expect(restFiles[0]).toHaveProperty('openaiFileId', null);
    expect(storedKeys(u.user.id)).toHaveLength(2);

    const delRest = await s.app.inject({
      method: 'DELETE',
      url: `/api/assistant/sessions/${u.sessionId}/files/${a!.id}`,
      headers: u.auth,
    });
    expect(delRest.statusCode).toBe(200);
    expect(delRest.json()).toEqual({ success: true });
    const delTrpc = await trpcMutation('files.delete', { sessionId: u.sessionId, fileId: b!.id }, u.auth);
    expect(delTrpc.statusCode).toBe(200);
    expect(await s.services.db.sessionFile.count({ where: { sessionId: u.sessionId } })).toBe(0);
    expect(await s.services.db.fileChunk.count({ where: { sessionId: u.sessionId } })).toBe(0);
    expect(storedKeys(u.user.id)).toEqual([]);

    const again = await s.app.inject({
      method: 'DELETE',
      url: `/api/assistant/sessions/${u.sessionId}/files/${a!.id}`,
      headers: u.auth,
    });
    expect(again.statusCode).toBe(404);
    const againTrpc = await trpcMutation('files.delete', { sessionId: u.sessionId, fileId: b!.id }, u.auth);
    expect(againTrpc.statusCode).toBe(404);
  });
});

describe('retrieval', () => {
  it('picks the matching passage among several files, marks it, and stays in the budget', async () => {
    const u = await signedIn();
    const filler = (topic: string, n: number) =>
      Array.from(
        { length: n },
        (_, i) => `Paragraph ${i} about ${topic} covers routine matters of scheduling and room booking.`,
      );
    const checklist = [
      ...filler('logistics', 20),
      'Forklift safety: check the hydraulic hoses, test the horn, and confirm the seat belt latches before every shift.',
      ...filler('logistics', 20),
    ];
    const res = await upload(u.auth, u.sessionId, [
      { name: 'checklist.docx', data: await docxFile(checklist) },
      { name: 'agenda.docx', data: await docxFile(filler('catering', 30)) },
      { name: 'notes.txt', data: Buffer.from(filler('parking', 30).join('\n\n')) },
    ]);
    const ids = (res.json() as { files: FileView[] }).files.map((f) => f.id);
    await settled();

    const ctx = await retrieveFileContext(s.services.db, {
      userId: u.user.id,
      sessionId: u.sessionId,
      message: 'Make a knowledge check about forklift hydraulic hoses',
      tokenBudget: 400,
    });
    expect(ctx.usedFiles.map((f) => f.filename)).toEqual(['checklist.docx']);
    expect(ctx.contextMessages).toHaveLength(1);
    const text = ctx.contextMessages[0]!.content;
    expect(text).toContain('check the hydraulic hoses');
    expect(text).toMatch(/\[file: checklist\.docx, part \d+ of \d+, id \S+\]/);
    expect(text).toMatch(/name the files you used/);
    expect(text.length).toBeLessThan(400 * 4 + 700);

    // Attached files always bring their start; other users never see this session's files.
    const attached = await retrieveFileContext(s.services.db, {
      userId: u.user.id,
      sessionId: u.sessionId,
      message: 'hydraulic',
      attachedFileIds: [ids[2]!],
      tokenBudget: 1000,
    });
    expect(attached.usedFiles.map((f) => f.filename)).toEqual(['notes.txt', 'checklist.docx']);
    expect(attached.contextMessages[0]!.content).toContain('[file: notes.txt, part 1 of');
    const stranger = await signedIn();
    const none = await retrieveFileContext(s.services.db, {
      userId: stranger.user.id,
      sessionId: u.sessionId,
      message: 'forklift hydraulic hoses',
      attachedFileIds: ids,
    });
    expect(none).toEqual({ contextMessages: [], usedFiles: [], reading: [] });
  });

  it('attached images become image parts (with storage) and are named', async () => {
    const u = await signedIn();
    const res = await upload(u.auth, u.sessionId, [{ name: 'diagram.png', data: PNG_1X1 }]);
    const id = (res.json() as { file: FileView }).file.id;
    await settled();
    const ctx = await retrieveFileContext(s.services.db, {
      userId: u.user.id,
      sessionId: u.sessionId,
      message: 'What does this show?',
      attachedFileIds: [id],
      storage: s.services.storage,
    });
    expect(ctx.usedFiles).toEqual([{ id, filename: 'diagram.png' }]);
    const msg = ctx.contextMessages.find((m) => m.images?.length);
    expect(msg?.role).toBe('user');
    expect(msg?.images?.[0]).toMatchObject({ mimeType: 'image/png', filename: 'diagram.png' });
    expect(Buffer.from(msg!.images![0]!.data as Buffer).equals(PNG_1X1)).toBe(true);
  });
});

describe('crash safety', () => {
  it('a file left PROCESSING by a crash is read again once its lease ran out, and FAILED after two tries', async () => {
    const u = await signedIn();
    const res = await upload(u.auth, u.sessionId, [
      { name: 'late.txt', data: Buffer.from('recovered text') },
    ]);
    const id = (res.json() as { file: FileView }).file.id;
    await settled();
    const old = new Date(Date.now() - 24 * 60 * 60 * 1000);
    // As if the process died mid-extraction once: PROCESSING, one attempt, an expired lease.
    await s.services.db.sessionFile.update({
      where: { id },
      data: { status: 'PROCESSING', attempts: 1, processingAt: old, chunkCount: 0 },
    });
    await s.services.db.fileChunk.deleteMany({ where: { fileId: id } });
    expect(await s.services.files.processor.recover()).toBeGreaterThanOrEqual(1);
    await settled();
    let row = await s.services.db.sessionFile.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe('READY');
    expect(await s.services.db.fileChunk.count({ where: { fileId: id } })).toBe(1);

    // A fresh lease is left alone (another instance may be reading it).
    await s.services.db.sessionFile.update({
      where: { id },
      data: { status: 'PROCESSING', attempts: 2, processingAt: new Date() },
    });
    await s.services.files.processor.recover();
    await settled();
    row = await s.services.db.sessionFile.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe('PROCESSING');

    await s.services.db.sessionFile.update({ where: { id }, data: { processingAt: old } });
    await s.services.files.processor.recover();
    await settled();
    row = await s.services.db.sessionFile.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe('FAILED');
    expect(row.failureReason).toMatch(/interrupted/);
  });
});
