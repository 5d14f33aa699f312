// The admin surface (SPEC §7 Admin): every REST path and every admin procedure × anonymous / user / admin
// (401 / 403 / 200), and what each answers on seeded data — figures computed by hand here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestUser } from '@app/api/testing';
import { appRouter, createInternalContext } from '@app/api';
import { TRPCError } from '@trpc/server';
import { createTestServer, type TestServer } from '../testing.js';

let s: TestServer;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let user: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  s = await createTestServer();
  admin = await createSignedInUser(s.services, {
    isAdmin: true,
    email: 'boss@admin-co.com',
    firstName: 'Bo',
  });
  user = await createSignedInUser(s.services, { plan: 'pro', email: 'plain@customer-co.com' });
});
afterAll(async () => {
  await s?.close();
});

type Method = 'GET' | 'PUT' | 'DELETE';
const call = (
  method: Method,
  url: string,
  token?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  s.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as never } : {}),
  });

/** Every admin REST path with a request an admin may make (PUTs change nothing harmful). */
const routes = (): [Method, string, unknown?][] => [
  ['GET', '/api/admin/users?page=1&limit=5'],
  ['PUT', `/api/admin/users/${user.user.id}`, { messagesUsed: 0 }],
  ['GET', '/api/admin/plans/overview'],
  ['GET', '/api/admin/plans'],
  ['PUT', '/api/admin/plans/starter', { popular: false }],
  ['GET', '/api/admin/logs?page=1&limit=10&action='],
  ['GET', '/api/admin/logs/export.csv'],
  ['GET', '/api/admin/analytics/usage?startDate=2020-01-01&endDate=2099-12-31'],
  ['DELETE', '/api/admin/usage/clear'],
  ['GET', '/api/admin/stripe/status'],
  ['GET', '/api/admin/stripe/transactions?limit=3'],
  ['GET', '/api/admin/dashboard'],
  ['GET', '/api/admin/health'],
];

describe('permission matrix (REST)', () => {
  it('answers anonymous 401, a signed-in user 403 and an admin 200 on every admin path', async () => {
    for (const [method, url, body] of routes()) {
      const anon = await call(method, url, undefined, body);
      expect([url, anon.statusCode, anon.json().code]).toEqual([url, 401, 'UNAUTHORIZED']);
      const plain = await call(method, url, user.accessToken, body);
      expect([url, plain.statusCode, plain.json().code]).toEqual([url, 403, 'FORBIDDEN']);
      const ok = await call(method, url, admin.accessToken, body);
      expect([url, ok.statusCode]).toEqual([url, 200]);
    }
  });

  it('logs admin access — refusals included — as ADMIN_ACCESS entries', async () => {
    await call('GET', '/api/admin/dashboard', user.accessToken);
    await call('GET', '/api/admin/dashboard', admin.accessToken);
    const rows = await s.services.db.usageLog.findMany({
      where: { procedure: 'admin.dashboard' },
      orderBy: { timestamp: 'desc' },
      take: 2,
    });
    expect(rows.map((r) => [r.action, r.userId, r.actorId, r.status])).toEqual([
      ['ADMIN_ACCESS', admin.user.id, admin.user.id, 'success'],
      ['ADMIN_ACCESS', user.user.id, user.user.id, 'error'],
    ]);
    expect(rows[1]!.details).toContain('403 FORBIDDEN');
    expect(rows[0]!.endpoint).toBe('/api/admin/dashboard');
    expect(rows[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(rows[0]!.ip).toBe('127.0.0.1');
  });
});

describe('permission matrix (tRPC)', () => {
  const procedures = Object.keys(appRouter._def.procedures).filter((p) => p.startsWith('admin.'));
  const inputs: Record<string, unknown> = {
    'admin.updateUser': () => ({ id: user.user.id, messagesUsed: 0 }),
    'admin.updatePlan': { id: 'starter', popular: false },
  };

  it('covers every admin procedure: UNAUTHORIZED, FORBIDDEN, then an answer', async () => {
    expect(procedures.length).toBeGreaterThanOrEqual(13);
    const run = async (token: string | undefined, path: string) => {
      const caller = appRouter.createCaller(createInternalContext(s.services, { bearer: token }));
      const [, name] = path.split('.') as [string, string];
      const raw = inputs[path];
      const input = typeof raw === 'function' ? (raw as () => unknown)() : raw;
      const fn = (caller.admin as unknown as Record<string, (i?: unknown) => Promise<unknown>>)[name]!;
      try {
        const out = await fn(input);
        // Subscriptions answer an async iterable: drain it.
        if (out && typeof (out as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function')
          for await (const _chunk of out as AsyncIterable<unknown>) void _chunk;
        return 'ok';
      } catch (err) {
        return err instanceof TRPCError ? err.code : String(err);
      }
    };
    for (const p of procedures) {
      expect([p, await run(undefined, p)]).toEqual([p, 'UNAUTHORIZED']);
      expect([p, await run(user.accessToken, p)]).toEqual([p, 'FORBIDDEN']);
      expect([p, await run(admin.accessToken, p)]).toEqual([p, 'ok']);
    }
  });
});

describe('empty JSON bodies', () => {
  it('DELETE /api/admin/usage/clear with Content-Type: application/json and no body is 200 {deletedCount}', async () => {
    const res = await call('DELETE', '/api/admin/usage/clear', admin.accessToken, undefined, {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: expect.any(Number) });
  });

  it('any /api route takes an empty JSON body as {} (and still refuses malformed JSON)', async () => {
    const empty = await s.app.inject({
      method: 'POST',
      url: '/api/chat/sessions',
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(201);
    const spaces = await s.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '  \n',
    });
    expect(spaces.statusCode).toBe(200);
    const bad = await s.app.inject({
      method: 'POST',
      url: '/api/chat/sessions',
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(bad.statusCode).toBe(400);
    const poisoned = await s.app.inject({
      method: 'POST',
      url: '/api/chat/sessions',
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});

describe('users', () => {
  it('lists a page with the §3 row and this period’s usage, filtered by search, plan and status', async () => {
    const a = await createTestUser(s.services.db, {
      email: 'zed.searchable@filter-co.com',
      firstName: 'Zed',
      lastName: 'Searchable',
      plan: 'starter',
      status: 'TRIALING',
    });
    await s.services.quota.reserve(a.user.id).then((r) => r.commit());
    await s.services.quota.reserve(a.user.id).then((r) => r.commit());
    await s.services.db.chatSession.createMany({ data: [{ userId: a.user.id }, { userId: a.user.id }] });
    const res = await call('GET', '/api/admin/users?search=zed%20searchable', admin.accessToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 });
    expect(body.users[0]).toMatchObject({
      id: a.user.id,
      email: 'zed.searchable@filter-co.com',
      firstName: 'Zed',
      lastName: 'Searchable',
      isAdmin: false,
      chatSessionCount: 2,
      subscription: {
        plan: 'starter',
        planName: 'Starter',
        status: 'TRIALING',
        messagesUsed: 2,
        messageLimit: 300,
      },
    });
    const byPlan = await call(
      'GET',
      '/api/admin/users?plan=Starter&status=trialing&search=filter-co',
      admin.accessToken,
    );
    expect(byPlan.json().users.map((u: { id: string }) => u.id)).toEqual([a.user.id]);
    const wrongPlan = await call('GET', '/api/admin/users?plan=pro&search=filter-co', admin.accessToken);
    expect(wrongPlan.json().users).toEqual([]);
    const free = await call('GET', '/api/admin/users?plan=free&status=INACTIVE', admin.accessToken);
    expect(free.json().users.map((u: { id: string }) => u.id)).toContain(admin.user.id);
    expect(free.json().users.every((u: { subscription: unknown }) => u.subscription === null)).toBe(true);
  });

  it('reads the usage of a whole page in one counter query', async () => {
    for (let i = 0; i < 4; i++)
      await createTestUser(s.services.db, { plan: 'pro', email: `page-${i}@page-co.com` });
    const db = s.services.db;
    const orig = db.usageCounter.findMany.bind(db.usageCounter);
    let calls = 0;
    (db.usageCounter as { findMany: unknown }).findMany = (...args: unknown[]) => {
      calls++;
      return (orig as (...a: unknown[]) => unknown)(...args);
    };
    try {
      const res = await call('GET', '/api/admin/users?search=page-co&limit=10', admin.accessToken);
      expect(res.json().users).toHaveLength(4);
      expect(calls).toBe(1);
    } finally {
      (db.usageCounter as { findMany: unknown }).findMany = orig;
    }
  });

  it('PUT resets the quota, changes status and admin rights, and never removes the last admin', async () => {
    const target = await createTestUser(s.services.db, { plan: 'pro', email: 'quota@reset-co.com' });
    await s.services.quota.reserve(target.user.id).then((r) => r.commit());
    expect((await s.services.quota.usage(target.user.id))!.messagesUsed).toBe(1);
    const reset = await call('PUT', `/api/admin/users/${target.user.id}`, admin.accessToken, {
      messagesUsed: 0,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user.subscription).toMatchObject({ messagesUsed: 0 });
    expect((await s.services.quota.usage(target.user.id))!.messagesUsed).toBe(0);
    const entry = await s.services.db.usageLog.findFirst({
      where: { procedure: 'admin.updateUser' },
      orderBy: { timestamp: 'desc' },
    });
    // The entry is the acting admin's (user and actor); the edited user is named in its details (issue 37).
    expect(entry).toMatchObject({ action: 'ADMIN_ACCESS', userId: admin.user.id, actorId: admin.user.id });
    expect(entry!.details).toContain('quota reset');
    expect(entry!.details).toContain('quota@reset-co.com');

    const status = await call('PUT', `/api/admin/users/${target.user.id}`, admin.accessToken, {
      status: 'CANCELED',
    });
    expect(status.json().user.subscription.status).toBe('CANCELED');

    const noSub = await createTestUser(s.services.db, { email: 'nosub@reset-co.com' });
    const refused = await call('PUT', `/api/admin/users/${noSub.user.id}`, admin.accessToken, {
      messagesUsed: 0,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('NO_SUBSCRIPTION');
    expect(
      (await call('PUT', '/api/admin/users/nobody', admin.accessToken, { isAdmin: true })).statusCode,
    ).toBe(404);
    expect((await call('PUT', `/api/admin/users/${noSub.user.id}`, admin.accessToken, {})).statusCode).toBe(
      400,
    );
    expect(
      (await call('PUT', `/api/admin/users/${noSub.user.id}`, admin.accessToken, { messagesUsed: 5 }))
        .statusCode,
    ).toBe(400);

    // The only admin cannot remove their own flag.
    expect(await s.services.db.user.count({ where: { isAdmin: true } })).toBe(1);
    const self = await call('PUT', `/api/admin/users/${admin.user.id}`, admin.accessToken, {
      isAdmin: false,
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('LAST_ADMIN');
    // With a second admin, two admins removing each other at once: exactly one succeeds.
    const promote = await call('PUT', `/api/admin/users/${noSub.user.id}`, admin.accessToken, {
      isAdmin: true,
    });
    expect(promote.json().user.isAdmin).toBe(true);
    const other = await s.services.accessTokens.sign(noSub.user.id);
    const both = await Promise.all([
      call('PUT', `/api/admin/users/${noSub.user.id}`, admin.accessToken, { isAdmin: false }),
      call('PUT', `/api/admin/users/${admin.user.id}`, other, { isAdmin: false }),
    ]);
    // The loser is refused as the last admin (409), or as no admin any more (403) if it came second.
    expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await s.services.db.user.count({ where: { isAdmin: true } })).toBe(1);
    await s.services.db.user.update({ where: { id: admin.user.id }, data: { isAdmin: true } });
    await s.services.db.user.update({ where: { id: noSub.user.id }, data: { isAdmin: false } });
  });
});
