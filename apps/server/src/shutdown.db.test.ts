// Graceful shutdown with a real process (issue 16): SIGTERM while replies stream over REST SSE and over the
// tRPC subscription. Each client is told 'The server is restarting, please retry' (REST: an error event, then
// [DONE]; tRPC: an error event that ends the subscription), the exchanges are undone and their quota released
// before the process exits (code 0, well within the 15 s force exit). After a restart on the same database the
// messages and the usage counter hold only completed exchanges. In-process: sends during the drain get 503.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { openDatabase, type Database } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { shutdownStreams } from './app.js';
import { killChildServers, startChildServer } from './child-server.js';
import { createTestServer } from './testing.js';

const RESTARTING = 'The server is restarting, please retry';
let dataDir: string;
let testDb: Database | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-shutdown-'));
  if (process.env.TEST_DATABASE_URL) testDb = await createTestDatabase();
});
afterAll(async () => {
  killChildServers();
  await testDb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const startServer = () => startChildServer({ dataDir, databaseUrl: testDb?.connectionString });

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

/** Reads a streamed body until `until` matches what arrived (or the body ends); returns the rest as a promise. */
function reader(res: Response) {
  const r = res.body!.getReader();
  let text = '';
  let ended = false;
  const pump = (async () => {
    for (;;) {
      const { value, done } = await r.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    ended = true;
  })();
  return {
    text: () => text,
    ended: () => ended,
    async until(re: RegExp, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (!re.test(text) && !ended && Date.now() < deadline) await new Promise((x) => setTimeout(x, 10));
      return re.test(text);
    },
    done: pump,
  };
}

const LONG = 'Create a 4-week learning plan for new sales managers';

describe('SIGTERM while replies stream', () => {
  it(
    'tells REST and tRPC clients to retry, undoes their exchanges and exits cleanly',
    { timeout: 420_000 },
    async () => {
      const first = await startServer();
      const created = await fetch(`${first.base}/api/test/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'pro' }),
      });
      const { user, accessToken } = (await created.json()) as { user: { id: string }; accessToken: string };
      const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
      const api = (base: string, url: string, init: RequestInit = {}) =>
        fetch(`${base}/api${url}`, { ...init, headers });
      const newSession = async () =>
        (
          (await (await api(first.base, '/chat/sessions', { method: 'POST', body: '{}' })).json()) as {
            session: { id: string };
          }
        ).session.id;
      const restId = await newSession();
      const trpcId = await newSession();
      // One exchange completes.
      const done = await api(first.base, `/chat/sessions/${restId}/messages`, {
        method: 'POST',
        body: JSON.stringify({ message: 'Three Bloom-aligned objectives for onboarding' }),
      });
      expect(done.status).toBe(200);

      // Two replies stream: one over REST SSE, one over the tRPC subscription.
      const rest = reader(
        await api(first.base, `/chat/sessions/${restId}/messages/stream`, {
          method: 'POST',
          body: JSON.stringify({ message: LONG }),
        }),
      );
      // tRPC as the web sends: the message POSTed to prepareSend, then the subscription by the request id.
      const prepared = await fetch(`${first.base}/trpc/chat.prepareSend`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ json: { sessionId: trpcId, message: LONG } }),
      });
      const { requestId } = ((await prepared.json()) as { result: { data: { json: { requestId: string } } } })
        .result.data.json;
      const input = encodeURIComponent(JSON.stringify({ json: { requestId } }));
      const trpcRes = await fetch(`${first.base}/trpc/chat.sendStream?input=${input}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(trpcRes.status).toBe(200);
      const trpc = reader(trpcRes);
      expect(await rest.until(/"type":"content"/)).toBe(true);
      expect(await trpc.until(/"type":"content"/)).toBe(true);
      const stoppedAt = Date.now();
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(15_000);
      await Promise.all([rest.done, trpc.done]);

      // REST: an error event with the message, then [DONE], and no completion.
      const events = rest
        .text()
        .split('\n\n')
        .filter((b) => b.startsWith('data: '))
        .map((b) => b.slice(6));
      expect(events.slice(-2)).toEqual([JSON.stringify({ type: 'error', error: RESTARTING }), '[DONE]']);
      expect(rest.text()).not.toContain('"type":"complete"');
      // tRPC: the subscription ends with its error event (SERVER_RESTARTING).
      expect(trpc.text()).toMatch(/event: serialized-error\ndata: .*The server is restarting, please retry/);
      expect(trpc.text()).toContain('SERVER_RESTARTING');
      expect(trpc.text()).not.toContain('"type":"complete"');
      expect(first.output()).toMatch(/"stopped":2,"left":0,"msg":"streaming replies ended for shutdown"/);

      // Nothing half done is left, before or after a restart: quota back to the completed exchange.
      const check = async () =>
        withDatabase(async (db) => {
          expect(await db.pendingExchange.count()).toBe(0);
          const stored = await db.chatMessage.findMany({
            where: { sessionId: { in: [restId, trpcId] } },
            orderBy: { createdAt: 'asc' },
          });
          expect(stored.map((m) => [m.sessionId === restId ? 'rest' : 'trpc', m.role, m.status])).toEqual([
            ['rest', 'user', 'COMPLETE'],
            ['rest', 'assistant', 'COMPLETE'],
          ]);
          const counter = await db.usageCounter.findFirstOrThrow({
            where: { subscription: { userId: user.id } },
          });
          expect(counter.used).toBe(1);
        });
      await check();
      const second = await startServer();
      for (const id of [restId, trpcId]) {
        const view = (await (await api(second.base, `/chat/sessions/${id}/messages`)).json()) as {
          messages: unknown[];
          generating: boolean;
        };
        expect(view.generating).toBe(false);
        expect(view.messages).toHaveLength(id === restId ? 2 : 0);
      }
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      await check();
    },
  );
});

describe('sends during the drain (in process)', () => {
  it('are refused with 503 SERVER_RESTARTING while the running stream ends with the error and [DONE]', async () => {
    const s = await createTestServer();
    try {
      const { accessToken } = await createSignedInUser(s.services, { plan: 'pro' });
      const headers = { authorization: `Bearer ${accessToken}` };
      const session = async () =>
        (await s.app.inject({ method: 'POST', url: '/api/chat/sessions', headers, payload: {} })).json()
          .session.id as string;
      const [a, b] = [await session(), await session()];
      const streaming = s.app.inject({
        method: 'POST',
        url: `/api/chat/sessions/${a}/messages/stream`,
        headers,
        payload: { message: LONG },
      });
      while (s.services.conversationStreams.active() === 0) await new Promise((r) => setTimeout(r, 5));
      const drained = shutdownStreams(s.app, s.services);
      const refused = await s.app.inject({
        method: 'POST',
        url: `/api/chat/sessions/${b}/messages/stream`,
        headers,
        payload: { message: 'Anything' },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ error: RESTARTING, code: 'SERVER_RESTARTING' });
      const plain = await s.app.inject({
        method: 'POST',
        url: `/api/chat/sessions/${b}/messages`,
        headers,
        payload: { message: 'Anything' },
      });
      expect(plain.statusCode).toBe(503);
      await drained;
      const body = (await streaming).body;
      expect(
        body
          .trimEnd()
          .endsWith(`data: ${JSON.stringify({ type: 'error', error: RESTARTING })}\n\ndata: [DONE]`),
      ).toBe(true);
      expect(await s.services.db.chatMessage.count({ where: { sessionId: { in: [a, b] } } })).toBe(0);
    } finally {
      await s.close();
    }
  });
});
