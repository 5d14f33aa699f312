// Team workspaces over REST (issue 14): the role × procedure matrix (owner, admin, member, outsider, anonymous),
// invites (single use, expiry, wrong address, already a member), seats prorated by the simulator, the shared
// quota under parallel sends, a removed member's next send, and the owner's account deletion rule.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, TEST_PASSWORD } from '@app/api/testing';
import { createOfflineProvider } from '../../../../packages/api/src/services/llm/offline.js';
import { RATE_LIMITS, createRateLimiter } from '../../../../packages/api/src/services/rate-limit.js';
import { hashInviteToken } from '../../../../packages/api/src/services/workspaces/tokens.js';
import { createTestServer, type TestServer } from '../testing.js';
import { teamOwner as createTeamOwner } from './team-test-helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
  s.services.llm = createOfflineProvider({ delayMs: 0 });
  s.services.rateLimiter = createRateLimiter(
    undefined,
    { ...RATE_LIMITS, chatSend: { ...RATE_LIMITS.chatSend, points: 1000 } },
    `workspaces-${process.pid}:`,
  );
});
afterAll(async () => {
  await s?.close();
});

type Auth = { authorization: string } | undefined;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth, payload?: unknown) =>
  s.app.inject({ method, url, headers: auth ?? {}, payload: payload as never });

/** A Team owner with `seats` paid seats (simulator subscription), and their workspace. */
const teamOwner = (seats?: number, messageLimit?: number) => createTeamOwner(s, seats, messageLimit);

/** Invites `email` and returns the raw token from the mailed link. */
async function inviteToken(auth: Auth, email: string, role = 'MEMBER') {
  const res = await call('POST', '/api/workspaces/current/invites', auth, { emails: [email], role });
  expect(res.statusCode, res.body).toBe(201);
  await s.services.mailer.idle();
  const dir = path.join(s.config.dataDir, 'outbox');
  // Newest first: the same address may have had an earlier invite.
  const files = readdirSync(dir)
    .map((f) => ({ f, t: statSync(path.join(dir, f)).mtimeMs }))
    .sort((x, y) => y.t - x.t)
    .map((x) => x.f);
  for (const f of files) {
    const text = readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '');
    if (!text.includes(`To: ${email}`)) continue;
    const m = /\/invite\/([A-Za-z0-9_-]{43})/.exec(text);
    if (m) return { token: m[1]!, inviteId: res.json().invited[0].id as string };
  }
  throw new Error(`no invite mail for ${email}`);
}

async function join(auth: Auth, member: { auth: Auth; user: { email: string } }, role = 'MEMBER') {
  const { token } = await inviteToken(auth, member.user.email, role);
  const res = await call('POST', `/api/invites/${token}/accept`, member.auth);
  expect(res.statusCode, res.body).toBe(200);
}

describe('workspace creation and current()', () => {
  it('a Team payer gets a workspace named after them, as owner with the subscription seats', async () => {
    const { owner } = await teamOwner(3);
    const res = await call('GET', '/api/workspaces/current', owner.auth);
    expect(res.json()).toMatchObject({
      workspace: { name: "Olga Owner's team" },
      role: 'OWNER',
      seats: 3,
      memberCount: 1,
      pendingInvites: 0,
      quota: { limit: 9000, used: 0 },
      me: { used: 0, cap: null },
    });
  });

  it('no workspace → 404 NO_WORKSPACE; anonymous → 401', async () => {
    const solo = await createSignedInUser(s.services, { plan: 'pro' });
    const res = await call('GET', '/api/workspaces/current', solo.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NO_WORKSPACE');
    expect((await call('GET', '/api/workspaces/current', undefined)).statusCode).toBe(401);
  });
});

describe('role × procedure matrix', () => {
  it('owner, admin, member, outsider and anonymous get what their role allows', async () => {
    const { owner } = await teamOwner(10);
    const admin = await createSignedInUser(s.services);
    const member = await createSignedInUser(s.services);
    const target = await createSignedInUser(s.services);
    await join(owner.auth, admin, 'ADMIN');
    await join(owner.auth, member);
    await join(owner.auth, target);
    const other = await teamOwner(2);
    const { inviteId } = await inviteToken(owner.auth, 'pending-matrix@example.com');

    type Row = [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown];
    const rows: Row[] = [
      ['current', 'GET', '/api/workspaces/current', undefined],
      ['members', 'GET', '/api/workspaces/current/members', undefined],
      ['invite', 'POST', '/api/workspaces/current/invites', { emails: ['x-matrix@example.com'] }],
      ['updateMember', 'PUT', `/api/workspaces/current/members/${target.user.id}`, { role: 'MEMBER' }],
      ['setCap', 'PUT', `/api/workspaces/current/members/${target.user.id}`, { messageCap: 10 }],
      ['usage', 'GET', '/api/workspaces/current/usage', undefined],
      ['csv', 'GET', '/api/workspaces/current/usage/export.csv', undefined],
      ['seats', 'POST', '/api/workspaces/current/seats', { seats: 10 }],
      ['transfer', 'POST', '/api/workspaces/current/transfer', { userId: 'nobody' }],
      ['revoke', 'DELETE', `/api/workspaces/current/invites/${inviteId}`, undefined],
    ];
    const expected: Record<string, [owner: number, admin: number, member: number, outsider: number]> = {
      current: [200, 200, 200, 200],
      members: [200, 200, 403, 200],
      invite: [201, 201, 403, 201],
      updateMember: [200, 200, 403, 404],
      setCap: [200, 403, 403, 404],
      usage: [200, 200, 403, 200],
      csv: [200, 200, 403, 200],
      seats: [200, 403, 403, 200],
      transfer: [404, 403, 403, 404],
      revoke: [200, 200, 403, 404],
    };
    // Read-only and idempotent rows first; 'invite' and 'revoke' change state but stay valid for each role.
    for (const [name, method, url, body] of rows) {
      const got = [];
      for (const who of [owner, admin, member, other.owner]) {
        got.push((await call(method, url, who.auth, body)).statusCode);
      }
      expect([name, ...got]).toEqual([name, ...expected[name]!]);
      expect([name, (await call(method, url, undefined, body)).statusCode]).toEqual([name, 401]);
    }
    // A member of another workspace addressing our member is a 404 (not in their workspace).
    const res = await call('DELETE', `/api/workspaces/current/members/${target.user.id}`, other.owner.auth);
    expect(res.statusCode).toBe(404);
    // A member may not remove; an admin may; nobody removes the owner.
    expect(
      (await call('DELETE', `/api/workspaces/current/members/${target.user.id}`, member.auth)).statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/workspaces/current/members/${owner.user.id}`, admin.auth)).statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/workspaces/current/members/${target.user.id}`, admin.auth)).statusCode,
    ).toBe(200);
  });
});

describe('invites', () => {
  it('single use, right address only, expired and revoked links refused, already a member 409', async () => {
    const { owner } = await teamOwner(6);
    const invitee = await createSignedInUser(s.services);
    const stranger = await createSignedInUser(s.services);
    const { token } = await inviteToken(owner.auth, invitee.user.email);

    const info = await call('GET', `/api/invites/${token}`, undefined);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      workspaceName: "Olga Owner's team",
      inviterName: 'Olga Owner',
      status: 'valid',
      role: 'MEMBER',
    });
    expect((await call('GET', `/api/invites/${'x'.repeat(43)}`, undefined)).statusCode).toBe(404);
    expect((await call('POST', `/api/invites/${token}/accept`, undefined)).statusCode).toBe(401);

    const wrong = await call('POST', `/api/invites/${token}/accept`, stranger.auth);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('INVITE_EMAIL_MISMATCH');

    const ok = await call('POST', `/api/invites/${token}/accept`, invitee.auth);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ workspaceName: "Olga Owner's team" });
    const again = await call('POST', `/api/invites/${token}/accept`, invitee.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVITE_ACCEPTED');
    expect((await call('GET', `/api/invites/${token}`, undefined)).json().status).toBe('accepted');

    // Already in a workspace: a second invite (from another team) is a 409.
    const other = await teamOwner(2);
    const second = await inviteToken(other.owner.auth, invitee.user.email);
    const dup = await call('POST', `/api/invites/${second.token}/accept`, invitee.auth);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('ALREADY_IN_WORKSPACE');

    // Expired.
    const late = await createSignedInUser(s.services);
    const exp = await inviteToken(owner.auth, late.user.email);
    await s.services.db.workspaceInvite.update({
      where: { tokenHash: hashInviteToken(exp.token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await call('POST', `/api/invites/${exp.token}/accept`, late.auth);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('INVITE_EXPIRED');

    // Revoked.
    const rev = await inviteToken(owner.auth, 'revoked-one@example.com');
    expect(
      (await call('DELETE', `/api/workspaces/current/invites/${rev.inviteId}`, owner.auth)).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/invites/${rev.token}`, undefined)).json().status).toBe('revoked');

    // Skips and bad input.
    const skip = await call('POST', '/api/workspaces/current/invites', owner.auth, {
      emails: [invitee.user.email],
    });
    expect(skip.json()).toMatchObject({ invited: [], skipped: [{ email: invitee.user.email }] });
    const bad = await call('POST', '/api/workspaces/current/invites', owner.auth, {
      emails: ['not-an-email'],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a new visitor signs up from the link without a card, is verified, joins and sends on the team quota', async () => {
    const { owner } = await teamOwner(3);
    const email = `new-visitor-${Date.now()}@example.com`;
    const { token } = await inviteToken(owner.auth, email);
    const weak = await call('POST', `/api/invites/${token}/signup`, undefined, {
      password: 'short',
      firstName: 'Nia',
    });
    expect(weak.statusCode).toBe(400);
    const res = await call('POST', `/api/invites/${token}/signup`, undefined, {
      password: 'Sturdy-Pass-2024',
      firstName: 'Nia',
      lastName: 'New',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ user: { email }, workspaceName: "Olga Owner's team" });
    const auth = { authorization: `Bearer ${body.accessToken as string}` };
    const user = await s.services.db.user.findUniqueOrThrow({
      where: { email },
      include: { subscription: true },
    });
    expect(user.isEmailVerified).toBe(true);
    expect(user.subscription).toBeNull();
    expect((await call('GET', '/api/workspaces/current', auth)).json().role).toBe('MEMBER');
    expect((await send(auth, user.id)).statusCode).toBe(200);
    // Single use: the link cannot make a second account.
    const again = await call('POST', `/api/invites/${token}/signup`, undefined, {
      password: 'Sturdy-Pass-2024',
      firstName: 'Nia',
    });
    expect([again.statusCode, again.json().code]).toEqual([409, 'INVITE_ACCEPTED']);
  });

  it('inviting beyond the paid seats is 402 SEATS_REQUIRED with {seats, needed}', async () => {
    const { owner } = await teamOwner(2);
    const res = await call('POST', '/api/workspaces/current/invites', owner.auth, {
      emails: ['a-seat@example.com', 'b-seat@example.com'],
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'SEATS_REQUIRED', seats: 2, needed: 3 });
    expect(res.json().error).toMatch(/Add 1 seat/);
  });
});

describe('seats', () => {
  it('adding seats charges the prorated difference in the simulator; lowering waits for the renewal', async () => {
    const { owner } = await teamOwner(2);
    const sub = owner.subscription!;
    const start = new Date(Date.now() - 15 * 86_400_000);
    const end = new Date(Date.now() + 15 * 86_400_000);
    await s.services.db.subscription.update({
      where: { id: sub.id },
      data: { currentPeriodStart: start, currentPeriodEnd: end },
    });
    const res = await call('POST', '/api/workspaces/current/seats', owner.auth, { seats: 4 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.seats).toBe(4);
    expect(body.pendingSeats).toBeNull();
    // Two seats at $99 for about half the period: $99 (within a cent of rounding of the elapsed time).
    expect(Math.abs(body.proratedCents - 9900)).toBeLessThanOrEqual(2);
    const payment = await s.services.db.payment.findFirst({
      where: { subscriptionId: sub.id },
      orderBy: { createdAt: 'desc' },
    });
    expect(payment?.amountCents).toBe(body.proratedCents);
    const row = await s.services.db.subscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(row.messageLimit).toBe(4 * 3000);

    const down = await call('POST', '/api/workspaces/current/seats', owner.auth, { seats: 1 });
    expect(down.json()).toMatchObject({ seats: 4, pendingSeats: 1, proratedCents: 0 });
    // Renewal applies the reduction.
    await s.services.db.subscription.update({
      where: { id: sub.id },
      data: { currentPeriodEnd: new Date(Date.now() - 1000) },
    });
    await s.services.billing.simulator!.advance(new Date());
    const renewed = await s.services.db.subscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(renewed).toMatchObject({ seats: 1, pendingSeats: null, messageLimit: 3000 });
  });

  it('never below the member count', async () => {
    const { owner } = await teamOwner(3);
    await join(owner.auth, await createSignedInUser(s.services));
    const res = await call('POST', '/api/workspaces/current/seats', owner.auth, { seats: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/at least 2 seats/);
  });
});

async function send(auth: Auth, userId: string, text = 'Three objectives for onboarding') {
  const session = await s.services.db.chatSession.create({ data: { userId, title: 'T' } });
  return call('POST', `/api/chat/sessions/${session.id}/messages`, auth, { message: text });
}

describe('shared quota', () => {
  it('two members sending in parallel with one message left: exactly one succeeds', async () => {
    const { owner } = await teamOwner(3, 5);
    const a = await createSignedInUser(s.services);
    const b = await createSignedInUser(s.services);
    await join(owner.auth, a);
    await join(owner.auth, b);
    for (let i = 0; i < 4; i++) await (await s.services.quota.reserve(owner.user.id)).commit();
    const results = await Promise.all([send(a.auth, a.user.id), send(b.auth, b.user.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 402]);
    expect(results.find((r) => r.statusCode === 402)!.json().code).toBe('QUOTA_EXCEEDED');
    const cur = (await call('GET', '/api/workspaces/current', owner.auth)).json();
    expect(cur.quota).toMatchObject({ limit: 5, used: 5 });
    const members = (await call('GET', '/api/workspaces/current/members', owner.auth)).json().members;
    expect(members.map((m: { used: number }) => m.used).sort()).toEqual([0, 1, 4]);
  });

  it("a member's cap refuses their sends; a removed member's next send is refused; logs are scoped", async () => {
    const { owner, workspaceId } = await teamOwner(3);
    const m = await createSignedInUser(s.services);
    await join(owner.auth, m);
    expect(
      (await call('PUT', `/api/workspaces/current/members/${m.user.id}`, owner.auth, { messageCap: 1 }))
        .statusCode,
    ).toBe(200);
    expect((await send(m.auth, m.user.id)).statusCode).toBe(200);
    const capped = await send(m.auth, m.user.id);
    expect(capped.statusCode).toBe(402);
    expect(capped.json().code).toBe('MEMBER_CAP_REACHED');
    const me = (await call('GET', '/api/workspaces/current', m.auth)).json().me;
    expect(me).toEqual({ used: 1, cap: 1 });

    await s.services.usage.flush();
    const logs = (await call('GET', '/api/workspaces/current/usage?limit=200', owner.auth)).json();
    expect(logs.logs.some((l: { user: { id: string } | null }) => l.user?.id === m.user.id)).toBe(true);
    const rows = await s.services.db.usageLog.findMany({ where: { workspaceId } });
    expect(rows.length).toBeGreaterThan(0);
    const csv = await call('GET', '/api/workspaces/current/usage/export.csv', owner.auth);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain(m.user.email);

    expect(
      (await call('DELETE', `/api/workspaces/current/members/${m.user.id}`, owner.auth)).statusCode,
    ).toBe(200);
    const refused = await send(m.auth, m.user.id);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('SUBSCRIPTION_INACTIVE');
    expect((await call('GET', '/api/workspaces/current', m.auth)).statusCode).toBe(404);
  });
});

describe('who pays', () => {
  it("a member with their own plan uses the team's while a member and their own again after leaving", async () => {
    const { owner } = await teamOwner(3);
    const m = await createSignedInUser(s.services, { plan: 'starter', messageLimit: 7 });
    expect((await s.services.quota.usage(m.user.id))?.messageLimit).toBe(7);
    await join(owner.auth, m);
    expect((await s.services.quota.usage(m.user.id))?.messageLimit).toBe(9000);
    expect((await call('POST', '/api/workspaces/current/leave', m.auth)).statusCode).toBe(200);
    expect((await s.services.quota.usage(m.user.id))?.messageLimit).toBe(7);
  });

  it('a subscription that becomes Team through the billing sync gets its workspace', async () => {
    const u = await createSignedInUser(s.services, { plan: 'pro', firstName: 'Uma', lastName: null });
    await s.services.db.subscription.update({
      where: { id: u.subscription!.id },
      data: { provider: 'simulator', priceId: 'price_team_monthly' },
    });
    await s.services.billing.sync(u.subscription!.stripeSubscriptionId!);
    const row = await s.services.db.subscription.findUniqueOrThrow({ where: { id: u.subscription!.id } });
    expect(row.planId).toBe('team');
    const ws = await s.services.db.workspace.findUniqueOrThrow({ where: { id: row.workspaceId! } });
    expect(ws).toMatchObject({ name: "Uma's team", ownerId: u.user.id });
  });
});

describe("team members cannot act on the owner's billing", () => {
  it('cancel, undo, cancel-trial and the billing portal are 403 TEAM_BILLING_OWNER_ONLY for a member and an admin', async () => {
    const { owner } = await teamOwner(4);
    const member = await createSignedInUser(s.services);
    const admin = await createSignedInUser(s.services);
    await join(owner.auth, member);
    await join(owner.auth, admin, 'ADMIN');
    for (const who of [member, admin]) {
      for (const [method, url] of [
        ['DELETE', '/api/subscriptions'],
        ['POST', '/api/billing/cancel-trial'],
        ['POST', '/api/billing/portal'],
      ] as const) {
        const res = await call(method, url, who.auth);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
        expect(res.json().code).toBe('TEAM_BILLING_OWNER_ONLY');
      }
    }
    const row = await s.services.db.subscription.findUniqueOrThrow({ where: { id: owner.subscription!.id } });
    expect(row.cancelAtPeriodEnd).toBe(false);
  });
});

describe('ownership', () => {
  it('the owner cannot leave or delete their account while the team has members; transfer hands it over', async () => {
    const { owner } = await teamOwner(3);
    const m = await createSignedInUser(s.services);
    await join(owner.auth, m);
    const leave = await call('POST', '/api/workspaces/current/leave', owner.auth);
    expect(leave.statusCode).toBe(409);
    const del = await call('DELETE', '/api/auth/account', owner.auth, { password: TEST_PASSWORD });
    expect([del.statusCode, del.json().code]).toEqual([409, 'WORKSPACE_OWNER']);

    const t = await call('POST', '/api/workspaces/current/transfer', owner.auth, { userId: m.user.id });
    expect(t.statusCode, t.body).toBe(200);
    expect((await call('GET', '/api/workspaces/current', m.auth)).json().role).toBe('OWNER');
    expect((await call('GET', '/api/workspaces/current', owner.auth)).json().role).toBe('ADMIN');
    expect((await call('POST', '/api/workspaces/current/leave', owner.auth)).statusCode).toBe(200);
  });

  it('only the owner deletes the workspace, and only once no live Team subscription pays for it', async () => {
    const { owner, workspaceId } = await teamOwner(3);
    const admin = await createSignedInUser(s.services);
    const m = await createSignedInUser(s.services);
    await join(owner.auth, admin, 'ADMIN');
    await join(owner.auth, m);
    expect((await call('DELETE', '/api/workspaces/current', undefined)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/workspaces/current', m.auth)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/workspaces/current', admin.auth)).statusCode).toBe(403);
    const live = await call('DELETE', '/api/workspaces/current', owner.auth);
    expect([live.statusCode, live.json().code]).toEqual([409, 'WORKSPACE_OWNER']);
    expect(live.json().error).toMatch(/Cancel it/);

    // The Team subscription has ended: the owner may delete; nothing brings the workspace back.
    await s.services.db.subscription.update({
      where: { id: owner.subscription!.id },
      data: { status: 'CANCELED' },
    });
    const del = await call('DELETE', '/api/workspaces/current', owner.auth);
    expect(del.statusCode, del.body).toBe(200);
    expect(await s.services.db.workspace.findUnique({ where: { id: workspaceId } })).toBeNull();
    for (const who of [owner, admin, m]) {
      const res = await call('GET', '/api/workspaces/current', who.auth);
      expect([res.statusCode, res.json().code]).toEqual([404, 'NO_WORKSPACE']);
      expect(await s.services.db.user.findUnique({ where: { id: who.user.id } })).not.toBeNull();
    }
    const sub = await s.services.db.subscription.findUniqueOrThrow({ where: { id: owner.subscription!.id } });
    expect(sub.workspaceId).toBeNull();
  });
});
