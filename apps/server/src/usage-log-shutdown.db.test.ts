// Batched usage logging survives a graceful shutdown: the real server (a child process) buffers entries for up
// to a minute (USAGE_LOG_FLUSH_MS=60000, so only full batches of 100 are written while it runs), clients keep
// calling it, SIGTERM arrives mid-load — and every call that was answered has its entry in the database after the
// process exits (services.close() writes the buffer before the database closes).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { killChildServers, startChildServer } from './child-server.js';

let dataDir: string;
let testDb: Database | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-usage-shutdown-'));
  if (process.env.TEST_DATABASE_URL) testDb = await createTestDatabase();
});
afterAll(async () => {
  killChildServers();
  await testDb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function withDatabase<T>(fn: (db: Database['prisma']) => Promise<T>): Promise<T> {
  if (testDb) return fn(testDb.prisma);
  const db = await openDatabase({ dataDir: path.join(dataDir, 'db'), migrate: false });
  try {
    return await fn(db.prisma);
  } finally {
    await db.close();
  }
}

describe('SIGTERM under load', () => {
  it('loses no usage-log entry of an answered call', { timeout: 420_000 }, async () => {
    const server = await startChildServer({
      dataDir,
      databaseUrl: testDb?.connectionString,
      env: { USAGE_LOG_FLUSH_MS: '60000' },
    });
    const created = await fetch(`${server.base}/api/test/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'pro' }),
    });
    const { accessToken, user } = (await created.json()) as { accessToken: string; user: { id: string } };

    let answered = 0;
    let stop = false;
    const client = async () => {
      while (!stop) {
        try {
          const res = await fetch(`${server.base}/api/subscriptions/current`, {
            headers: { authorization: `Bearer ${accessToken}` },
          });
          await res.arrayBuffer();
          if (res.status === 200) answered++;
          else if (res.status >= 500) break;
        } catch {
          break; // the server stopped accepting connections
        }
      }
    };
    const clients = Array.from({ length: 16 }, client);
    // Let the load run past a few full batches, then ask the server to stop while calls are in flight.
    const deadline = Date.now() + 20_000;
    while (answered < 250 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGTERM');
    const code = await server.exited;
    stop = true;
    await Promise.all(clients);
    expect(code).toBe(0);
    expect(answered).toBeGreaterThanOrEqual(250);

    const rows = await withDatabase((db) =>
      db.usageLog.count({ where: { userId: user.id, procedure: 'subscriptions.current' } }),
    );
    // Every answered call has its entry (a call the server finished but whose answer the client lost would
    // make it one more, never one less).
    expect(rows).toBeGreaterThanOrEqual(answered);
    expect(rows - answered).toBeLessThanOrEqual(16);
    expect(server.output()).not.toMatch(/usage log write failed/);
  });
});
