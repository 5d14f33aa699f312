// Access tokens end with the user's token version (issue 16): logout, a password change (the current device
// keeps working through the token it is handed, or its refresh), a reset (every token, every device) and an
// email change refuse access tokens issued before them — at once, not up to 15 minutes later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestUser, TEST_PASSWORD } from '@app/api/testing';
import { createTestServer, type TestServer } from '../testing.js';
import { latestToken, refreshTokenOf } from './auth-test-helpers.js';

let s: TestServer;
let ip = 0;
const freshIp = () => `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});

/** One device: its access token and refresh cookie, as the web app keeps them. */
interface Device {
  access: string;
  refresh: string;
}

async function signIn(email: string, password = TEST_PASSWORD): Promise<Device> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode).toBe(200);
  return { access: res.json().accessToken, refresh: refreshTokenOf(res) };
}
const me = (d: Device) =>
  s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${d.access}` } });
const headersOf = (d: Device) => ({
  authorization: `Bearer ${d.access}`,
  cookie: `refreshToken=${d.refresh}`,
});
/** The web's silent refresh: a new access token and a rotated cookie, or the 401 status. */
async function refresh(d: Device): Promise<Device | number> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { cookie: `refreshToken=${d.refresh}` },
  });
  return res.statusCode === 200
    ? { access: res.json().accessToken, refresh: refreshTokenOf(res) }
    : res.statusCode;
}

describe('token version', () => {
  it('access tokens carry the version; tokens without one (issued before) count as version 0', async () => {
    const { user } = await createTestUser(s.services.db);
    const d = await signIn(user.email);
    expect(decodeJwt(d.access)).toMatchObject({ sub: user.id, ver: 0 });
    const legacy = await s.services.accessTokens.verify(d.access);
    expect(legacy).toEqual({ userId: user.id, version: 0 });
    expect((await me(d)).statusCode).toBe(200);
  });

  it('logout ends this device at once; another device of the user carries on through its refresh', async () => {
    const { user } = await createTestUser(s.services.db);
    const laptop = await signIn(user.email);
    const phone = await signIn(user.email);
    const out = await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: headersOf(laptop) });
    expect(out.statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);
    expect(await refresh(laptop)).toBe(401);

    expect((await me(phone)).statusCode).toBe(401); // its token predates the logout…
    const renewed = await refresh(phone); // …and its own session is live
    expect(renewed).not.toBe(401);
    expect((await me(renewed as Device)).statusCode).toBe(200);
  });

  it('logout with only a bearer token (no cookie) ends that token too', async () => {
    const { user } = await createTestUser(s.services.db);
    const d = await signIn(user.email);
    const out = await s.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${d.access}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(d)).statusCode).toBe(401);
  });

  it('after a password change old access tokens are 401; the current device keeps working', async () => {
    const { user } = await createTestUser(s.services.db);
    const other = await signIn(user.email);
    const here = await signIn(user.email);
    const changed = await s.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: headersOf(here),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Another-pass-77' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ success: true, accessToken: expect.any(String) });

    expect((await me(here)).statusCode).toBe(401); // the token it sent is from before the change
    expect((await me(other)).statusCode).toBe(401);
    expect(await refresh(other)).toBe(401); // the other device is signed out
    // This device: the token it was handed, and its refresh, both work.
    expect((await me({ ...here, access: changed.json().accessToken })).statusCode).toBe(200);
    const renewed = await refresh(here);
    expect(renewed).not.toBe(401);
    expect((await me(renewed as Device)).statusCode).toBe(200);
  });

  it('after a password reset every old access token and session is refused', async () => {
    const { user } = await createTestUser(s.services.db, { email: 'tv-reset@example.com' });
    const a = await signIn(user.email);
    const b = await signIn(user.email);
    await s.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: freshIp(),
    });
    await s.services.mailer.idle();
    const token = latestToken(s.config.dataDir, user.email, 'reset-password')!;
    const reset = await s.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Brand-new-Pass1!' },
    });
    expect(reset.statusCode).toBe(200);
    for (const d of [a, b]) {
      expect((await me(d)).statusCode).toBe(401);
      expect(await refresh(d)).toBe(401);
    }
    const fresh = await signIn(user.email, 'Brand-new-Pass1!');
    expect(decodeJwt(fresh.access).ver).toBe(1);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('an email change ends older access tokens; this device gets a fresh one', async () => {
    const { user } = await createTestUser(s.services.db);
    const d = await signIn(user.email);
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: headersOf(d),
      payload: { firstName: 'New', lastName: null, email: `moved-${user.id}@example.com` },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(d)).statusCode).toBe(401);
    expect((await me({ ...d, access: res.json().accessToken })).statusCode).toBe(200);
    // A name-only change keeps the tokens.
    const again = await s.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${res.json().accessToken}` },
      payload: { firstName: 'Newer', lastName: null, email: `moved-${user.id}@example.com` },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().accessToken).toBeUndefined();
    expect((await me({ ...d, access: res.json().accessToken })).statusCode).toBe(200);
  });
});
