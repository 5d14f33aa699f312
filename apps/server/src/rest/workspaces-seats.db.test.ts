// Seats under concurrency (issue 37): the seat count and the write are one step (a row lock on the workspace),
// so parallel invites and joins never promise or fill more seats than are paid for; pending invites hold seats;
// a seat decrease below members + pending invites is refused. Runs on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL, where the requests really overlap (checked: several seat transactions are open at once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { RATE_LIMITS, createRateLimiter } from '../../../../packages/api/src/services/rate-limit.js';
import { pendingInviteWhere } from '../../../../packages/api/src/services/workspaces/overview.js';
import { newInviteToken } from '../../../../packages/api/src/services/workspaces/tokens.js';
import { createTestServer, type TestServer } from '../testing.js';
import { teamOwner as createTeamOwner } from './team-test-helpers.js';

let s: TestServer;
const onPostgres = !!process.env.TEST_DATABASE_URL;
/** The most interactive transactions seen open at the same moment (a request burst that overlaps). */
let openTx = 0;
let maxOpenTx = 0;

beforeAll(async () => {
  s = await createTestServer();
  s.services.rateLimiter = createRateLimiter(
    undefined,
    { ...RATE_LIMITS, register: { ...RATE_LIMITS.register, points: 1000 } },
    `workspace-seats-${process.pid}:`,
  );
  const db = s.services.db;
  const transaction = db.$transaction.bind(db) as (...a: unknown[]) => Promise<unknown>;
  (db as unknown as { $transaction: unknown }).$transaction = (arg: unknown, ...rest: unknown[]) => {
    if (typeof arg !== 'function') return transaction(arg, ...rest);
    return transaction(
      async (tx: unknown) => {
        maxOpenTx = Math.max(maxOpenTx, ++openTx);
        try {
          return await (arg as (tx: unknown) => Promise<unknown>)(tx);
        } finally {
          openTx--;
        }
      },
      ...rest,
    );
  };
});
afterAll(async () => {
  await s?.close();
});

type Auth = { authorization: string } | undefined;
const call = (method: 'GET' | 'POST', url: string, auth: Auth, payload?: unknown) =>
  s.app.inject({ method, url, headers: auth ?? {}, payload: payload as never });

const teamOwner = (seats: number) => createTeamOwner(s, seats);

async function seatUse(workspaceId: string) {
  const [members, pending] = await Promise.all([
    s.services.db.workspaceMember.count({ where: { workspaceId } }),
    s.services.db.workspaceInvite.count({ where: pendingInviteWhere(workspaceId) }),
  ]);
  return { members, pending };
}

/** Pending invites written directly (with their raw tokens), as if sent when the team had more seats. */
async function pendingInvites(workspaceId: string, invitedById: string, emails: string[]) {
  const out: { email: string; token: string }[] = [];
  for (const email of emails) {
    const { token, tokenHash } = newInviteToken();
    await s.services.db.workspaceInvite.create({
      data: {
        workspaceId,
        email,
        role: 'MEMBER',
        tokenHash,
        invitedById,
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
      },
    });
    out.push({ email, token });
  }
  return out;
}

const statuses = (rs: { statusCode: number }[]) =>
  rs.reduce<Record<number, number>>(
    (acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }),
    {},
  );

describe('parallel invites and joins stay within the paid seats', () => {
  it('30 parallel invites on 3 seats with 1 member: exactly 2 are sent, the rest are 402 SEATS_REQUIRED', async () => {
    const { owner, workspaceId } = await teamOwner(3);
    maxOpenTx = 0;
    const rs = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call('POST', '/api/workspaces/current/invites', owner.auth, {
          emails: [`race-invite-${i}-${workspaceId}@example.com`],
        }),
      ),
    );
    expect(statuses(rs)).toEqual({ 201: 2, 402: 28 });
    for (const r of rs.filter((x) => x.statusCode === 402)) expect(r.json().code).toBe('SEATS_REQUIRED');
    expect(await seatUse(workspaceId)).toEqual({ members: 1, pending: 2 });
    // PGlite has one connection, so its transactions take turns; PostgreSQL's pool runs them side by side.
    if (onPostgres) expect(maxOpenTx).toBeGreaterThan(1);
  });

  it('20 parallel joins (sign-ups and accepts) after the seats were lowered to 3: only 2 join', async () => {
    // Invites sent when the team paid for 21 seats; the seats then drop to 3 (a renewal applying a reduction,
    // or a quantity changed at the provider): the links still work, but only while a paid seat is free.
    const { owner, workspaceId } = await teamOwner(21);
    const newcomers = await pendingInvites(
      workspaceId,
      owner.user.id,
      Array.from({ length: 10 }, (_, i) => `race-signup-${i}-${workspaceId}@example.com`),
    );
    const existing = await Promise.all(Array.from({ length: 10 }, () => createSignedInUser(s.services)));
    const forExisting = await pendingInvites(
      workspaceId,
      owner.user.id,
      existing.map((u) => u.user.email),
    );
    await s.services.db.subscription.update({ where: { id: owner.subscription!.id }, data: { seats: 3 } });
    maxOpenTx = 0;
    const rs = await Promise.all([
      ...newcomers.map((n) =>
        call('POST', `/api/invites/${n.token}/signup`, undefined, {
          password: 'Sturdy-Pass-2024',
          firstName: 'Nia',
        }),
      ),
      ...forExisting.map((n, i) => call('POST', `/api/invites/${n.token}/accept`, existing[i]!.auth)),
    ]);
    const ok = rs.filter((r) => r.statusCode === 200 || r.statusCode === 201);
    expect(ok.length, JSON.stringify(statuses(rs))).toBe(2);
    for (const r of rs.filter((x) => !ok.includes(x))) {
      expect(r.statusCode).toBe(402);
      expect(r.json().code).toBe('SEATS_REQUIRED');
    }
    expect((await seatUse(workspaceId)).members).toBe(3);
    // A refused sign-up leaves no account behind (its transaction rolled back).
    const accounts = await s.services.db.user.count({
      where: { email: { in: newcomers.map((n) => n.email) } },
    });
    expect(accounts).toBe(ok.filter((r) => r.statusCode === 201).length);
    if (onPostgres) expect(maxOpenTx).toBeGreaterThan(1);
  });

  it('invites and joins at the same time: members + pending invites never exceed the seats', async () => {
    const { owner, workspaceId } = await teamOwner(6);
    const joiners = await Promise.all(Array.from({ length: 4 }, () => createSignedInUser(s.services)));
    const links = await pendingInvites(
      workspaceId,
      owner.user.id,
      joiners.map((u) => u.user.email),
    );
    const rs = await Promise.all([
      ...links.map((l, i) => call('POST', `/api/invites/${l.token}/accept`, joiners[i]!.auth)),
      ...Array.from({ length: 10 }, (_, i) =>
        call('POST', '/api/workspaces/current/invites', owner.auth, {
          emails: [`race-mixed-${i}-${workspaceId}@example.com`],
        }),
      ),
    ]);
    expect(rs.slice(0, 4).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(statuses(rs.slice(4))).toEqual({ 201: 1, 402: 9 });
    expect(await seatUse(workspaceId)).toEqual({ members: 5, pending: 1 });
  });
});

describe('a seat decrease counts pending invites', () => {
  it('below members + pending invites it is refused with a clear message; at that count it is booked', async () => {
    const { owner, workspaceId } = await teamOwner(6);
    await pendingInvites(workspaceId, owner.user.id, [
      `down-a-${workspaceId}@example.com`,
      `down-b-${workspaceId}@example.com`,
    ]);
    const low = await call('POST', '/api/workspaces/current/seats', owner.auth, { seats: 2 });
    expect(low.statusCode).toBe(400);
    expect(low.json().error).toBe(
      'Your team has 1 member and 2 pending invites, so it needs at least 3 seats. Remove members or revoke invites first to go lower.',
    );
    const ok = await call('POST', '/api/workspaces/current/seats', owner.auth, { seats: 3 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ seats: 6, pendingSeats: 3 });
  });

  it('a decrease racing parallel invites never books fewer seats than members + pending invites', async () => {
    const { owner, workspaceId } = await teamOwner(8);
    const rs = await Promise.all([
      call('POST', '/api/workspaces/current/seats', owner.auth, { seats: 2 }),
      ...Array.from({ length: 10 }, (_, i) =>
        call('POST', '/api/workspaces/current/invites', owner.auth, {
          emails: [`race-down-${i}-${workspaceId}@example.com`],
        }),
      ),
    ]);
    const sub = await s.services.db.subscription.findUniqueOrThrow({ where: { id: owner.subscription!.id } });
    const use = await seatUse(workspaceId);
    expect(use.members + use.pending, JSON.stringify(statuses(rs))).toBeLessThanOrEqual(
      sub.pendingSeats ?? sub.seats,
    );
    expect(use.members + use.pending).toBeLessThanOrEqual(sub.seats);
  });
});
