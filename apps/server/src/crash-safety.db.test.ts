// Crash safety with a real process: the server (src/main.ts under tsx) runs as a child on its own data
// directory (PGlite under DATA_DIR/db) or on a fresh TEST_DATABASE_URL database. A streaming reply is cut by
// SIGKILL; the half exchange stays behind (PENDING user message, reserved message of quota). The restarted
// server's sweep undoes it: nothing pending is stored or shown, and the counter equals completed exchanges.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { killChildServers, startChildServer } from './child-server.js';

const postgres = !!process.env.TEST_DATABASE_URL;

let dataDir: string;
let testDb: Database | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-crash-'));
  if (postgres) testDb = await createTestDatabase();
});
afterAll(async () => {
  killChildServers();
  await testDb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const startServer = () =>
  startChildServer({
    dataDir,
    databaseUrl: testDb?.connectionString,
    // This test's restart is the only instance: sweep at once.
    env: { PENDING_EXCHANGE_MAX_AGE_MS: '0' },
  });

/** Opens the database the children use (PGlite: only while no child has it open). */
async function withDatabase<T>(fn: (db: Database['prisma']) => Promise<T>): Promise<T> {
  if (testDb) return fn(testDb.prisma);
  const db = await openDatabase({ dataDir: path.join(dataDir, 'db'), migrate: false });
  try {
    return await fn(db.prisma);
  } finally {
    await db.close();
  }
}

describe('a server killed mid-reply', () => {
  it('leaves no pending exchange and no spent message once restarted', { timeout: 420_000 }, async () => {
    const first = await startServer();
    const created = await fetch(`${first.base}/api/test/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'pro' }),
    });
    expect(created.status).toBe(201);
    const { user, accessToken } = (await created.json()) as { user: { id: string }; accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    const api = (base: string, url: string, init: RequestInit = {}) =>
      fetch(`${base}/api${url}`, { ...init, headers });

    const session = (
      (await (await api(first.base, '/chat/sessions', { method: 'POST', body: '{}' })).json()) as {
        session: { id: string };
      }
    ).session;
    // One exchange completes.
    const done = await api(first.base, `/chat/sessions/${session.id}/messages`, {
      method: 'POST',
      body: JSON.stringify({ message: 'Three Bloom-aligned objectives for onboarding' }),
    });
    expect(done.status).toBe(200);

    // The second is streaming when the process dies.
    const streaming = await api(first.base, `/chat/sessions/${session.id}/messages/stream`, {
      method: 'POST',
      body: JSON.stringify({ message: 'Create a 4-week learning plan for new sales managers' }),
    });
    expect(streaming.status).toBe(200);
    const reader = streaming.body!.getReader();
    let seen = '';
    while (!seen.includes('"type":"content"')) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      seen += new TextDecoder().decode(value);
    }
    first.child.kill('SIGKILL');
    await first.exited;
    expect(seen).toContain('"type":"content"');
    expect(seen).not.toContain('"type":"complete"');
    await reader.cancel().catch(() => undefined);

    // What the crash left: the user message PENDING, its exchange record, two messages counted.
    await withDatabase(async (db) => {
      expect(await db.chatMessage.count({ where: { sessionId: session.id, status: 'PENDING' } })).toBe(1);
      expect(await db.pendingExchange.count({ where: { sessionId: session.id } })).toBe(1);
      expect(
        (await db.usageCounter.findFirstOrThrow({ where: { subscription: { userId: user.id } } })).used,
      ).toBe(2);
    });

    const second = await startServer();
    await expect
      .poll(() => second.output(), { timeout: 15_000, interval: 100 })
      .toMatch(/"undone":1,"msg":"pending exchanges swept at start"/);
    const view = (await (await api(second.base, `/chat/sessions/${session.id}/messages`)).json()) as {
      messages: { role: string }[];
      generating: boolean;
    };
    expect(view.generating).toBe(false);
    expect(view.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    await withDatabase(async (db) => {
      const stored = await db.chatMessage.findMany({ where: { sessionId: session.id } });
      expect(stored.map((m) => m.status)).toEqual(['COMPLETE', 'COMPLETE']);
      expect(await db.pendingExchange.count()).toBe(0);
      const counter = await db.usageCounter.findFirstOrThrow({
        where: { subscription: { userId: user.id } },
      });
      expect(counter.used).toBe(1); // the completed exchanges
    });
  });
});
