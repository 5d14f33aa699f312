// The REST face of the account lifecycle (SPEC §7 Authentication) on a real server and database.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt, SignJWT } from 'jose';
import { createTestUser, createSignedInUser, TEST_PASSWORD } from '@app/api/testing';
import { createTestServer, type TestServer } from '../testing.js';
import {
  latestToken,
  outboxMessages,
  pastReuseGrace,
  refreshCookies,
  refreshTokenOf,
} from './auth-test-helpers.js';

let s: TestServer;
let ipCounter = 0;
/** Each test gets its own client IP so per-IP limits of one test do not leak into another. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});

function login(body: unknown, ip = freshIp()) {
  return s.app.inject({ method: 'POST', url: '/api/auth/login', payload: body as object, remoteAddress: ip });
}
const withCookie = (token: string) => ({ cookie: `refreshToken=${token}` });
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

describe('POST /auth/login', () => {
  it('answers {accessToken, user} and sets the refresh cookie on /api/auth and /trpc', async () => {
    const { user } = await createTestUser(s.services.db, { email: 'ada@example.com', firstName: 'Ada' });
    const res = await login({ email: '  ADA@example.com ', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'user']);
    expect(body.user).toEqual({
      id: user.id,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'User',
      isAdmin: false,
      isEmailVerified: true,
    });
    expect(res.body).not.toMatch(/passwordHash|argon2/);
    const claims = decodeJwt(body.accessToken);
    expect(claims.sub).toBe(user.id);
    expect(claims.exp! - claims.iat!).toBe(15 * 60);

    const cookies = refreshCookies(res);
    expect(cookies.map((c) => c.path).sort()).toEqual(['/api/auth', '/trpc']);
    for (const c of cookies) {
      expect(c.httpOnly).toBe(true);
      expect(c.sameSite).toBe('Lax');
      expect(c.secure).toBeFalsy();
      expect(c.maxAge).toBeUndefined(); // session cookie without "remember me"
      expect(c.value).toBe(cookies[0]!.value);
    }
    const me = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.accessToken) });
    expect(me.json()).toEqual({ user: body.user });

    const logs = await s.services.db.usageLog.findMany({ where: { userId: user.id, action: 'USER_LOGIN' } });
    expect(logs.some((l) => l.status === 'success')).toBe(true);
  });

  it('"remember me" sets a 30-day persistent cookie', async () => {
    const { user } = await createTestUser(s.services.db);
    const res = await login({ email: user.email, password: TEST_PASSWORD, rememberMe: true });
    expect(res.statusCode).toBe(200);
    for (const c of refreshCookies(res)) expect(c.maxAge).toBe(30 * 24 * 3600);
  });

  it('wrong password and unknown email both answer 401 Invalid credentials', async () => {
    const { user } = await createTestUser(s.services.db);
    const wrong = await login({ email: user.email, password: 'Not-the-password-1' });
    const unknown = await login({ email: 'nobody@example.com', password: 'Not-the-password-1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid credentials', code: 'INVALID_CREDENTIALS' });
      expect(refreshCookies(res)).toHaveLength(0);
    }
  });

  it('an unverified user gets 403 EMAIL_NOT_VERIFIED (only with the right password)', async () => {
    const { user } = await createTestUser(s.services.db, { verified: false });
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(res.json().error).toMatch(/verify/i);
    expect((await login({ email: user.email, password: 'Wrong-password-1' })).statusCode).toBe(401);
  });

  it('validates the body with the shared schema (400 with a message)', async () => {
    const res = await login({ email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(res.json().error).toMatch(/valid email/);
  });

  it('ten wrong passwords from anywhere never lock the owner out of a new IP', async () => {
    const { user } = await createTestUser(s.services.db);
    for (let i = 0; i < 10; i++) {
      expect((await login({ email: user.email, password: 'Wrong-password-1' }, freshIp())).statusCode).toBe(
        401,
      );
    }
    expect((await login({ email: user.email, password: TEST_PASSWORD }, freshIp())).statusCode).toBe(200);
  });

  it('is rate limited per account and IP pair (5 per 15 min) with 429 and a clear message', async () => {
    const { user } = await createTestUser(s.services.db);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: user.email, password: 'Wrong-password-1' }, ip)).statusCode).toBe(401);
    }
    const res = await login({ email: user.email, password: TEST_PASSWORD }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/Too many login/),
    });
    // The same account from another address still signs in.
    expect((await login({ email: user.email, password: TEST_PASSWORD }, freshIp())).statusCode).toBe(200);
  });

  it('answers known and unknown addresses alike under the pair limit', async () => {
    const { user } = await createTestUser(s.services.db);
    const statuses = async (email: string) => {
      const ip = freshIp();
      const out: number[] = [];
      for (let i = 0; i < 6; i++)
        out.push((await login({ email, password: 'Wrong-password-1' }, ip)).statusCode);
      return out;
    };
    const known = await statuses(user.email);
    const unknown = await statuses('nobody-here@example.com');
    expect(known).toEqual([401, 401, 401, 401, 401, 429]);
    expect(unknown).toEqual(known);
  });

  it('is rate limited per IP across accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await login({ email: `probe${i}@example.com`, password: 'Wrong-password-1' }, ip)).statusCode,
      ).toBe(401);
    }
    const limited = await login({ email: 'probe-last@example.com', password: 'x' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not count successful logins against the IP (an office behind one address)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 12; i++) {
      const { user } = await createTestUser(s.services.db);
      expect((await login({ email: user.email, password: TEST_PASSWORD }, ip)).statusCode).toBe(200);
    }
  });
});

describe('GET /auth/me and the auth middleware', () => {
  it('anonymous, forged and expired tokens get a JSON 401, never a 500', async () => {
    const { user } = await createTestUser(s.services.db);
    const sign = (secret: string, exp: string) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const expired = await sign(s.config.jwtSecret, '-10s');
    const forged = await sign('another-secret-another-secret-another-1', '15m');
    for (const headers of [{}, bearer('garbage'), bearer(expired), bearer(forged)]) {
      const res = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Not authenticated', code: 'UNAUTHORIZED' });
    }
    for (const [method, url] of [
      ['PUT', '/api/auth/profile'],
      ['PUT', '/api/auth/password'],
      ['DELETE', '/api/auth/account'],
    ] as const) {
      const res = await s.app.inject({ method, url, payload: {} });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });
});

describe('POST /auth/refresh and /auth/logout', () => {
  it('rotates the refresh token and detects reuse by revoking the family', async () => {
    const { user } = await createTestUser(s.services.db);
    const first = refreshTokenOf(await login({ email: user.email, password: TEST_PASSWORD }));

    const r1 = await s.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: withCookie(first) });
    expect(r1.statusCode).toBe(200);
    expect(Object.keys(r1.json())).toEqual(['accessToken']);
    expect(decodeJwt(r1.json().accessToken).sub).toBe(user.id);
    const second = refreshTokenOf(r1);
    expect(second).not.toBe(first);
    expect(
      refreshCookies(r1)
        .map((c) => c.path)
        .sort(),
    ).toEqual(['/api/auth', '/trpc']);

    // The first token was used: presenting it again after the grace is reuse → 401 and the whole family dies.
    await pastReuseGrace(s.services.db, user.id);
    const reuse = await s.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: withCookie(first),
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('REFRESH_TOKEN_REUSED');
    const after = await s.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: withCookie(second),
    });
    expect(after.statusCode).toBe(401);
  });

  it('gives a token exchanged moments ago a new one of its family: a client racing itself is not signed out', async () => {
    const { user } = await createTestUser(s.services.db);
    const first = refreshTokenOf(await login({ email: user.email, password: TEST_PASSWORD }));
    const refresh = (token: string) =>
      s.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: withCookie(token) });

    // Two tabs refreshing with the same cookie at once: both get in.
    const both = await Promise.all([refresh(first), refresh(first)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    for (const r of both) expect(decodeJwt(r.json().accessToken).sub).toBe(user.id);
    const [a, b] = both.map(refreshTokenOf);
    expect(new Set([first, a, b]).size).toBe(3);

    // A page left while its refresh ran (its new cookie never arrived) presents the old one again: it gets in, and
    // the token the other tab holds still works.
    const again = await refresh(first);
    expect(again.statusCode).toBe(200);
    expect((await refresh(a!)).statusCode).toBe(200);

    // After a logout the family is gone, grace or not.
    const c = refreshTokenOf(again);
    expect(
      (await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: withCookie(c) })).statusCode,
    ).toBe(200);
    const afterLogout = await refresh(first);
    expect(afterLogout.statusCode).toBe(401);
    expect(afterLogout.json().code).toBe('REFRESH_TOKEN_REVOKED');
  });

  it('keeps "remember me" across rotations; rejects missing, unknown and expired tokens', async () => {
    const { user } = await createTestUser(s.services.db);
    const t = refreshTokenOf(await login({ email: user.email, password: TEST_PASSWORD, rememberMe: true }));
    const r = await s.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: withCookie(t) });
    for (const c of refreshCookies(r)) expect(c.maxAge).toBe(30 * 24 * 3600);

    expect((await s.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
    const unknown = await s.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: withCookie('nope'),
    });
    expect(unknown.statusCode).toBe(401);

    const current = refreshTokenOf(r);
    await s.services.db.refreshToken.updateMany({
      where: { userId: user.id, revokedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await s.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: withCookie(current),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('REFRESH_TOKEN_EXPIRED');
  });

  it('concurrent refreshes with one token: it is exchanged once, the racing requests get tokens through the grace', async () => {
    const { user } = await createTestUser(s.services.db);
    const t = refreshTokenOf(await login({ email: user.email, password: TEST_PASSWORD }));
    const results = await Promise.all(
      [0, 1, 2].map(() => s.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: withCookie(t) })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await s.services.db.refreshToken.findMany({ where: { userId: user.id } });
    expect(rows.filter((r) => r.replacedAt)).toHaveLength(1); // the one exchange
    expect(rows.filter((r) => !r.revokedAt)).toHaveLength(3);
    expect(new Set(rows.map((r) => r.family)).size).toBe(1);
    // Past the grace the old token is reuse again: the whole family ends.
    await pastReuseGrace(s.services.db, user.id);
    const late = await s.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: withCookie(t) });
    expect(late.json().code).toBe('REFRESH_TOKEN_REUSED');
    expect(await s.services.db.refreshToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
  });

  it('a racer that reads the token while the winner has claimed it but not yet stored the new one still gets in', async () => {
    // The window the concurrent test above only hits by chance: the old row is exchanged, no row of the family
    // is live yet. The family has not ended (no logout, no password change), so the racer is the grace's.
    const { user } = await createTestUser(s.services.db);
    const t = refreshTokenOf(await login({ email: user.email, password: TEST_PASSWORD }));
    const now = new Date();
    await s.services.db.refreshToken.updateMany({
      where: { userId: user.id },
      data: { revokedAt: now, replacedAt: now },
    });
    const racer = await s.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: withCookie(t) });
    expect(racer.statusCode).toBe(200);
    // Once a logout has ended the family, the old token is refused even within the grace.
    await s.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: withCookie(refreshTokenOf(racer)),
    });
    const late = await s.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: withCookie(t) });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('REFRESH_TOKEN_REVOKED');
  });

  it('logout revokes the refresh token and clears both cookies', async () => {
    const { user } = await createTestUser(s.services.db);
    const t = refreshTokenOf(await login({ email: user.email, password: TEST_PASSWORD }));
    const out = await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: withCookie(t) });
    expect(out.statusCode).toBe(200);
    const cleared = refreshCookies(out);
    expect(cleared.map((c) => c.path).sort()).toEqual(['/api/auth', '/trpc']);
    for (const c of cleared) expect(c.value).toBe('');
    const r = await s.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: withCookie(t) });
    expect(r.statusCode).toBe(401);
    // Logging out without a cookie is harmless.
    expect((await s.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });
});

describe('email verification', () => {
  it('resend with {email} mails a link; GET /auth/verify-email verifies once; then login works', async () => {
    const { user } = await createTestUser(s.services.db, { email: 'verify-me@example.com', verified: false });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: 'Verify-Me@example.com' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    const unknown = await s.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: 'nobody-here@example.com' },
      remoteAddress: freshIp(),
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(res.json()); // no enumeration
    await s.services.mailer.idle();
    expect(outboxMessages(s.config.dataDir, 'nobody-here@example.com')).toHaveLength(0);
    const token = latestToken(s.config.dataDir, user.email, 'verify-email')!;
    expect(token).toBeTruthy();
    const mail = outboxMessages(s.config.dataDir, user.email).at(-1)!;
    expect(mail.decoded).toContain(`${s.config.appUrl}/verify-email?token=${token}`);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);

    const ok = await s.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ verified: true, error: null });
    const again = await s.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ verified: false, error: 'This verification link has already been used.' });
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    await s.services.mailer.idle();
    expect(outboxMessages(s.config.dataDir, user.email).some((m) => /Welcome/.test(m.subject))).toBe(true);
  });

  it('rejects missing, unknown and expired (24 h) tokens with {verified:false, error}', async () => {
    const missing = await s.app.inject({ method: 'GET', url: '/api/auth/verify-email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ verified: false, error: 'No verification token provided' });
    const bad = await s.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=abc' });
    expect(bad.json()).toMatchObject({ verified: false });
    for (const query of ['token=a&token=b', `token=${'x'.repeat(600)}`]) {
      const odd = await s.app.inject({ method: 'GET', url: `/api/auth/verify-email?${query}` });
      expect(odd.statusCode).toBe(400);
      expect(odd.json()).toMatchObject({ verified: false, error: expect.any(String) });
    }

    const { user, accessToken } = await createSignedInUser(s.services, { verified: false });
    const sent = await s.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: bearer(accessToken),
      remoteAddress: freshIp(),
    });
    expect(sent.statusCode).toBe(200);
    await s.services.mailer.idle();
    const token = latestToken(s.config.dataDir, user.email, 'verify-email')!;
    const row = await s.services.db.emailToken.findFirstOrThrow({
      where: { userId: user.id, kind: 'VERIFY' },
    });
    const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(Math.abs(ttl - 24 * 3600_000)).toBeLessThan(2000);
    await s.services.db.emailToken.update({
      where: { id: row.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const expired = await s.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(expired.json()).toEqual({
      verified: false,
      error: 'This verification link has expired. Please request a new one.',
    });
    const u = await s.services.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(u.isEmailVerified).toBe(false);
  });

  it('resend with a bearer token: the current user; already verified → 400; nothing → 400', async () => {
    const { accessToken } = await createSignedInUser(s.services, { verified: true });
    const verified = await s.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: bearer(accessToken),
      remoteAddress: freshIp(),
    });
    expect(verified.statusCode).toBe(400);
    expect(verified.json().code).toBe('ALREADY_VERIFIED');
    const nothing = await s.app.inject({ method: 'POST', url: '/api/auth/resend-verification' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error).toBe('Please enter your email address');
  });

  it('resend-verification is rate limited (429)', async () => {
    const ip = freshIp();
    let last;
    for (let i = 0; i < 11; i++) {
      last = await s.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        payload: { email: `flood${i}@example.com` },
        remoteAddress: ip,
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json().error).toMatch(/Too many verification emails/);
  });
});

describe('password reset', () => {
  it('forgot-password answers identically for known and unknown emails and mails only the known', async () => {
    const { user } = await createTestUser(s.services.db, { email: 'forgetful@example.com' });
    const known = await s.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: freshIp(),
    });
    const unknown = await s.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ghost@example.com' },
      remoteAddress: freshIp(),
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await s.services.mailer.idle();
    expect(outboxMessages(s.config.dataDir, 'ghost@example.com')).toHaveLength(0);
    expect(latestToken(s.config.dataDir, user.email, 'reset-password')).toBeTruthy();
  });

  it('reset: strong rules, single use, revokes every refresh token, then the new password works', async () => {
    const { user } = await createTestUser(s.services.db, { email: 'resetter@example.com' });
    const session = refreshTokenOf(
      await login({ email: user.email, password: TEST_PASSWORD, rememberMe: true }),
    );
    await s.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: freshIp(),
    });
    await s.services.mailer.idle();
    const token = latestToken(s.config.dataDir, user.email, 'reset-password')!;
    const row = await s.services.db.emailToken.findFirstOrThrow({
      where: { userId: user.id, kind: 'RESET' },
    });
    expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 3600_000)).toBeLessThan(2000);
    expect(row.tokenHash).not.toContain(token);

    const weak = await s.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'alllowercase' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatch(/meets all requirements/);
    const common = await s.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'P@ssw0rd' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });

    const newPassword = 'Brand-new-Pass1!' + 'x'.repeat(120); // 136 characters
    const ok = await s.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: newPassword },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().success).toBe(true);
    const twice = await s.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Another-Pass1!' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toMatch(/already been used/);

    const r = await s.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: withCookie(session) });
    expect(r.statusCode).toBe(401);
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: newPassword })).statusCode).toBe(200);
    await s.services.mailer.idle();
    expect(
      outboxMessages(s.config.dataDir, user.email).some((m) => /password was changed/.test(m.subject)),
    ).toBe(true);
  });

  it('an expired reset token (1 h) is refused', async () => {
    const { user } = await createTestUser(s.services.db, { email: 'late@example.com' });
    await s.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: freshIp(),
    });
    await s.services.mailer.idle();
    const token = latestToken(s.config.dataDir, user.email, 'reset-password')!;
    await s.services.db.emailToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Valid-Pass-123!' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/expired/);
  });

  it('forgot-password is rate limited per account and per IP', async () => {
    let last;
    for (let i = 0; i < 11; i++) {
      last = await s.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'hammered@example.com' },
        remoteAddress: freshIp(),
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json().error).toMatch(/Too many password reset/);
    const ip = freshIp();
    for (let i = 0; i < 11; i++) {
      last = await s.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `spray${i}@example.com` },
        remoteAddress: ip,
      });
    }
    expect(last!.statusCode).toBe(429);
  });
});

describe('profile', () => {
  it('PUT /auth/profile updates names; a changed email must be verified again', async () => {
    const { user, accessToken } = await createSignedInUser(s.services, { email: 'old@example.com' });
    const names = await s.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(accessToken),
      payload: { firstName: ' Grace ', lastName: 'Hopper', email: 'old@example.com' },
    });
    expect(names.statusCode).toBe(200);
    expect(names.json().user).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      isEmailVerified: true,
    });

    const changed = await s.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(accessToken),
      payload: { firstName: 'Grace', lastName: '', email: 'New@Example.com' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({
      email: 'new@example.com',
      lastName: null,
      isEmailVerified: false,
    });
    expect((await login({ email: 'new@example.com', password: TEST_PASSWORD })).statusCode).toBe(403);
    await s.services.mailer.idle();
    // The old address hears about the change (a stolen session cannot move the account silently).
    const notice = outboxMessages(s.config.dataDir, 'old@example.com').find((m) =>
      /email address was changed/.test(m.subject),
    );
    expect(notice?.decoded).toContain('new@example.com');
    const token = latestToken(s.config.dataDir, 'new@example.com', 'verify-email')!;
    const v = await s.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(v.json()).toEqual({ verified: true, error: null });
    expect((await login({ email: 'new@example.com', password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(user.id).toBe(changed.json().user.id);
  });

  it('limits email changes to 5 an hour per user (each one mails two addresses)', async () => {
    let { accessToken } = await createSignedInUser(s.services);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await s.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: bearer(accessToken),
        payload: { firstName: 'Mover', email: `mover-${i}-${Date.now()}@example.com` },
      });
      statuses.push(res.statusCode);
      // An email change ends older access tokens and hands this device a fresh one.
      accessToken = (res.json() as { accessToken?: string }).accessToken ?? accessToken;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Name changes alone are never limited.
    const names = await s.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(accessToken),
      payload: {
        firstName: 'Renamed',
        email:
          JSON.parse(
            (await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) })).body,
          ).user?.email ?? '',
      },
    });
    expect(names.statusCode).toBe(200);
  });

  it('refuses an email that another account has (409) and invalid input (400)', async () => {
    await createTestUser(s.services.db, { email: 'taken@example.com' });
    const { accessToken } = await createSignedInUser(s.services);
    const dup = await s.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(accessToken),
      payload: { firstName: 'X', email: 'TAKEN@example.com' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'An account with this email already exists', code: 'EMAIL_TAKEN' });
    const bad = await s.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(accessToken),
      payload: { firstName: '', email: 'x@example.com' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('PUT /auth/password checks the current password and signs out other sessions', async () => {
    const { user } = await createTestUser(s.services.db);
    const other = refreshTokenOf(await login({ email: user.email, password: TEST_PASSWORD }));
    const here = await login({ email: user.email, password: TEST_PASSWORD });
    const headers = { ...bearer(here.json().accessToken), ...withCookie(refreshTokenOf(here)) };

    const wrong = await s.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers,
      payload: { currentPassword: 'nope-nope', newPassword: 'Another-pass-77' },
    });
    expect(wrong.statusCode).toBe(400); // not 401: that would make the client refresh and retry
    expect(wrong.json()).toEqual({ error: 'Current password is incorrect', code: 'INVALID_PASSWORD' });
    const short = await s.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'short' },
    });
    expect(short.json().error).toMatch(/New password must be at least 8 characters long/);
    const common = await s.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'password1' },
    });
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');

    const ok = await s.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Another-pass-77' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await login({ email: user.email, password: 'Another-pass-77' })).statusCode).toBe(200);
    const otherRefresh = await s.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: withCookie(other),
    });
    expect(otherRefresh.statusCode).toBe(401);
    const hereRefresh = await s.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: withCookie(refreshTokenOf(here)),
    });
    expect(hereRefresh.statusCode).toBe(200);
  });
});

describe('DELETE /auth/account', () => {
  it('needs the password, then deletes sessions, messages, files, tokens and uploads', async () => {
    const { user, accessToken, subscription } = await createSignedInUser(s.services, { plan: 'pro' });
    const db = s.services.db;
    const refresh = refreshTokenOf(await login({ email: user.email, password: TEST_PASSWORD }));
    const chat = await db.chatSession.create({
      data: { userId: user.id, messages: { create: [{ role: 'user', content: 'hi' }] } },
    });
    const assistant = await db.assistantSession.create({
      data: { userId: user.id, messages: { create: [{ role: 'USER', content: 'hello' }] } },
    });
    const storageKey = `${user.id}/file-1.txt`;
    const file = path.join(s.config.dataDir, 'uploads', storageKey);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'notes');
    await db.sessionFile.create({
      data: {
        sessionId: assistant.id,
        userId: user.id,
        filename: 'notes.txt',
        mimeType: 'text/plain',
        fileSize: 5,
        storageKey,
        sha256: 'x',
      },
    });
    await db.usageLog.create({ data: { userId: user.id, action: 'CHAT_MESSAGE', endpoint: '/x' } });

    const missing = await s.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(accessToken),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/Please enter your password/);
    const wrong = await s.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(accessToken),
      payload: { password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await db.user.findUnique({ where: { id: user.id } })).not.toBeNull();

    const provider = s.services.billing.provider;
    const cancel = vi.spyOn(provider, 'cancelNow').mockRejectedValueOnce(new Error('provider down'));
    const down = await s.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(accessToken),
      payload: { password: TEST_PASSWORD },
    });
    expect(down.statusCode).toBe(502);
    expect(await db.user.findUnique({ where: { id: user.id } })).not.toBeNull();

    const ok = await s.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(accessToken),
      payload: { password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(cancel).toHaveBeenLastCalledWith(subscription!.stripeSubscriptionId);
    cancel.mockRestore();
    expect(ok.json().success).toBe(true);
    expect(await db.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect(await db.chatSession.findUnique({ where: { id: chat.id } })).toBeNull();
    expect(await db.chatMessage.count({ where: { sessionId: chat.id } })).toBe(0);
    expect(await db.assistantSession.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.assistantMessage.count({ where: { sessionId: assistant.id } })).toBe(0);
    expect(await db.sessionFile.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.refreshToken.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.emailToken.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.subscription.count({ where: { userId: user.id } })).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect(await db.usageLog.count({ where: { action: 'CHAT_MESSAGE', endpoint: '/x', userId: null } })).toBe(
      1,
    );

    const me = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) });
    expect(me.statusCode).toBe(401);
    const r = await s.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: withCookie(refresh) });
    expect(r.statusCode).toBe(401);
  });
});

describe('secure cookies and admin seeding', () => {
  let https: TestServer;
  beforeAll(async () => {
    https = await createTestServer({
      appUrl: 'https://app.example.com',
      admin: { email: 'Root@Example.com', password: 'Root-pass-2026!' },
    });
  });
  afterAll(async () => {
    await https?.close();
  });

  it('the seeded admin can log in (verified, isAdmin) and gets Secure cookies on https', async () => {
    const res = await https.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'root@example.com', password: 'Root-pass-2026!' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: 'root@example.com',
      isAdmin: true,
      isEmailVerified: true,
    });
    const cookies = refreshCookies(res);
    expect(cookies).toHaveLength(2);
    for (const c of cookies) expect(c.secure).toBe(true);
  });
});
