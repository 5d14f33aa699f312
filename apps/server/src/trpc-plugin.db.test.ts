// /trpc over a real socket: a query or mutation answers one JSON text with its length (no chunked encoding), JSONL
// batches and subscriptions still stream, errors keep their status and body, security headers are on all.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { appRouter, type AppRouter } from '@app/api';
import { TRPC_MAX_BATCH_SIZE } from '@app/api/schemas';
import { contextFromFastify } from './context.js';
import { createTestServer, type TestServer } from './testing.js';
import { clientGoneSignal } from './client-gone.js';
import { getRequest, trpcPlugin } from './trpc-plugin.js';

let s: TestServer;
let base: string;
beforeAll(async () => {
  s = await createTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await s?.close();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A plain HTTP request: the headers as sent on the wire (fetch would hide the framing). */
function request(path: string, o: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Raw>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: o.method ?? 'GET', headers: o.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

const input = (v: unknown) => encodeURIComponent(JSON.stringify(v));

describe('/trpc', () => {
  it('a query answers one JSON text with its length', async () => {
    const res = await request('/trpc/system.health');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    expect(JSON.parse(res.body)).toEqual({ result: { data: { json: { status: 'ok', db: 'ok' } } } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('a batch of three queries with a bearer, and a mutation', async () => {
    const u = await createSignedInUser(s.services, { plan: 'pro' });
    const batch = await request(
      `/trpc/auth.me,chat.listSessions,subscriptions.current?batch=1&input=${input({})}`,
      { headers: u.auth },
    );
    expect(batch.status).toBe(200);
    expect(batch.headers['transfer-encoding']).toBeUndefined();
    const results = JSON.parse(batch.body) as { result: { data: { json: unknown } } }[];
    expect(results).toHaveLength(3);
    expect(results[0]!.result.data.json).toMatchObject({ user: { id: u.user.id } });

    const created = await request('/trpc/chat.createSession', {
      method: 'POST',
      headers: { ...u.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ json: { title: 'Onboarding' } }),
    });
    expect(created.status).toBe(200);
    expect(created.headers['transfer-encoding']).toBeUndefined();
    expect(typeof JSON.parse(created.body).result.data.json.session.id).toBe('string');
  });

  it('the calls of one batch read the signed-in user once; the next request is served by the user cache until the user changes', async () => {
    const u = await createSignedInUser(s.services, { plan: 'pro' });
    const reads = vi.spyOn(s.services.db.user, 'findUnique');
    try {
      const url = `/trpc/auth.me,chat.listSessions,subscriptions.current?batch=1&input=${input({})}`;
      expect((await request(url, { headers: u.auth })).status).toBe(200);
      expect(reads).toHaveBeenCalledTimes(1);
      expect((await request(url, { headers: u.auth })).status).toBe(200);
      expect(reads).toHaveBeenCalledTimes(1);
      await s.services.userCache.invalidate(u.user.id);
      expect((await request(url, { headers: u.auth })).status).toBe(200);
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
    }
  });

  it('errors keep their status and message', async () => {
    const anon = await request('/trpc/auth.me');
    expect(anon.status).toBe(401);
    expect(JSON.parse(anon.body).error.json.data.code).toBe('UNAUTHORIZED');
    const missing = await request('/trpc/no.such');
    expect(missing.status).toBe(404);
    const bad = await request('/trpc/chat.createSession', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect(bad.headers['content-length']).toBeTruthy();
  });

  it('JSONL batches and subscriptions still stream', async () => {
    const jsonl = await request(`/trpc/system.health,system.live?batch=1&input=${input({})}`, {
      headers: { 'trpc-accept': 'application/jsonl' },
    });
    expect(jsonl.status).toBe(200);
    expect(jsonl.headers['transfer-encoding']).toBe('chunked');
    expect(jsonl.body).toContain('"status":"ok"');

    const u = await createSignedInUser(s.services, { plan: 'pro' });
    const sse = await request(`/trpc/chat.sendStream?input=${input({ json: { requestId: 'nope' } })}`, {
      headers: u.auth,
    });
    expect(sse.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(sse.body).toContain('event: serialized-error');
  });
});

describe('getRequest (a GET as tRPC reads it)', () => {
  /** A real request on a throwaway server: the handler gets what the plugin would. */
  async function capture(
    headers: Record<string, string | string[]>,
    handle: (r: Request, res: http.ServerResponse) => void,
  ) {
    const server = http.createServer((raw, res) => handle(getRequest(raw, res), res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    return {
      server,
      req: http.request({ port, host: '127.0.0.1', path: '/trpc/a.b?input=%7B%7D', headers }),
    };
  }

  it('has the method, the full URL and the headers (case-insensitive, repeated ones joined)', async () => {
    let seen: Request | undefined;
    const { server, req } = await capture(
      { 'X-Multi': ['a', 'b'], Accept: 'text/event-stream' },
      (r, res) => {
        seen = r;
        res.end('ok');
      },
    );
    await new Promise<void>((resolve) => req.on('response', (res) => res.resume().on('end', resolve)).end());
    server.close();
    expect(seen!.method).toBe('GET');
    expect(new URL(seen!.url).pathname).toBe('/trpc/a.b');
    expect(new URL(seen!.url).searchParams.get('input')).toBe('{}');
    expect(seen!.headers.get('ACCEPT')).toBe('text/event-stream');
    expect(seen!.headers.get('x-multi')).toBe('a, b');
    expect(seen!.headers.has('content-type')).toBe(false);
    expect(seen!.headers.get('content-type')).toBeNull();
    expect(seen!.signal.aborted).toBe(false); // answered in full: not aborted
  });

  it('its signal aborts when the client leaves before the answer is complete', async () => {
    let signal: AbortSignal | undefined;
    const { server, req } = await capture({}, (r, res) => {
      signal = r.signal;
      res.write('partial'); // an open stream
    });
    req.on('error', () => undefined);
    await new Promise<void>((resolve) => req.on('response', () => resolve()).end());
    req.destroy();
    for (let i = 0; i < 50 && !signal!.aborted; i++) await new Promise((r) => setTimeout(r, 10));
    server.close();
    expect(signal!.aborted).toBe(true);
  });
});

describe('one client-gone signal per response (client-gone.ts)', () => {
  it('the GET request tRPC reads and the procedure context share it', async () => {
    let fromRequest: AbortSignal | undefined;
    let again: AbortSignal | undefined;
    const server = http.createServer((raw, res) => {
      fromRequest = getRequest(raw, res).signal;
      again = clientGoneSignal(res);
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    await fetch(`http://127.0.0.1:${port}/trpc/a.b`).then((r) => r.text());
    server.close();
    expect(fromRequest).toBe(again);
    expect(fromRequest!.aborted).toBe(false);
  });
});

describe('a request that never asks creates no client-gone signal', () => {
  it('REST and /trpc reads, signed in or not, construct no AbortController; a stream route still gets its signal', async () => {
    const u = await createSignedInUser(s.services, { plan: 'pro' });
    const session = await s.services.db.chatSession.create({ data: { userId: u.user.id } });
    const Real = globalThis.AbortController;
    let made = 0;
    globalThis.AbortController = class extends Real {
      constructor() {
        super();
        made++;
      }
    };
    try {
      for (const [url, headers] of [
        ['/api/config', {}],
        ['/api/health', {}],
        ['/trpc/system.health', {}],
        ['/api/auth/me', u.auth],
        ['/trpc/auth.me', u.auth],
        ['/api/chat/sessions', u.auth],
        ['/trpc/chat.listSessions,auth.me?batch=1&input={}', u.auth],
      ] as const) {
        const res = await s.app.inject({ method: 'GET', url, headers });
        expect([url, res.statusCode]).toEqual([url, 200]);
      }
      expect(made).toBe(0);
      // A send over REST SSE asks for it (a disconnect stops the answer): one, shared by the whole request.
      const sent = await s.app.inject({
        method: 'POST',
        url: `/api/chat/sessions/${session.id}/messages/stream`,
        headers: { ...u.auth, 'content-type': 'application/json' },
        payload: { message: 'Three objectives for a first-aid refresher' },
      });
      expect(sent.body).toContain('"type":"complete"');
      expect(made).toBeGreaterThan(0);
    } finally {
      globalThis.AbortController = Real;
    }
  });
});

describe('GET queries without fetch objects (trpc-queries.ts)', () => {
  // The same requests through the plugin's own query path and through tRPC's resolveResponse alone must answer
  // the same status, headers and body: successes, batches, errors of one call in a batch, bad input, and the
  // requests the query path hands on (unknown paths, mutations over GET, malformed input, JSONL batches).
  const apps: FastifyInstance[] = [];
  const open = async (queriesWithoutFetch: boolean) => {
    const app = Fastify({ logger: false });
    await app.register(fastifyCookie);
    await app.register(trpcPlugin<AppRouter>, {
      prefix: '/trpc',
      router: appRouter,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: (req, reply) => contextFromFastify(s.services, req, reply, 'trpc'),
      queriesWithoutFetch,
    });
    await app.ready();
    apps.push(app);
    return app;
  };
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it('answers exactly as resolveResponse does', async () => {
    const [own, trpc] = [await open(true), await open(false)];
    const u = await createSignedInUser(s.services, { plan: 'pro' });
    const session = await s.services.db.chatSession.create({ data: { userId: u.user.id } });
    const cases: { url: string; headers?: Record<string, string> }[] = [
      { url: '/trpc/system.health' },
      { url: '/trpc/auth.me' },
      { url: '/trpc/auth.me', headers: u.auth },
      {
        url: `/trpc/auth.me,chat.listSessions,subscriptions.current?batch=1&input=${input({})}`,
        headers: u.auth,
      },
      {
        url: `/trpc/chat.getSession,chat.getSession?batch=1&input=${input({
          0: { json: { sessionId: session.id } },
          1: { json: { sessionId: 'no-such-session' } },
        })}`,
        headers: u.auth,
      },
      { url: `/trpc/chat.getSession?input=${input({ json: { sessionId: 42 } })}`, headers: u.auth },
      // The query string as the query path reads it (no URL parsed): '+' and %20, parameters in any order, an
      // encoded comma between batched paths, an empty query.
      {
        url: `/trpc/chat.search?input=${input({ json: { query: 'first aid' } }).replace(/%20/g, '+')}`,
        headers: u.auth,
      },
      { url: `/trpc/chat.search?input=${input({ json: { query: 'first%aid' } })}&x=1`, headers: u.auth },
      { url: `/trpc/auth.me%2Csystem.health?input=${input({})}&batch=1`, headers: u.auth },
      { url: '/trpc/system.health?', headers: u.auth },
      { url: '/trpc/no.such.procedure' },
      { url: '/trpc/auth.logout', headers: u.auth },
      { url: '/trpc/auth.me?input=%7Bnot-json', headers: u.auth },
      {
        url: `/trpc/auth.me?batch=1&input=${input({})}`,
        headers: { ...u.auth, 'trpc-accept': 'application/jsonl' },
      },
    ];
    for (const c of cases) {
      const [a, b] = await Promise.all(
        [own, trpc].map((app) => app.inject({ method: 'GET', url: c.url, headers: c.headers })),
      );
      const summary = (r: NonNullable<typeof a>) => ({
        status: r.statusCode,
        type: r.headers['content-type'],
        vary: r.headers.vary,
        body: r.body,
      });
      expect(summary(a!), c.url).toEqual(summary(b!));
    }
  });

  it('a query over GET parses no URL (its query string is all it reads)', async () => {
    const app = await open(true);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        // node:http with options (not a URL), so the client side parses none either.
        const r = http.request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        r.on('error', reject);
        r.end();
      });
    await get('/trpc/system.health'); // warm: the route's first request
    const Real = globalThis.URL;
    let parsed = 0;
    globalThis.URL = class extends Real {
      constructor(...args: ConstructorParameters<typeof URL>) {
        super(...args);
        parsed++;
      }
    } as typeof URL;
    try {
      const res = await get(`/trpc/system.health?input=${input({})}`);
      expect(res.status).toBe(200);
      expect(res.body).toContain('"status":"ok"');
      expect(parsed).toBe(0);
      // What resolveResponse answers (here an unknown procedure) still gets its URL.
      expect((await get('/trpc/no.such.procedure')).status).toBe(404);
      expect(parsed).toBeGreaterThan(0);
    } finally {
      globalThis.URL = Real;
    }
  });

  it('a query over GET makes no fetch Response', async () => {
    const app = await open(true);
    const made = vi.spyOn(globalThis, 'Response');
    const res = await app.inject({ method: 'GET', url: '/trpc/system.health' });
    expect(res.statusCode).toBe(200);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });
});
