// The database round trips of a streaming send (issue 15): under a burst every statement before the model is
// called delays everyone's first token, so the send makes no statement its guarantees do not need. The whole
// send is counted through a client that logs each statement (usage-log entries are written as they happen here).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@app/api';
import { createSignedInUser } from '@app/api/testing';
import type { Database } from '@app/db';
import { createTestDatabase, openStatementLog } from '@app/db/testing';
import { createOfflineProvider } from '../../../../packages/api/src/services/llm/offline.js';
import { buildServer, type AppServer } from '../app.js';

let database: Database;
let logged: Awaited<ReturnType<typeof openStatementLog>>;
let server: AppServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-statements-'));
  database = await createTestDatabase();
  logged = await openStatementLog(database, 2);
  server = await buildServer({
    config: testConfig({ dataDir }),
    db: logged.db as unknown as Database['prisma'],
    logger: false,
  });
  server.services.llm = createOfflineProvider({ delayMs: 0 });
  await server.app.ready();
}, 120_000);
afterAll(async () => {
  await server?.app.close();
  await logged?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A REST send-and-stream request (the route answers SSE, or JSON for a refusal). */
const postStream = (url: string, auth: Record<string, string>, payload: object) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { ...auth, 'content-type': 'application/json' },
    payload,
  });

const userReads = (statements: string[]) =>
  statements.filter((q) => /^SELECT .* FROM "public"\."User" WHERE/.test(q)).length;

describe('a streaming send over REST', () => {
  it('reads the signed-in user once and writes no send request: its two steps hand it over in memory', async () => {
    const u = await createSignedInUser(server.services, { plan: 'pro' });
    const session = await server.services.db.chatSession.create({ data: { userId: u.user.id } });
    logged.statements.length = 0;
    const res = await postStream(`/api/chat/sessions/${session.id}/messages/stream`, u.auth, {
      message: 'Create a learning plan for new team leaders',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"type":"complete"');
    const statements = [...logged.statements];
    expect(userReads(statements)).toBe(1);
    // One request, one instance: no row to insert and delete (two commits before the first token).
    expect(statements.filter((q) => q.includes('"SendRequest"'))).toEqual([]);
    // The session's ownership is checked by the exchange's first read, once.
    expect(statements.filter((q) => q.includes('FROM "ChatSession" s WHERE s."id"'))).toHaveLength(1);
  });

  it('the assistant’s stream route writes no send request either, and its fileIds still reach the exchange', async () => {
    const u = await createSignedInUser(server.services, { plan: 'pro' });
    const session = await server.services.db.assistantSession.create({ data: { userId: u.user.id } });
    logged.statements.length = 0;
    const res = await postStream(`/api/assistant/sessions/${session.id}/messages/stream`, u.auth, {
      message: 'Draft three Bloom-aligned objectives for onboarding',
      fileIds: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"type":"complete"');
    expect(logged.statements.filter((q) => q.includes('"SendRequest"'))).toEqual([]);
    const stored = await server.services.db.assistantMessage.findMany({ where: { sessionId: session.id } });
    expect(stored.map((m) => m.role).sort()).toEqual(['ASSISTANT', 'USER']);
    // The body's fileIds travel with the handed-over request: an unknown file is refused before any event.
    const refused = await postStream(`/api/assistant/sessions/${session.id}/messages/stream`, u.auth, {
      message: 'Use my file',
      fileIds: ['no-such-file'],
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('File not found');
  });

  it('stores the exchange’s start and its answer as one statement each, with no transaction', async () => {
    const u = await createSignedInUser(server.services, { plan: 'pro' });
    const session = await server.services.db.chatSession.create({ data: { userId: u.user.id } });
    logged.statements.length = 0;
    const res = await postStream(`/api/chat/sessions/${session.id}/messages/stream`, u.auth, {
      message: 'Write three objectives for a safety induction',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"type":"complete"');
    const statements = [...logged.statements];
    // BEGIN, a statement each and COMMIT were five round trips for the start and six for the answer.
    expect(statements.filter((q) => /^(BEGIN|COMMIT)\b/.test(q))).toEqual([]);
    const writes = statements.filter((q) => q.includes('INSERT INTO "ChatMessage"'));
    expect(writes).toHaveLength(2);
    expect(writes[0]).toContain('INSERT INTO "PendingExchange"');
    expect(writes[0]).toContain('UPDATE "ChatSession"');
    expect(writes[1]).toContain('DELETE FROM "PendingExchange"');
    expect(writes[1]).toContain('UPDATE "ChatMessage" SET "status" = \'COMPLETE\'');
    const stored = await server.services.db.chatMessage.findMany({
      where: { sessionId: session.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(stored.map((m) => [m.role, m.status])).toEqual([
      ['user', 'COMPLETE'],
      ['assistant', 'COMPLETE'],
    ]);
    expect(await server.services.db.pendingExchange.count({ where: { sessionId: session.id } })).toBe(0);
  });

  it('runs every statement of the exchange on the direct SQL path, not through Prisma’s client', async () => {
    const u = await createSignedInUser(server.services, { plan: 'pro' });
    const session = await server.services.db.chatSession.create({ data: { userId: u.user.id } });
    logged.statements.length = 0;
    logged.direct.length = 0;
    const res = await postStream(`/api/chat/sessions/${session.id}/messages/stream`, u.auth, {
      message: 'Outline a branching scenario about handling a complaint',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"type":"complete"');
    // Through Prisma only: the signed-in user's read and the usage log (written per call under test, with the
    // workspace look-up it makes; batched off the request path in production).
    const throughPrisma = logged.statements.filter((q) => !logged.direct.includes(q));
    expect(throughPrisma.filter((q) => !/"public"\."(User|UsageLog|WorkspaceMember)"/.test(q))).toEqual([]);
    for (const hot of [
      'FROM "ChatSession" s WHERE',
      'FROM "Subscription" s',
      'INSERT INTO "UsageCounter"',
      'INSERT INTO "PendingExchange"',
      'DELETE FROM "PendingExchange"',
    ])
      expect(logged.direct.some((q) => q.includes(hot))).toBe(true);
    // Left-behind exchanges are looked for with the session's read; without any there is no look-up of its own.
    expect(logged.statements.filter((q) => q.startsWith('SELECT * FROM "PendingExchange"'))).toEqual([]);
  });

  it('reads who pays and reserves the message in one statement', async () => {
    const u = await createSignedInUser(server.services, { plan: 'pro' });
    const session = await server.services.db.chatSession.create({ data: { userId: u.user.id } });
    logged.statements.length = 0;
    const res = await postStream(`/api/chat/sessions/${session.id}/messages/stream`, u.auth, {
      message: 'List three misconceptions about onboarding',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"type":"complete"');
    const payer = logged.statements.filter((q) => q.includes('FROM "Subscription" s'));
    expect(payer).toHaveLength(1);
    expect(payer[0]).toContain('INSERT INTO "UsageCounter"');
    expect(logged.statements.filter((q) => q.includes('"UsageCounter"'))).toEqual(payer);
    const usage = await server.services.quota.usage(u.user.id);
    expect(usage?.messagesUsed).toBe(1);
  });

  it('reserves the message and reads the history in the start statement: one statement before it', async () => {
    const u = await createSignedInUser(server.services, { plan: 'pro' });
    const session = await server.services.db.chatSession.create({ data: { userId: u.user.id } });
    const first = await postStream(`/api/chat/sessions/${session.id}/messages/stream`, u.auth, {
      message: 'Draft a needs analysis for a sales team',
    });
    expect(first.statusCode).toBe(200);
    logged.statements.length = 0;
    const res = await postStream(`/api/chat/sessions/${session.id}/messages/stream`, u.auth, {
      message: 'Now turn it into three objectives',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"type":"complete"');
    const statements = [...logged.statements];
    const start = statements.findIndex((q) => q.includes('INSERT INTO "PendingExchange"'));
    // Besides the signed-in user's read and the usage log (see above): the session's read only.
    const before = statements
      .slice(0, start)
      .filter((q) => !/"UsageLog"|"public"\."(User|WorkspaceMember)"/.test(q));
    expect(before).toHaveLength(1);
    expect(before[0]).toContain('FROM "ChatSession" s WHERE s."id"');
    // The start statement reserves the message (payer and counter) and reads the history the model gets.
    expect(statements[start]).toContain('INSERT INTO "UsageCounter"');
    expect(statements[start]).toContain('FROM "Subscription" s');
    expect(statements[start]).toContain('INSERT INTO "ChatMessage"');
    expect(statements.filter((q) => q.includes('json_agg'))).toEqual([statements[start]]);
    expect(statements.filter((q) => q.includes('"UsageCounter"'))).toEqual([statements[start]]);
    // The record names the counter that holds the message, and the second answer saw the first exchange.
    const usage = await server.services.quota.usage(u.user.id);
    expect(usage?.messagesUsed).toBe(2);
    const answers = await server.services.db.chatMessage.findMany({
      where: { sessionId: session.id, role: 'assistant' },
      orderBy: { createdAt: 'asc' },
    });
    expect(answers).toHaveLength(2);
  });

  it('another user’s session is still a 404 with its text, before any event, and stores nothing', async () => {
    const owner = await createSignedInUser(server.services, { plan: 'pro' });
    const other = await createSignedInUser(server.services, { plan: 'pro' });
    const session = await server.services.db.chatSession.create({ data: { userId: owner.user.id } });
    const res = await postStream(`/api/chat/sessions/${session.id}/messages/stream`, other.auth, {
      message: 'Hello',
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().error).toBe('Chat session not found');
    expect(await server.services.db.sendRequest.count({ where: { userId: other.user.id } })).toBe(0);
    expect(await server.services.db.chatMessage.count({ where: { sessionId: session.id } })).toBe(0);
  });
});

describe('the chat session list', () => {
  it('reads on the direct SQL path: newest first, counting stored messages only', async () => {
    const u = await createSignedInUser(server.services, { plan: 'pro' });
    const db = server.services.db;
    const older = await db.chatSession.create({
      data: { userId: u.user.id, title: 'Older', updatedAt: new Date('2026-01-01T00:00:00Z') },
    });
    const newer = await db.chatSession.create({
      data: { userId: u.user.id, title: 'Newer', updatedAt: new Date('2026-02-01T00:00:00Z') },
    });
    await db.chatMessage.createMany({
      data: [
        { sessionId: older.id, role: 'user', content: 'Q', status: 'COMPLETE' },
        { sessionId: older.id, role: 'assistant', content: 'A', status: 'INCOMPLETE' },
        { sessionId: older.id, role: 'user', content: 'Pending', status: 'PENDING' },
      ],
    });
    logged.direct.length = 0;
    const res = await server.app.inject({ method: 'GET', url: '/api/chat/sessions', headers: u.auth });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .sessions.map((s: { id: string; title: string; messageCount: number }) => [
          s.id,
          s.title,
          s.messageCount,
        ]),
    ).toEqual([
      [newer.id, 'Newer', 0],
      [older.id, 'Older', 2],
    ]);
    expect(res.json().sessions[1].updatedAt).toBe('2026-01-01T00:00:00.000Z');
    // The batched list statement (one for every list asked in the same turn; chat/sessions.ts).
    expect(logged.direct.some((q) => q.includes('FROM "ChatSession" c WHERE c."userId" = u."userId"'))).toBe(
      true,
    );
  });
});
