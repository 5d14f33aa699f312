// The tRPC face of the auth router (what the web app uses): same rules, same answers as /api/auth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, TEST_PASSWORD } from '@app/api/testing';
import { createTestServer, type TestServer } from '../testing.js';
import { latestToken, pastReuseGrace, refreshCookies, refreshTokenOf } from './auth-test-helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});

let n = 0;
function mutate(path: string, input: unknown, headers: Record<string, string> = {}) {
  return s.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(input === undefined ? {} : { json: input }),
    remoteAddress: `10.9.0.${++n}`,
  });
}
const data = (res: { json(): { result: { data: { json: unknown } } } }) => res.json().result.data.json;
const err = (res: { json(): { error: { json: { message: string; data: Record<string, unknown> } } } }) =>
  res.json().error.json;

describe('auth over /trpc', () => {
  it('login → me → refresh (cookie on /trpc) → logout', async () => {
    const { user } = await createTestUser(s.services.db);
    const res = await mutate('auth.login', { email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = data(res) as { accessToken: string; user: { id: string } };
    expect(body.user.id).toBe(user.id);
    expect(JSON.stringify(body)).not.toMatch(/passwordHash/);
    expect(refreshCookies(res).map((c) => c.path)).toContain('/trpc');

    const me = await s.app.inject({
      method: 'GET',
      url: '/trpc/auth.me',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect((data(me) as { user: { id: string } }).user.id).toBe(user.id);

    const token = refreshTokenOf(res);
    const r = await mutate('auth.refresh', undefined, { cookie: `refreshToken=${token}` });
    expect(r.statusCode).toBe(200);
    expect(Object.keys(data(r) as object)).toEqual(['accessToken']);
    await pastReuseGrace(s.services.db, user.id); // within the grace a racing client would get in
    const reuse = await mutate('auth.refresh', undefined, { cookie: `refreshToken=${token}` });
    expect(reuse.statusCode).toBe(401);
    expect(err(reuse).data.appCode).toBe('REFRESH_TOKEN_REUSED');

    const out = await mutate('auth.logout', undefined, { cookie: `refreshToken=${refreshTokenOf(r)}` });
    expect(out.statusCode).toBe(200);
  });

  it('errors carry the HTTP status, message and appCode', async () => {
    const { user } = await createTestUser(s.services.db, { verified: false });
    const unverified = await mutate('auth.login', { email: user.email, password: TEST_PASSWORD });
    expect(unverified.statusCode).toBe(403);
    expect(err(unverified).data.appCode).toBe('EMAIL_NOT_VERIFIED');
    const wrong = await mutate('auth.login', { email: user.email, password: 'Wrong-pass-1' });
    expect(wrong.statusCode).toBe(401);
    expect(err(wrong).message).toBe('Invalid credentials');
    const anon = await s.app.inject({ method: 'GET', url: '/trpc/auth.me' });
    expect(anon.statusCode).toBe(401);
    expect(anon.headers['content-type']).toMatch(/json/);
    expect(err(anon).message).toBe('Not authenticated');
  });

  it('forgot-password, reset and verify work the same way', async () => {
    const { user } = await createTestUser(s.services.db, { verified: false });
    const a = await mutate('auth.forgotPassword', { email: user.email });
    const b = await mutate('auth.forgotPassword', { email: 'nobody@example.com' });
    expect(a.body).toBe(b.body);
    await s.services.mailer.idle();
    const reset = latestToken(s.config.dataDir, user.email, 'reset-password')!;
    const ok = await mutate('auth.resetPassword', { token: reset, password: 'Fresh-Pass-123!' });
    expect(ok.statusCode).toBe(200);
    // The reset link proved the address: the account is verified now.
    const login = await mutate('auth.login', { email: user.email, password: 'Fresh-Pass-123!' });
    expect(login.statusCode).toBe(200);

    const { user: other } = await createTestUser(s.services.db, { verified: false });
    await mutate('auth.resendVerification', { email: other.email });
    await s.services.mailer.idle();
    const verify = latestToken(s.config.dataDir, other.email, 'verify-email')!;
    expect(data(await mutate('auth.verifyEmail', { token: verify }))).toEqual({
      verified: true,
      error: null,
    });
    expect(data(await mutate('auth.verifyEmail', { token: verify }))).toMatchObject({ verified: false });
  });
});
