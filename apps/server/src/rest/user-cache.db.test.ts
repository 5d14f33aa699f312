// The signed-in user is cached between requests (services/auth/user-cache.ts); every change to a user must still
// apply at that user's very next request. Each case reads /auth/me first, so the user is in the cache when the
// change is made. (Across instances through Redis: scripts/test-cluster.mjs, 'logout on B ends … on A'.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { createTestServer, type TestServer } from '../testing.js';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});

type Auth = { authorization: string };
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  auth: Auth,
  payload?: Record<string, unknown>,
) =>
  s.app.inject({ method, url: `/api${url}`, headers: auth, ...(payload === undefined ? {} : { payload }) });
const me = async (auth: Auth) => {
  const res = await call('GET', '/auth/me', auth);
  return { status: res.statusCode, user: res.statusCode === 200 ? res.json().user : undefined };
};

describe('a cached user', () => {
  it('is served without a database read until it changes', async () => {
    const u = await createSignedInUser(s.services);
    expect((await me(u.auth)).status).toBe(200);
    const before = await s.services.userCache.read(u.user.id, async () => null);
    expect(before?.id).toBe(u.user.id); // in the cache: the loader was not needed
  });

  it('logout ends the access token at the next request', async () => {
    const u = await createSignedInUser(s.services);
    expect((await me(u.auth)).status).toBe(200);
    expect((await call('POST', '/auth/logout', u.auth)).statusCode).toBe(200);
    expect((await me(u.auth)).status).toBe(401);
  });

  it('a password change ends the old access token at the next request', async () => {
    const u = await createSignedInUser(s.services);
    expect((await me(u.auth)).status).toBe(200);
    const res = await call('PUT', '/auth/password', u.auth, {
      currentPassword: u.password,
      newPassword: 'Another-Strong-Pass-42!',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(u.auth)).status).toBe(401);
    expect((await me({ authorization: `Bearer ${res.json().accessToken}` })).status).toBe(200);
  });

  it('a profile change shows at the next request', async () => {
    const u = await createSignedInUser(s.services);
    expect((await me(u.auth)).user.firstName).not.toBe('Renamed');
    const res = await call('PUT', '/auth/profile', u.auth, {
      firstName: 'Renamed',
      lastName: 'Person',
      email: u.user.email,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(u.auth)).user).toMatchObject({ firstName: 'Renamed', lastName: 'Person' });
  });

  it('an admin role taken away is refused at the next request', async () => {
    const boss = await createSignedInUser(s.services, { isAdmin: true });
    const other = await createSignedInUser(s.services, { isAdmin: true });
    expect((await call('GET', '/admin/dashboard', other.auth)).statusCode).toBe(200);
    const res = await call('PUT', `/admin/users/${other.user.id}`, boss.auth, { isAdmin: false });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/admin/dashboard', other.auth)).statusCode).toBe(403);
  });

  it('a deleted account is refused at the next request', async () => {
    const u = await createSignedInUser(s.services);
    expect((await me(u.auth)).status).toBe(200);
    const res = await call('DELETE', '/auth/account', u.auth, { password: u.password });
    expect(res.statusCode).toBe(200);
    expect((await me(u.auth)).status).toBe(401);
  });
});
