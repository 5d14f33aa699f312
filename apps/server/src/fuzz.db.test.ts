// Bad input never gets a 5xx: every tRPC procedure and every REST route is called with NUL characters, lone
// surrogates, megabyte strings, deeply nested JSON, wrong types and empty bodies, signed in and anonymous.
import type { AnyTRPCProcedure } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '@app/api';
import { createSignedInUser } from '@app/api/testing';
import { createTestServer, type TestServer } from './testing.js';

let s: TestServer;
let auth: Record<string, string>;
const restRoutes: { method: string; url: string }[] = [];

beforeAll(async () => {
  s = await createTestServer();
  // Collected as the routes are registered: every /api path with a concrete method.
  s.app.printRoutes({ commonPrefix: false });
  ({ auth } = await createSignedInUser(s.services, { plan: 'pro' }));
});
afterAll(async () => {
  await s?.close();
});

function deep(levels: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

const BIG = 'x'.repeat(1024 * 1024);
/** Values that stand in for any field, and whole inputs. */
const values: unknown[] = [
  '\u0000',
  'ab\u0000cd',
  '\ud800',
  'a\udfffb',
  BIG,
  42,
  -1,
  1e308,
  true,
  null,
  [],
  {},
  ['\u0000'],
];
const inputs: unknown[] = [
  undefined,
  {},
  null,
  'text',
  123,
  [],
  deep(2_000),
  ...values.map((v) => ({
    id: v,
    sessionId: v,
    title: v,
    message: v,
    query: v,
    email: v,
    password: v,
    token: v,
    priceId: v,
    firstName: v,
    limit: v,
  })),
];

function procedures(): [string, AnyTRPCProcedure][] {
  const record = (appRouter as unknown as { _def: { procedures: Record<string, AnyTRPCProcedure> } })._def
    .procedures;
  return Object.entries(record);
}

function encodeTrpcInput(input: unknown) {
  return JSON.stringify({ json: input });
}

describe('fuzz: no 5xx for bad input', () => {
  it('over every tRPC query and mutation', async () => {
    const failures: string[] = [];
    for (const [name, proc] of procedures()) {
      const type = (proc as unknown as { _def: { type: string } })._def.type;
      if (type === 'subscription') continue; // streams: covered by the REST stream routes and chat tests
      for (const headers of [auth, {}]) {
        for (const input of inputs) {
          const body = encodeTrpcInput(input);
          const res =
            type === 'query'
              ? await s.app.inject({
                  method: 'GET',
                  url: `/trpc/${name}?input=${encodeURIComponent(body)}`,
                  headers,
                })
              : await s.app.inject({
                  method: 'POST',
                  url: `/trpc/${name}`,
                  headers: { ...headers, 'content-type': 'application/json' },
                  payload: body,
                });
          if (res.statusCode >= 500)
            failures.push(
              `${name} ${String(body).slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('over every REST route', async () => {
    const routes = collectRestRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const { method, url } of routes) {
      for (const headers of [auth, {}]) {
        for (const param of ['%00', '%ED%A0%80', 'x'.repeat(5000), '..%2F..%2Fetc%2Fpasswd']) {
          const path = url.replace(/:[A-Za-z]+/g, param);
          for (const input of [undefined, ...inputs.slice(1)]) {
            const payload = method === 'GET' || input === undefined ? undefined : JSON.stringify(input);
            const res = await s.app.inject({
              method: method as 'GET',
              url: method === 'GET' ? `${path}?q=%00&limit=%00&page=-1` : path,
              headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
              payload,
            });
            if (res.statusCode >= 500)
              failures.push(
                `${method} ${url} ${String(payload).slice(0, 60)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
              );
            if (method === 'GET') break;
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

function collectRestRoutes() {
  if (restRoutes.length) return restRoutes;
  const tree = s.app.printRoutes({ commonPrefix: false, includeMeta: false });
  // Lines look like "├── /api/chat/sessions/:id (GET, HEAD)".
  for (const line of tree.split('\n')) {
    const m = /(\/api\/[^\s]*) \(([^)]+)\)/.exec(line);
    if (!m) continue;
    const url = m[1]!;
    if (url.startsWith('/api/testing') || url.startsWith('/api/webhooks')) continue;
    for (const method of m[2]!.split(',').map((x) => x.trim())) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (url.endsWith('/stream')) continue; // SSE: inject would wait for the stream to end
      restRoutes.push({ method, url });
    }
  }
  return restRoutes;
}
