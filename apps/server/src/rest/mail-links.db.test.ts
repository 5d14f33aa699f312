// Every mail the app sends links to the configured app URL (APP_URL, or the app's own default when it is unset),
// never to the request's Host, X-Forwarded-Host or X-Forwarded-Proto (issue 37): whoever chose the host would
// receive the token. Each mail is triggered by a request carrying hostile headers, behind a trusted proxy.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, TEST_PASSWORD } from '@app/api/testing';
import { RATE_LIMITS, createRateLimiter } from '../../../../packages/api/src/services/rate-limit.js';
import { createTestServer, type TestServer } from '../testing.js';
import { decodeQuotedPrintable, latestToken } from './auth-test-helpers.js';
import { teamOwner } from './team-test-helpers.js';

const HOSTILE = {
  host: 'attacker.example',
  'x-forwarded-host': 'attacker.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-for': '203.0.113.9',
};

describe.each([
  { name: 'APP_URL unset (the default)', overrides: {}, expected: 'http://localhost:3000' },
  {
    name: 'APP_URL set',
    overrides: { appUrl: 'https://app.example.com', appUrlConfigured: true },
    expected: 'https://app.example.com',
  },
])('mail links with $name', ({ overrides, expected }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ trustProxy: true, ...overrides });
    s.services.rateLimiter = createRateLimiter(
      undefined,
      {
        ...RATE_LIMITS,
        register: { ...RATE_LIMITS.register, points: 1000 },
        resendVerification: { ...RATE_LIMITS.resendVerification, points: 1000 },
        forgotPassword: { ...RATE_LIMITS.forgotPassword, points: 1000 },
      },
      `mail-links-${process.pid}-${expected}:`,
    );
  });
  afterAll(async () => {
    await s?.close();
  });

  type Auth = { authorization: string } | Record<string, never>;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Auth = {}, payload?: unknown) =>
    s.app.inject({ method, url, headers: { ...HOSTILE, ...auth }, payload: payload as never });

  /** Every mail in the outbox: its subject, recipient and the links in its text and HTML. */
  function outbox() {
    const dir = path.join(s.config.dataDir, 'outbox');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => {
        const eml = decodeQuotedPrintable(readFileSync(path.join(dir, f), 'utf8'));
        return {
          subject: /^Subject: (.*)$/m.exec(eml)?.[1] ?? '',
          to: /^To: (.*)$/m.exec(eml)?.[1] ?? '',
          links: [...eml.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]),
          eml,
        };
      });
  }

  it('verification, resend, welcome, reset, password changed, email changed, invite and invite resend', async () => {
    // Registration: the verification mail.
    const email = `mail-links-${Date.now()}@example.com`;
    const reg = await call(
      'POST',
      '/api/auth/register',
      {},
      {
        email,
        password: 'Sturdy-Pass-2024',
        firstName: 'Ada',
        paymentMethodId: 'pm_card_visa',
        selectedPriceId: 'price_team_monthly',
      },
    );
    expect(reg.statusCode, reg.body).toBe(201);
    const auth = { authorization: `Bearer ${reg.json().token as string}` };
    // Resend by address (public) and by the signed-in account.
    expect((await call('POST', '/api/auth/resend-verification', {}, { email })).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/resend-verification', auth)).statusCode).toBe(200);
    await s.services.mailer.idle();
    // Verifying sends the welcome mail.
    const verify = latestToken(s.config.dataDir, email, 'verify-email');
    expect(verify).toBeTruthy();
    expect((await call('GET', `/api/auth/verify-email?token=${verify!}`)).statusCode).toBe(200);
    // Forgotten password: the reset mail; using it: the password-changed mail.
    expect((await call('POST', '/api/auth/forgot-password', {}, { email })).statusCode).toBe(200);
    await s.services.mailer.idle();
    const reset = latestToken(s.config.dataDir, email, 'reset-password');
    expect(reset).toBeTruthy();
    const done = await call(
      'POST',
      '/api/auth/reset-password',
      {},
      {
        token: reset,
        password: 'Another-Sturdy-2025!',
      },
    );
    expect(done.statusCode, done.body).toBe(200);

    // A signed-in user changes the password, then the address (verification to the new one, notice to the old).
    const other = await createSignedInUser(s.services, {
      email: `mail-links-other-${Date.now()}@example.com`,
    });
    const changed = await call('PUT', '/api/auth/password', other.auth, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Yet-Another-Sturdy-9',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const bearer = { authorization: `Bearer ${changed.json().accessToken as string}` };
    const moved = await call('PUT', '/api/auth/profile', bearer, {
      firstName: 'Otto',
      lastName: null,
      email: `mail-links-moved-${Date.now()}@example.com`,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    // A Team owner invites, then resends the invite.
    const { owner } = await teamOwner(s, 3);
    const invited = await call('POST', '/api/workspaces/current/invites', owner.auth, {
      emails: [`mail-links-invitee-${Date.now()}@example.com`],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const inviteId = invited.json().invited[0].id as string;
    const resent = await call('POST', `/api/workspaces/current/invites/${inviteId}/resend`, owner.auth);
    expect(resent.statusCode, resent.body).toBe(200);
    await s.services.mailer.idle();

    const mails = outbox();
    const subjects = mails.map((m) => m.subject);
    for (const kind of [
      /^Verify your email address/,
      /^Welcome to/,
      /^Reset your .* password/,
      /password was changed/,
      /email address was changed/,
      /invited you to/,
    ]) {
      expect(
        subjects.some((x) => kind.test(x)),
        `${String(kind)} in ${subjects.join(' | ')}`,
      ).toBe(true);
    }
    // Three verification mails (registration, two resends) plus the new address's; two invite mails.
    expect(subjects.filter((x) => /^Verify your email address/.test(x))).toHaveLength(4);
    expect(subjects.filter((x) => /invited you to/.test(x))).toHaveLength(2);
    for (const m of mails) {
      expect(m.links.length, m.subject).toBeGreaterThan(0);
      for (const link of m.links) expect(link.startsWith(`${expected}/`), `${m.subject}: ${link}`).toBe(true);
      expect(m.eml, m.subject).not.toContain('attacker.example');
    }
  });
});
