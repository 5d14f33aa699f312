// Bad input never gets a 5xx: every REST route is called with NUL characters, lone surrogates, megabyte strings,
// deeply nested JSON, wrong types, empty bodies and path traversal in its parameters, signed in and anonymous
// (tRPC: fuzz-trpc.db.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzServer, inputs } from './fuzz-inputs.js';
import type { TestServer } from './testing.js';

let s: TestServer;
let auth: Record<string, string>;
const restRoutes: { method: string; url: string }[] = [];

beforeAll(async () => {
  ({ s, auth } = await fuzzServer());
});
afterAll(async () => {
  await s?.close();
});

describe('fuzz: no 5xx for bad input', () => {
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
