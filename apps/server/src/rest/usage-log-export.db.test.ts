// The usage-log CSV export over a real socket (issue 40): it streams as the client reads (one COPY on PostgreSQL,
// pages on PGlite), and a client that goes away mid-export ends it — the COPY is cancelled or no further page is
// read — and the call is logged as closed by the client, not as a finished export. The team's CSV is the same code, scoped.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '@app/db';
import { createSignedInUser } from '@app/api/testing';
import { createTestServer, type TestServer } from '../testing.js';

let s: TestServer;
let port: number;
const ROWS = 40_000;

beforeAll(async () => {
  s = await createTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  port = (s.app.server.address() as AddressInfo).port;
  await s.services.db.$executeRaw(Prisma.sql`
    INSERT INTO "UsageLog" ("id", "action", "endpoint", "details", "timestamp")
    SELECT 'exp' || g, 'BILLING', '/api/export-test', repeat('x', 200), now() - g * interval '1 second'
    FROM generate_series(1, ${ROWS}) g`);
});
afterAll(async () => {
  await s?.close();
});

/** GET `path`, reading until `stopAfter` bytes (then the socket is destroyed) or the end. */
function download(path: string, token: string, stopAfter = Infinity) {
  return new Promise<{ status: number; bytes: number; stopped: boolean }>((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (bytes >= stopAfter) {
            req.destroy();
            resolve({ status: res.statusCode!, bytes, stopped: true });
          }
        });
        res.on('end', () => resolve({ status: res.statusCode!, bytes, stopped: false }));
      },
    );
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
  });
}

async function exportEntry(since: Date) {
  for (let i = 0; i < 100; i++) {
    const e = await s.services.db.usageLog.findFirst({
      where: { procedure: 'admin.exportLogs', timestamp: { gte: since } },
      orderBy: { timestamp: 'desc' },
    });
    if (e) return e;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no usage-log entry for the export');
}

describe('GET /api/admin/logs/export.csv', () => {
  it('streams every row to a client that reads to the end', async () => {
    const admin = await createSignedInUser(s.services, { isAdmin: true });
    const since = new Date();
    const res = await download('/api/admin/logs/export.csv?action=BILLING', admin.accessToken);
    expect(res).toMatchObject({ status: 200, stopped: false });
    expect(res.bytes).toBeGreaterThan(ROWS * 200);
    expect((await exportEntry(since)).details).toContain(`Exported ${ROWS} usage records as CSV`);
  });

  it('stops reading pages when the client goes away', async () => {
    const admin = await createSignedInUser(s.services, { isAdmin: true });
    const since = new Date();
    const res = await download('/api/admin/logs/export.csv?action=BILLING', admin.accessToken, 64 * 1024);
    expect(res).toMatchObject({ status: 200, stopped: true });
    const entry = await exportEntry(since);
    expect(entry.status).toBe('warning');
    expect(entry.details).toContain('stream closed by the client');
    expect(entry.details ?? '').not.toContain('Exported');
    // On PostgreSQL the export was one COPY: the server stopped it too (cancelled, not left streaming).
    const running = () =>
      s.services.db.$queryRaw<{ n: number }[]>(Prisma.sql`
        SELECT count(*)::int AS "n" FROM pg_stat_activity WHERE "state" = 'active' AND "query" LIKE 'COPY (%'`);
    for (let i = 0; i < 50 && (await running())[0]!.n > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await running())[0]!.n).toBe(0);
  });
});
