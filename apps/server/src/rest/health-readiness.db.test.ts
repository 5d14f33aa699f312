// Readiness and a database that is not there (issue 37): /api/health/ready checks that this build's migrations are
// applied (the migrations table at the expected head) and answers 503 otherwise; requests and sends that meet an
// unreachable database, or one recreated empty, answer 503 DATABASE_UNAVAILABLE instead of a 500. The empty
// database runs on PGlite and PostgreSQL; refused connections (an outage) on PostgreSQL only.
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import type { LlmProvider } from '../../../../packages/api/src/services/llm/types.js';
import { createOfflineProvider } from '../../../../packages/api/src/services/llm/offline.js';
import { createTestServer, type TestServer } from '../testing.js';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function server() {
  const s = await createTestServer();
  servers.push(s);
  return s;
}

const ready = (s: TestServer) => s.app.inject({ method: 'GET', url: '/api/health/ready' });

async function signedInWithSession(s: TestServer) {
  const u = await createSignedInUser(s.services, { plan: 'pro' });
  const session = await s.services.db.chatSession.create({ data: { userId: u.user.id, title: 'T' } });
  return { auth: u.auth, sessionId: session.id };
}

const send = (s: TestServer, auth: { authorization: string }, sessionId: string, streamed = false) =>
  s.app.inject({
    method: 'POST',
    url: `/api/chat/sessions/${sessionId}/messages${streamed ? '/stream' : ''}`,
    headers: auth,
    payload: { message: 'Three objectives for onboarding' },
  });

const UNAVAILABLE = {
  code: 'DATABASE_UNAVAILABLE',
  error: 'The service is temporarily unavailable. Please try again in a moment.',
  retryAfterSeconds: 5,
};

/**
 * Empties the database as a recreated one would be: no tables, no migrations table. On PostgreSQL the app's
 * connections end too (recreating a database ends its sessions); PGlite's single session stays.
 */
async function recreateEmpty(s: TestServer) {
  await s.services.db.$executeRawUnsafe('DROP SCHEMA public CASCADE');
  await s.services.db.$executeRawUnsafe('CREATE SCHEMA public');
  if (!onPostgres) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const [{ name }] = await s.services.db.$queryRawUnsafe<[{ name: string }]>(
      'SELECT current_database() AS name',
    );
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
  } finally {
    await admin.end();
  }
}

describe('readiness', () => {
  it('is ready when the migrations table is at the expected head; 503 when its head is missing', async () => {
    const s = await server();
    const ok = await ready(s);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().checks.migrations).toMatchObject({ status: 'ok' });

    const [head] = await s.services.db.$queryRawUnsafe<{ id: string; migration_name: string }[]>(
      'SELECT "id", "migration_name" FROM "_prisma_migrations" ORDER BY "migration_name" DESC LIMIT 1',
    );
    // A database one migration behind this build (migrated by an older one): not ready.
    await s.services.db.$executeRawUnsafe(
      'UPDATE "_prisma_migrations" SET "rolled_back_at" = now() WHERE "id" = $1',
      head!.id,
    );
    const behind = await ready(s);
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toMatchObject({ status: 'error', checks: { migrations: { status: 'error' } } });
    // Public: statuses and timings only, no error text.
    expect(behind.json().checks.migrations.error).toBeUndefined();
    await s.services.db.$executeRawUnsafe(
      'UPDATE "_prisma_migrations" SET "rolled_back_at" = NULL WHERE "id" = $1',
      head!.id,
    );
    expect((await ready(s)).statusCode).toBe(200);
    // The admin view says why.
    const report = await s.services.health.check();
    expect(report.checks.migrations?.status).toBe('ok');
  });

  it('a database recreated empty: not ready, and data requests and sends answer 503, not 500', async () => {
    const s = await server();
    const { auth, sessionId } = await signedInWithSession(s);
    expect((await s.app.inject({ method: 'GET', url: '/api/chat/sessions', headers: auth })).statusCode).toBe(
      200,
    );
    await recreateEmpty(s);

    const notReady = await ready(s);
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().checks.migrations.status).toBe('error');
    const report = await s.services.health.check();
    expect(report.checks.migrations?.error).toMatch(/migrations table/);

    const list = await s.app.inject({ method: 'GET', url: '/api/chat/sessions', headers: auth });
    expect([list.statusCode, list.json()]).toEqual([503, UNAVAILABLE]);
    expect(list.headers['retry-after']).toBe('5');
    for (const streamed of [false, true]) {
      const r = await send(s, auth, sessionId, streamed);
      expect([streamed, r.statusCode, r.json()]).toEqual([streamed, 503, UNAVAILABLE]);
    }
    // Over tRPC too.
    const trpc = await s.app.inject({ method: 'GET', url: '/trpc/chat.listSessions', headers: auth });
    expect(trpc.statusCode).toBe(503);
    expect(trpc.body).toContain('"appCode":"DATABASE_UNAVAILABLE"');
  });

  it('a send in flight when the database goes away ends with the unavailable error, not an internal one', async () => {
    const s = await server();
    let midway!: () => void;
    const reachedMidway = new Promise<void>((r) => (midway = r));
    let resume!: () => void;
    const resumed = new Promise<void>((r) => (resume = r));
    const provider: LlmProvider = {
      kind: 'offline',
      model: 'paused',
      generateObject: createOfflineProvider().generateObject,
      async *stream() {
        yield { type: 'delta', content: 'First part. ' };
        midway();
        await resumed;
        yield { type: 'delta', content: 'Second part.' };
      },
    };
    s.services.llm = provider;
    const { auth, sessionId } = await signedInWithSession(s);
    const pending = send(s, auth, sessionId, true);
    await reachedMidway;
    await recreateEmpty(s);
    resume();
    const res = await pending;
    expect(res.statusCode).toBe(200);
    const events = res.body
      .split('\n\n')
      .filter(Boolean)
      .map((b) => b.slice('data: '.length));
    expect(events.at(-1)).toBe('[DONE]');
    expect(JSON.parse(events.at(-2)!)).toEqual({ type: 'error', error: UNAVAILABLE.error });
  });

  it.runIf(onPostgres)(
    'PostgreSQL refusing connections (an outage): not ready, and sends answer 503',
    async () => {
      const s = await server();
      const { auth, sessionId } = await signedInWithSession(s);
      const [{ name }] = await s.services.db.$queryRawUnsafe<[{ name: string }]>(
        'SELECT current_database() AS name',
      );
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
          name,
        ]);
        expect((await ready(s)).statusCode).toBe(503);
        for (const streamed of [false, true]) {
          const r = await send(s, auth, sessionId, streamed);
          expect([streamed, r.statusCode, r.json()]).toEqual([streamed, 503, UNAVAILABLE]);
        }
      } finally {
        await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
        await admin.end();
      }
      // Back: ready again, and the next send goes through.
      expect((await ready(s)).statusCode).toBe(200);
      expect((await send(s, auth, sessionId)).statusCode).toBe(200);
    },
  );
});
