// What a workspace shows its members: the workspace, the caller's role, seats, the shared quota and the caller's
// own usage (GET /workspaces/current), and the member and invite lists for owners and admins.
import type { DbLike } from '../billing/subscription.js';
import { periodStartFor } from '../quota.js';
import { MANAGERS, membershipOf, requireRole } from './access.js';

const displayName = (u: { firstName: string; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');

/** The workspace's subscription and the period its counters are keyed by (null: it has none). */
export async function teamPeriod(db: DbLike, workspaceId: string) {
  const sub = await db.subscription.findUnique({ where: { workspaceId } });
  if (!sub) return null;
  const periodStart = periodStartFor(sub);
  const periodEnd = sub.status === 'TRIALING' ? (sub.trialEnd ?? sub.currentPeriodEnd) : sub.currentPeriodEnd;
  return { sub, periodStart, periodEnd };
}

/** Invites still waiting for an answer (neither accepted, revoked nor expired). */
export const pendingInviteWhere = (workspaceId: string, now = new Date()) => ({
  workspaceId,
  acceptedAt: null,
  revokedAt: null,
  expiresAt: { gt: now },
});

/** Seats in use: members plus pending invites (each invite holds a seat until it is answered or expires). */
export async function seatUse(db: DbLike, workspaceId: string) {
  const [memberCount, pendingInvites] = await Promise.all([
    db.workspaceMember.count({ where: { workspaceId } }),
    db.workspaceInvite.count({ where: pendingInviteWhere(workspaceId) }),
  ]);
  return { memberCount, pendingInvites };
}

export async function currentWorkspace(db: DbLike, userId: string) {
  const m = await membershipOf(db, userId);
  const ws = m.workspace;
  const [period, use] = await Promise.all([teamPeriod(db, ws.id), seatUse(db, ws.id)]);
  const key = period ? { subscriptionId: period.sub.id, periodStart: period.periodStart } : null;
  const [team, mine] = key
    ? await Promise.all([
        db.usageCounter.findUnique({ where: { subscriptionId_periodStart: key } }),
        db.memberUsageCounter.findUnique({
          where: { subscriptionId_periodStart_userId: { ...key, userId } },
        }),
      ])
    : [null, null];
  return {
    workspace: { id: ws.id, name: ws.name, createdAt: ws.createdAt },
    role: m.role,
    seats: period?.sub.seats ?? 0,
    pendingSeats: period?.sub.pendingSeats ?? null,
    memberCount: use.memberCount,
    pendingInvites: use.pendingInvites,
    /** The team subscription's plan and status (null: the workspace has none, so it pays for nobody). */
    subscription: period
      ? {
          planId: period.sub.planId,
          status: period.sub.status,
          cancelAtPeriodEnd: period.sub.cancelAtPeriodEnd,
        }
      : null,
    quota: {
      limit: period?.sub.messageLimit ?? 0,
      used: team?.used ?? 0,
      periodStart: period?.periodStart ?? null,
      periodEnd: period?.periodEnd ?? null,
    },
    me: { used: mine?.used ?? 0, cap: m.messageCap },
  };
}

/** Owners and admins: every member with this period's usage, and the pending invites. */
export async function listMembers(db: DbLike, userId: string) {
  const m = await membershipOf(db, userId);
  requireRole(m, MANAGERS, 'see the member list');
  const workspaceId = m.workspace.id;
  const [rows, invites, period] = await Promise.all([
    db.workspaceMember.findMany({
      where: { workspaceId },
      include: { user: { select: { firstName: true, lastName: true, email: true } } },
      orderBy: [{ joinedAt: 'asc' }, { id: 'asc' }],
    }),
    db.workspaceInvite.findMany({
      where: pendingInviteWhere(workspaceId),
      include: { invitedBy: { select: { firstName: true, lastName: true } } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    }),
    teamPeriod(db, workspaceId),
  ]);
  const usage = period
    ? await db.memberUsageCounter.findMany({
        where: { subscriptionId: period.sub.id, periodStart: period.periodStart },
      })
    : [];
  const usedBy = new Map(usage.map((u) => [u.userId, u.used]));
  return {
    members: rows.map((r) => ({
      userId: r.userId,
      name: displayName(r.user),
      email: r.user.email,
      role: r.role,
      joinedAt: r.joinedAt,
      used: usedBy.get(r.userId) ?? 0,
      messageCap: r.messageCap,
    })),
    invites: invites.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      createdAt: i.createdAt,
      expiresAt: i.expiresAt,
      invitedBy: i.invitedBy ? displayName(i.invitedBy) : null,
    })),
  };
}
