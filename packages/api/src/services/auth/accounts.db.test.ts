import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { testConfig } from '../../config.js';
import { createServices, type Services } from '../index.js';
import { silentLogger } from '../logger.js';
import { verifyPassword } from '../passwords.js';
import { createAccount, issueSession, sendVerificationEmail } from './accounts.js';
import { ensureAdminAccount } from './admin-seed.js';
import { isCommonPassword } from './password-policy.js';
import { hashToken } from './tokens.js';

let database: Database;
let services: Services;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-accounts-'));
  services = await createServices(testConfig({ dataDir }), database.prisma, silentLogger);
});
afterAll(async () => {
  await services?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('createAccount', () => {
  it('normalises the email, hashes with argon2id and never stores the password', async () => {
    const user = await createAccount(services.db, {
      email: '  Mixed.Case@Example.COM ',
      password: 'Some-long-passphrase-7',
      firstName: ' Ada ',
      lastName: '',
    });
    expect(user).toMatchObject({ email: 'mixed.case@example.com', firstName: 'Ada', lastName: null });
    expect(user.isEmailVerified).toBe(false);
    expect(user.isAdmin).toBe(false);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.passwordHash, 'Some-long-passphrase-7')).toBe(true);
  });

  it('refuses duplicates (any case) with 409 and common passwords with a clear message', async () => {
    await expect(
      createAccount(services.db, {
        email: 'MIXED.case@example.com',
        password: 'Another-pass-99',
        firstName: 'X',
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'An account with this email already exists' });
    await expect(
      createAccount(services.db, { email: 'common@example.com', password: 'password123', firstName: 'X' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/too common/) });
    await expect(
      createAccount(services.db, { email: 'short@example.com', password: 'Ab1!', firstName: 'X' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Password must be at least 8 characters' });
  });

  it('accepts 128-character passwords and works inside a transaction', async () => {
    const long = 'x'.repeat(120) + 'Aa1!Bb2@';
    const user = await services.db.$transaction((tx) =>
      createAccount(tx, { email: 'tx@example.com', password: long, firstName: 'Tx' }),
    );
    expect(await verifyPassword(user.passwordHash, long)).toBe(true);
    // A failing transaction leaves no user behind.
    await expect(
      services.db.$transaction(async (tx) => {
        await createAccount(tx, { email: 'rollback@example.com', password: long, firstName: 'Tx' });
        throw new Error('card declined');
      }),
    ).rejects.toThrow('card declined');
    expect(await services.db.user.findUnique({ where: { email: 'rollback@example.com' } })).toBeNull();
  });

  it('ships at least the top 1,000 common passwords', () => {
    for (const p of ['123456', 'password', 'qwerty', 'iloveyou', 'password1', 'sunshine', 'football'])
      expect(isCommonPassword(p)).toBe(true);
    expect(isCommonPassword('PASSWORD')).toBe(true);
    expect(isCommonPassword('Correct-Horse-42!')).toBe(false);
  });
});

describe('verification email and sessions', () => {
  it('writes an RFC 822 message with the verify link to the outbox and stores only a hash', async () => {
    const user = await createAccount(services.db, {
      email: 'mail@example.com',
      password: 'Mail-pass-1234',
      firstName: 'Mia',
    });
    await sendVerificationEmail(services, user);
    await services.mailer.idle();
    const outbox = path.join(dataDir, 'outbox');
    const files = readdirSync(outbox).filter((f) => f.includes('mail@example.com'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: mail@example.com$/m);
    expect(eml).toMatch(/^Subject: Verify your email address/m);
    expect(eml).toMatch(/multipart\/alternative/);
    expect(eml).toMatch(/text\/html/);
    const decoded = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(decoded)![1]!;
    expect(decoded).toContain(`${services.config.appUrl}/verify-email?token=${token}`);
    const row = await services.db.emailToken.findUnique({ where: { tokenHash: hashToken(token) } });
    expect(row).toMatchObject({ userId: user.id, kind: 'VERIFY', email: 'mail@example.com', usedAt: null });
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
  });

  it('issueSession starts a refresh family (its token for the cookie) and returns an access token and the public user', async () => {
    const user = await createAccount(services.db, {
      email: 'session@example.com',
      password: 'Session-pass-1234',
      firstName: 'Sam',
    });
    const { refresh, answer: res } = await issueSession(services, { ip: '127.0.0.1' }, user.id, {
      remember: true,
    });
    expect((await services.accessTokens.verify(res.accessToken))?.userId).toBe(user.id);
    expect(res.user).toEqual({
      id: user.id,
      email: 'session@example.com',
      firstName: 'Sam',
      lastName: null,
      isAdmin: false,
      isEmailVerified: false,
    });
    expect(refresh.persistent).toBe(true);
    const row = await services.db.refreshToken.findUnique({ where: { tokenHash: hashToken(refresh.token) } });
    expect(row).toMatchObject({ userId: user.id, persistent: true, revokedAt: null });
  });
});

describe('admin seeding', () => {
  it('creates, then repairs, the verified admin account', async () => {
    const s = {
      ...services,
      config: { ...services.config, admin: { email: 'Boss@Example.com', password: 'Boss-pass-2026!' } },
    };
    expect(await ensureAdminAccount(s)).toBe('created');
    expect(await ensureAdminAccount(s)).toBe('unchanged');
    const admin = await services.db.user.findUnique({ where: { email: 'boss@example.com' } });
    expect(admin).toMatchObject({ isAdmin: true, isEmailVerified: true });
    await services.db.user.update({ where: { id: admin!.id }, data: { isAdmin: false, passwordHash: 'x' } });
    expect(await ensureAdminAccount(s)).toBe('updated');
    const again = await services.db.user.findUnique({ where: { email: 'boss@example.com' } });
    expect(again!.isAdmin).toBe(true);
    expect(await verifyPassword(again!.passwordHash, 'Boss-pass-2026!')).toBe(true);
    expect(await ensureAdminAccount({ ...services, config: { ...services.config, admin: undefined } })).toBe(
      'skipped',
    );
  });
});

describe('loginDelayMs', () => {
  it('is zero below the threshold, then doubles from 250 ms up to 5 s', async () => {
    const { loginDelayMs, LOGIN_DELAY_AFTER_FAILURES: n } = await import('./flows.js');
    expect(loginDelayMs(0)).toBe(0);
    expect(loginDelayMs(n - 1)).toBe(0);
    expect(loginDelayMs(n)).toBe(250);
    expect(loginDelayMs(n + 1)).toBe(500);
    expect(loginDelayMs(n + 4)).toBe(4000);
    expect(loginDelayMs(n + 5)).toBe(5000);
    expect(loginDelayMs(10_000)).toBe(5000);
  });
});
