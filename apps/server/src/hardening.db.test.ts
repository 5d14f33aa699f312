// Findings of the security and fault probe (issue 16) that live in the HTTP layer: NUL characters, internal
// error texts, request ids, what the request log may contain, and slow clients.
import net from 'node:net';
import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { testConfig } from '@app/api';
import { createTestDatabase } from '@app/db/testing';
import { buildServer } from './app.js';
import { createTestServer, type TestServer } from './testing.js';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await createTestServer();
  ({ accessToken: token } = await createSignedInUser(s.services));
});
afterAll(async () => {
  await s?.close();
});

const auth = () => ({ authorization: `Bearer ${token}` });
const trpcGet = (proc: string, input: unknown) =>
  `/trpc/${proc}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

describe('NUL characters', () => {
  it('are refused with 400 over REST, in bodies and path parameters', async () => {
    const create = await s.app.inject({
      method: 'POST',
      url: '/api/chat/sessions',
      headers: auth(),
      payload: { title: 'a\u0000b' },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().error).toMatch(/NUL/);

    const messages = await s.app.inject({
      method: 'GET',
      url: '/api/chat/sessions/%00/messages',
      headers: auth(),
    });
    expect(messages.statusCode).toBe(400);
    expect(messages.json().error).toMatch(/NUL/);

    const search = await s.app.inject({
      method: 'GET',
      url: '/api/chat/search?q=%00abc',
      headers: auth(),
    });
    expect(search.statusCode).toBeLessThan(500);
  });

  it('are refused with 400 over tRPC, and no database text reaches the client', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/trpc/chat.createSession',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: JSON.stringify({ json: { title: 'x\u0000y' } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/prisma|invocation|22021/i);
    const login = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000@example.com', password: 'x\u0000' },
    });
    expect(login.statusCode).toBe(400);
  });
});

describe('internal errors', () => {
  it('never send their message to clients (tRPC and REST)', async () => {
    // A query that reads through Prisma's client (the chat list takes the direct SQL path now).
    const delegate = s.services.db.assistantSession as unknown as { findMany: (...a: unknown[]) => unknown };
    const original = delegate.findMany;
    delegate.findMany = () =>
      Promise.reject(new Error('Invalid `prisma.assistantSession.findMany()` secret-detail'));
    try {
      const trpc = await s.app.inject({
        method: 'GET',
        url: trpcGet('assistant.listSessions', {}),
        headers: auth(),
      });
      expect(trpc.statusCode).toBe(500);
      expect(trpc.body).not.toMatch(/secret-detail|prisma/);
      expect(trpc.json().error.json.message).toBe('Internal server error');
      const rest = await s.app.inject({ method: 'GET', url: '/api/assistant/sessions', headers: auth() });
      expect(rest.statusCode).toBe(500);
      expect(rest.body).not.toMatch(/secret-detail|prisma/);
    } finally {
      delegate.findMany = original;
    }
  });
});

describe('X-Request-Id', () => {
  it('echoes a well-formed client id', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123_XY' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123_XY');
  });

  it('replaces a malformed or oversized one with its own', async () => {
    for (const bad of ['<script>alert(1)</script>', 'a b', 'x'.repeat(200), 'id\u00e9']) {
      const res = await s.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      const id = String(res.headers['x-request-id']);
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    }
  });
});

describe('the request log', () => {
  it('records paths without query strings, so tokens and messages in URLs never reach it', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-log-'));
    const database = await createTestDatabase();
    const server = await buildServer({
      config: testConfig({ dataDir }),
      db: database.prisma,
      logger: { level: 'info', stream },
    });
    try {
      await server.app.ready();
      await server.app.inject({
        method: 'GET',
        url: '/trpc/chat.sendStream?input=secret-message&connectionParams=1&token=eyJsecret.token',
      });
      await server.app.inject({ method: 'GET', url: '/api/health?access_token=eyJother' });
      const log = lines.join('');
      expect(log).toContain('/trpc/chat.sendStream');
      expect(log).toContain('/api/health');
      expect(log).not.toMatch(/secret-message|eyJsecret|eyJother|access_token/);

      // One line per GET, when it ends, with the request, status and duration; other methods and event streams
      // also log their arrival (issue 15).
      type Entry = { reqId?: string; msg?: string; responseTime?: unknown };
      const entries = () => lines.map((l) => JSON.parse(l) as Entry);
      lines.length = 0;
      await server.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'get-one' } });
      const get = entries().filter((e) => e.reqId === 'get-one');
      expect(get).toHaveLength(1);
      expect(get[0]).toMatchObject({
        msg: 'request completed',
        req: { method: 'GET', url: '/api/health' },
        res: { statusCode: 200 },
      });
      expect(typeof get[0]!.responseTime).toBe('number');
      await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {},
        headers: { 'x-request-id': 'post-one' },
      });
      await server.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'sse-one', accept: 'text/event-stream' },
      });
      for (const id of ['post-one', 'sse-one']) {
        expect(
          entries()
            .filter((e) => e.reqId === id)
            .map((e) => e.msg),
        ).toEqual(['incoming request', 'request completed']);
      }
      expect(entries().find((e) => e.reqId === 'post-one' && e.msg === 'request completed')).toMatchObject({
        req: { method: 'POST', url: '/api/auth/login' },
        res: { statusCode: 400 },
      });
    } finally {
      await server.app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('slow clients', () => {
  it('a request whose body never arrives is cut after the request timeout; a long stream is not', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-timeout-'));
    const database = await createTestDatabase();
    const server = await buildServer({
      config: testConfig({ dataDir }),
      db: database.prisma,
      logger: false,
      timeouts: { requestMs: 800, headersMs: 800, checkIntervalMs: 100 },
    });
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as net.AddressInfo;
      const started = Date.now();
      const closedAfter = await new Promise<number>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
          );
        });
        socket.on('data', () => {});
        socket.on('close', () => resolve(Date.now() - started));
        socket.on('error', () => {});
        setTimeout(() => reject(new Error('socket still open after 8 s')), 8000).unref();
      });
      expect(closedAfter).toBeLessThan(5000);

      // A streaming send that lasts longer than the request timeout completes.
      const user = await createSignedInUser(server.services, { plan: 'pro' });
      const slow = Object.create(server.services.llm) as typeof server.services.llm;
      slow.stream = async function* () {
        for (let i = 0; i < 15; i++) {
          await new Promise((r) => setTimeout(r, 100));
          yield { type: 'delta' as const, content: `part ${i} ` };
        }
        yield { type: 'usage' as const, usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } };
      };
      server.services.llm = slow;
      const base = `http://127.0.0.1:${port}`;
      const headers = { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' };
      const session = await (
        await fetch(`${base}/api/chat/sessions`, { method: 'POST', headers, body: '{}' })
      ).json();
      const res = await fetch(`${base}/api/chat/sessions/${session.session.id}/messages/stream`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ message: 'hello' }),
      });
      const text = await res.text();
      expect(text).toContain('part 14');
      expect(text).toContain('[DONE]');
    } finally {
      await server.app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('bulk creation', () => {
  it('a tRPC batch of more than 20 calls is refused whole', async () => {
    const procs = Array.from({ length: 21 }, () => 'chat.listSessions').join(',');
    const input = encodeURIComponent(JSON.stringify({}));
    const res = await s.app.inject({
      method: 'GET',
      url: `/trpc/${procs}?batch=1&input=${input}`,
      headers: auth(),
    });
    expect(res.statusCode).toBe(400);
    const ok = await s.app.inject({
      method: 'GET',
      url: `/trpc/${Array.from({ length: 20 }, () => 'chat.listSessions').join(',')}?batch=1&input=${input}`,
      headers: auth(),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('new sessions are limited per user (30 a minute)', async () => {
    const { auth: headers } = await createSignedInUser(s.services, { plan: 'pro' });
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push(
        (await s.app.inject({ method: 'POST', url: '/api/chat/sessions', headers, payload: {} })).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((c) => c === 201 || c === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe('bulk creation of assistant sessions', () => {
  it('shares the per-user limit on new sessions (30 a minute)', async () => {
    const { auth: headers } = await createSignedInUser(s.services, { plan: 'pro' });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await s.app.inject({ method: 'POST', url: '/api/assistant/sessions', headers, payload: {} }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((c) => c < 300)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
