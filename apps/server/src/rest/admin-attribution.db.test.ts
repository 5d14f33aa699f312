// Admin actions are logged as the acting admin (issue 37): every admin mutation's usage-log entry has the admin
// as its user and actor — so the Usage Logs screen shows who did it — and names the account acted on in its
// details. A customer's history never shows an admin's action as theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestUser } from '@app/api/testing';
import { appRouter } from '@app/api';
import { createTestServer, type TestServer } from '../testing.js';

let s: TestServer;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  s = await createTestServer();
  admin = await createSignedInUser(s.services, { isAdmin: true, email: 'acting@admin-co.com' });
});
afterAll(async () => {
  await s?.close();
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  s.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${admin.accessToken}` },
    ...(payload !== undefined ? { payload: payload as never } : {}),
  });

async function lastEntry(procedure: string) {
  return s.services.db.usageLog.findFirstOrThrow({
    where: { procedure },
    orderBy: { timestamp: 'desc' },
    include: { user: { select: { email: true } } },
  });
}

describe('admin actions in the usage log', () => {
  it('every admin mutation is one the test below performs', () => {
    const mutations = Object.entries(appRouter._def.procedures)
      .filter(
        ([p, proc]) =>
          p.startsWith('admin.') && (proc as unknown as { _def: { type: string } })._def.type !== 'query',
      )
      .map(([p]) => p)
      .sort();
    expect(mutations).toEqual([
      'admin.clearTestUsage',
      'admin.exportLogs',
      'admin.updatePlan',
      'admin.updateUser',
    ]);
  });

  it('user edits (quota reset, status, admin rights), plan edits, clearing and exporting: the admin is the user', async () => {
    const target = await createTestUser(s.services.db, { plan: 'pro', email: 'customer@customer-co.com' });
    await s.services.quota.reserve(target.user.id).then((r) => r.commit());
    const edits: [unknown, RegExp][] = [
      [{ messagesUsed: 0 }, /quota reset/],
      [{ status: 'PAST_DUE' }, /status ACTIVE → PAST_DUE/],
      [{ isAdmin: true }, /isAdmin false → true/],
      [{ isAdmin: false }, /isAdmin true → false/],
    ];
    for (const [body, what] of edits) {
      const res = await call('PUT', `/api/admin/users/${target.user.id}`, body);
      expect(res.statusCode, res.body).toBe(200);
      const e = await lastEntry('admin.updateUser');
      expect(e).toMatchObject({ action: 'ADMIN_ACCESS', userId: admin.user.id, actorId: admin.user.id });
      expect(e.user?.email).toBe('acting@admin-co.com');
      // The account acted on is named in the details.
      expect(e.details).toContain('customer@customer-co.com');
      expect(e.details).toMatch(what);
    }

    expect((await call('PUT', '/api/admin/plans/starter', { popular: true })).statusCode).toBe(200);
    expect((await call('DELETE', '/api/admin/usage/clear')).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/logs/export.csv')).statusCode).toBe(200);
    for (const procedure of ['admin.updatePlan', 'admin.clearTestUsage', 'admin.exportLogs']) {
      const e = await lastEntry(procedure);
      expect([procedure, e.action, e.userId, e.actorId]).toEqual([
        procedure,
        'ADMIN_ACCESS',
        admin.user.id,
        admin.user.id,
      ]);
    }

    // Nothing the admin did is in the customer's own history.
    const theirs = await s.services.db.usageLog.count({
      where: { userId: target.user.id, procedure: { startsWith: 'admin.' } },
    });
    expect(theirs).toBe(0);
    // The Usage Logs screen shows the admin's address on the quota reset.
    const logs = await call('GET', '/api/admin/logs?page=1&limit=50&action=ADMIN_ACCESS');
    const reset = (
      logs.json().logs as { user: { email: string } | null; details: string | null; procedure: string }[]
    ).find((l) => l.procedure === 'admin.updateUser' && l.details?.includes('quota reset'));
    expect(reset?.user?.email).toBe('acting@admin-co.com');
  });
});
