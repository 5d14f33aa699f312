import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './testing.js';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('server basics', () => {
  it('GET /api/health answers ok with the database', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Images only from this origin, data: and blob: (remote images could carry chat text away).
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self' data: blob:(;|$)/);
  });

  it('GET /api/health/live answers without asking any dependency', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ready reports each dependency, and 503 without error texts when one is down', async () => {
    const ok = await s.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body.status).toBe('ok');
    expect(Object.keys(body.checks).sort()).toEqual(
      (s.services.redis
        ? ['database', 'mail', 'migrations', 'redis', 'storage']
        : ['database', 'mail', 'migrations', 'storage']
      ).sort(),
    );
    for (const c of Object.values(body.checks) as { status: string; latencyMs: number }[]) {
      expect(c.status).toBe('ok');
      expect(c.latencyMs).toBeGreaterThanOrEqual(0);
    }

    const storage = s.services.storage;
    const original = storage.check.bind(storage);
    storage.check = async () => ({ ...(await original()), ok: false, error: 'disk /secret/path is full' });
    try {
      const down = await s.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json().status).toBe('error');
      expect(down.json().checks.storage.status).toBe('error');
      expect(down.json().checks.database.status).toBe('ok');
      expect(down.body).not.toContain('/secret/path');
    } finally {
      storage.check = original;
    }
  });

  it('tRPC answers at /trpc with superjson', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/trpc/system.health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.json).toEqual({ status: 'ok', db: 'ok' });
  });

  it('unknown API paths are JSON 404s, not HTML', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('malformed JSON bodies get a 400 with a message', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/config',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTruthy();
  });
});
