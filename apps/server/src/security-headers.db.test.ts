// The precomputed headers are exactly what helmet's middleware writes on a real response, and every route
// (API, tRPC, the web app, 404s) carries them.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELMET_OPTIONS, securityHeaders } from './security-headers.js';
import { createTestServer, type TestServer } from './testing.js';

/** The headers helmet sets on a real Node response for our options. */
async function helmetOnRealResponse(): Promise<Record<string, string>> {
  const middleware = helmet(HELMET_OPTIONS);
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    middleware(req, res, () => res.end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const out: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k))
        out[k] = v;
    });
    return out;
  } finally {
    server.close();
  }
}

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('security headers', () => {
  it('are the ones helmet writes itself', async () => {
    const expected = await helmetOnRealResponse();
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    expect(securityHeaders()).toEqual(expected);
  });

  it('are on every kind of response', async () => {
    const expected = securityHeaders();
    for (const url of ['/api/health', '/api/nope', '/trpc/system.health', '/api/auth/me']) {
      const res = await s.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});
