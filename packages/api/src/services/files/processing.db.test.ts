// The worker pool's time limit: a worker stuck in a loop is terminated, the file ends FAILED with a reason,
// the event loop stays free meanwhile, and the pool goes on with the next file (a new worker).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import { createTestUser } from '../../testing/factories.js';
import { silentLogger } from '../logger.js';
import { createLocalStorage, storageKeys } from '../storage/index.js';
import { createFileProcessor } from './processing.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(path.join(tmpdir(), 'lnd-files-'));
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('terminates a worker past the time limit, fails the file, keeps the event loop and the pool going', async () => {
  const db = database.prisma;
  const storage = createLocalStorage({ root: dir });
  const { user } = await createTestUser(db);
  const session = await db.assistantSession.create({ data: { userId: user.id } });
  const ids: string[] = [];
  for (const name of ['a.txt', 'b.txt']) {
    const file = await db.sessionFile.create({
      data: {
        sessionId: session.id,
        userId: user.id,
        filename: name,
        mimeType: 'text/plain',
        fileSize: 5,
        storageKey: 'pending',
        sha256: '0'.repeat(64),
      },
    });
    const key = storageKeys.sessionFile(user.id, session.id, file.id);
    await storage.put(key, Buffer.from('hello'));
    await db.sessionFile.update({ where: { id: file.id }, data: { storageKey: key } });
    ids.push(file.id);
  }

  const processor = createFileProcessor({
    db,
    storage,
    log: silentLogger,
    timeoutMs: 700,
    maxChars: 1000,
    workers: 1,
    memoryMb: 128,
    maxBytes: 1024,
    workerFile: new URL('./testing/spin-worker.mjs', import.meta.url).href,
  });
  try {
    let maxLag = 0;
    let last = performance.now();
    const tick = setInterval(() => {
      const now = performance.now();
      maxLag = Math.max(maxLag, now - last - 10);
      last = now;
    }, 10);
    const started = performance.now();
    processor.enqueue(ids);
    await processor.idle();
    clearInterval(tick);
    const elapsed = performance.now() - started;

    const rows = await db.sessionFile.findMany({ where: { id: { in: ids } } });
    expect(rows.map((r) => r.status)).toEqual(['FAILED', 'FAILED']);
    for (const r of rows) expect(r.failureReason).toMatch(/took longer than 1 s/);
    expect(elapsed).toBeGreaterThan(1_300);
    expect(elapsed).toBeLessThan(15_000);
    expect(maxLag).toBeLessThan(500);
  } finally {
    await processor.close();
    await storage.close();
  }
});
