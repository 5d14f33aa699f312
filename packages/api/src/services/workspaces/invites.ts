// Invites (issue 14): owners and admins invite by email; each invite holds a seat, mails a single-use link valid
// INVITE_TTL_DAYS, and is accepted by the signed-in account with that address (new accounts sign up first, no
// card: the team's subscription covers them). Inviting beyond the paid seats is a 402 SEATS_REQUIRED; every
// seat check runs with its write in one transaction under the workspace's lock (seats.ts).
import { Prisma, type Db } from '@app/db';
import type { AppConfig } from '../../config.js';
import { appError, notFound } from '../../errors.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';
import { INVITE_TTL_DAYS, type InviteMembersInput } from '../../schemas/workspaces.js';
import type { DbLike } from '../billing/subscription.js';
import type { Mailer } from '../mail/mailer.js';
import type { UsageLogger } from '../usage-log.js';
import { MANAGERS, membershipOf, requireRole, type Membership } from './access.js';
import { workspaceInviteEmail } from './invite-mail.js';
import { pendingInviteWhere } from './overview.js';
import { assertSeatFree, lockSeats, seatsRequired } from './seats.js';
import { hashInviteToken, newInviteToken } from './tokens.js';

const DAY_MS = 86_400_000;

/** What the invite flows use: the database, the mailer, the app URL for links, the running call's usage entry. */
export interface InviteDeps {
  db: Db;
  mailer: Pick<Mailer, 'enqueue'>;
  config: Pick<AppConfig, 'appUrl'>;
  usage: Pick<UsageLogger, 'current'>;
}

const displayName = (u: { firstName: string; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');

export const INVALID_INVITE_MESSAGE = 'This invite link is not valid. Ask your team for a new one.';

export type InviteStatus = 'valid' | 'expired' | 'accepted' | 'revoked';

function statusOf(i: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now = new Date()) {
  if (i.acceptedAt) return 'accepted' as const;
  if (i.revokedAt) return 'revoked' as const;
  if (i.expiresAt <= now) return 'expired' as const;
  return 'valid' as const;
}

/**
 * Mails one invite link (queued: a slow mail server never holds the request). Like every mail link it uses the
 * configured app URL, never the request's host: whoever chose the host would get the token (issue 37).
 */
function mailInvite(
  services: InviteDeps,
  m: Membership,
  inviter: { firstName: string; lastName: string | null },
  email: string,
  token: string,
) {
  services.mailer.enqueue(
    workspaceInviteEmail({
      to: email,
      inviterName: displayName(inviter),
      workspaceName: m.workspace.name,
      url: `${services.config.appUrl}/invite/${token}`,
      validDays: INVITE_TTL_DAYS,
    }),
  );
}

async function inviterOf(db: DbLike, userId: string) {
  return db.user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, lastName: true } });
}

export async function inviteMembers(services: InviteDeps, userId: string, input: InviteMembersInput) {
  const db = services.db;
  const m = await membershipOf(db, userId);
  requireRole(m, MANAGERS, 'invite members');
  const workspaceId = m.workspace.id;
  const emails = [...new Set(input.emails)];
  const role = input.role ?? 'MEMBER';
  const { rows, created, skipped } = await db.$transaction(async (tx) => {
    const { period, seats } = await lockSeats(tx, workspaceId);
    const now = new Date();
    const [members, pending] = await Promise.all([
      tx.workspaceMember.findMany({ where: { workspaceId }, select: { user: { select: { email: true } } } }),
      tx.workspaceInvite.findMany({ where: pendingInviteWhere(workspaceId, now), select: { email: true } }),
    ]);
    const memberEmails = new Set(members.map((x) => x.user.email));
    const pendingEmails = new Set(pending.map((x) => x.email));
    const skipped: { email: string; reason: string }[] = [];
    const toInvite: string[] = [];
    for (const email of emails) {
      if (memberEmails.has(email)) skipped.push({ email, reason: 'Already a member of this workspace' });
      else if (pendingEmails.has(email))
        skipped.push({ email, reason: 'Already invited (resend the pending invite instead)' });
      else toInvite.push(email);
    }
    if (toInvite.length === 0) return { rows: [], created: [], skipped };
    const needed = members.length + pending.length + toInvite.length;
    if (needed > seats) throw seatsRequired(seats, needed);
    const expiresAt = new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS);
    const created = toInvite.map((email) => ({ email, ...newInviteToken() }));
    const rows: { id: string; email: string }[] = [];
    for (const c of created) {
      rows.push(
        await tx.workspaceInvite.create({
          data: { workspaceId, email: c.email, role, tokenHash: c.tokenHash, expiresAt, invitedById: userId },
          select: { id: true, email: true },
        }),
      );
    }
    // A seat reduction booked for the renewal never drops below the seats now promised.
    if (period?.sub.pendingSeats != null && period.sub.pendingSeats < needed) {
      await tx.subscription.update({
        where: { id: period.sub.id },
        data: { pendingSeats: needed >= period.sub.seats ? null : needed },
      });
    }
    return { rows, created, skipped };
  });
  if (rows.length === 0) return { invited: [], skipped };
  const inviter = await inviterOf(db, userId);
  for (const c of created) mailInvite(services, m, inviter, c.email, c.token);
  services.usage.current()?.attach({
    workspaceId,
    details: `Invited ${rows.length} ${rows.length === 1 ? 'person' : 'people'} as ${role.toLowerCase()}`,
  });
  return { invited: rows, skipped };
}

async function pendingInviteOf(db: DbLike, m: Membership, inviteId: string) {
  const invite = await db.workspaceInvite.findFirst({ where: { id: inviteId, workspaceId: m.workspace.id } });
  if (!invite) throw notFound('Invite not found');
  return invite;
}

/** A fresh link (the old one stops working) valid another INVITE_TTL_DAYS, mailed again. */
export async function resendInvite(services: InviteDeps, userId: string, inviteId: string) {
  const db = services.db;
  const m = await membershipOf(db, userId);
  requireRole(m, MANAGERS, 'resend invites');
  const invite = await pendingInviteOf(db, m, inviteId);
  if (invite.acceptedAt)
    throw appError('CONFLICT', 'This invite was already accepted.', { appCode: ERROR_CODES.INVITE_ACCEPTED });
  if (invite.revokedAt)
    throw appError('CONFLICT', 'This invite was revoked; send a new one.', {
      appCode: ERROR_CODES.INVITE_REVOKED,
    });
  const { token, tokenHash } = newInviteToken();
  const updated = await db.$transaction(async (tx) => {
    // An expired invite gave its seat back: renewing it must fit the paid seats again.
    if (invite.expiresAt <= new Date()) {
      const use = await lockSeats(tx, m.workspace.id);
      const needed = use.memberCount + use.pendingInvites + 1;
      if (needed > use.seats) throw seatsRequired(use.seats, needed);
    }
    return tx.workspaceInvite.update({
      where: { id: invite.id },
      data: { tokenHash, expiresAt: new Date(Date.now() + INVITE_TTL_DAYS * DAY_MS), invitedById: userId },
      select: { id: true, email: true, expiresAt: true },
    });
  });
  mailInvite(services, m, await inviterOf(db, userId), invite.email, token);
  services.usage.current()?.attach({ workspaceId: m.workspace.id, details: 'Invite resent' });
  return updated;
}

export async function revokeInvite(services: InviteDeps, userId: string, inviteId: string) {
  const db = services.db;
  const m = await membershipOf(db, userId);
  requireRole(m, MANAGERS, 'revoke invites');
  const invite = await pendingInviteOf(db, m, inviteId);
  if (invite.acceptedAt)
    throw appError('CONFLICT', 'This invite was already accepted; remove the member instead.', {
      appCode: ERROR_CODES.INVITE_ACCEPTED,
    });
  if (!invite.revokedAt)
    await db.workspaceInvite.update({ where: { id: invite.id }, data: { revokedAt: new Date() } });
  services.usage.current()?.attach({ workspaceId: m.workspace.id, details: 'Invite revoked' });
  return { success: true as const };
}

async function inviteByToken(db: DbLike, token: string) {
  const invite = await db.workspaceInvite.findUnique({
    where: { tokenHash: hashInviteToken(token) },
    include: {
      workspace: { select: { id: true, name: true } },
      invitedBy: { select: { firstName: true, lastName: true } },
    },
  });
  if (!invite) throw appError('NOT_FOUND', INVALID_INVITE_MESSAGE, { appCode: ERROR_CODES.INVALID_TOKEN });
  return invite;
}

/** Public: what the accept page shows before anyone signs in. */
export async function inviteInfo(db: DbLike, token: string) {
  const invite = await inviteByToken(db, token);
  return {
    workspaceName: invite.workspace.name,
    inviterName: invite.invitedBy ? displayName(invite.invitedBy) : null,
    email: invite.email,
    role: invite.role,
    status: statusOf(invite) satisfies InviteStatus,
    expiresAt: invite.expiresAt,
  };
}

const isUniqueViolation = (err: unknown) =>
  err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

/** Refuses a link that can no longer be used: used 409, revoked or expired 410. */
export function assertUsable(invite: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }) {
  const status = statusOf(invite);
  if (status === 'accepted') {
    throw appError('CONFLICT', 'This invite has already been used.', {
      appCode: ERROR_CODES.INVITE_ACCEPTED,
    });
  }
  if (status === 'revoked') {
    throw appError('BAD_REQUEST', 'This invite was revoked. Ask your team for a new one.', {
      appCode: ERROR_CODES.INVITE_REVOKED,
      httpStatus: 410,
    });
  }
  if (status === 'expired') {
    throw appError('BAD_REQUEST', 'This invite has expired. Ask your team to send a new one.', {
      appCode: ERROR_CODES.INVITE_EXPIRED,
      httpStatus: 410,
    });
  }
}

/**
 * Checks a paid seat is free (under the workspace's lock: parallel joins take turns), claims the invite (single
 * use: one conditional update) and creates the membership — run inside the caller's transaction, so a failure
 * of any leaves the invite usable.
 */
export async function joinByInvite(
  tx: DbLike,
  invite: { id: string; workspaceId: string; role: 'OWNER' | 'ADMIN' | 'MEMBER' },
  userId: string,
) {
  await assertSeatFree(tx, invite.workspaceId);
  const claimed = await tx.workspaceInvite.updateMany({
    where: { id: invite.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    data: { acceptedAt: new Date(), acceptedById: userId },
  });
  if (claimed.count !== 1) {
    throw appError('CONFLICT', 'This invite has already been used.', {
      appCode: ERROR_CODES.INVITE_ACCEPTED,
    });
  }
  await tx.workspaceMember.create({ data: { workspaceId: invite.workspaceId, userId, role: invite.role } });
}

export { inviteByToken };

export async function acceptInvite(services: InviteDeps, user: { id: string; email: string }, token: string) {
  const db = services.db;
  const invite = await inviteByToken(db, token);
  assertUsable(invite);
  if (invite.email !== user.email.toLowerCase()) {
    throw appError(
      'FORBIDDEN',
      `This invite is for ${invite.email}. Sign in with that address to accept it (you are signed in as ${user.email}).`,
      { appCode: ERROR_CODES.INVITE_EMAIL_MISMATCH },
    );
  }
  const existing = await db.workspaceMember.findUnique({
    where: { userId: user.id },
    select: { workspaceId: true },
  });
  if (existing) throw alreadyInWorkspace(existing.workspaceId === invite.workspaceId);
  try {
    await db.$transaction((tx) => joinByInvite(tx, invite, user.id));
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyInWorkspace(false);
    throw err;
  }
  services.usage.current()?.attach({
    workspaceId: invite.workspaceId,
    details: `Joined ${invite.workspace.name} as ${invite.role.toLowerCase()}`,
  });
  return { workspaceId: invite.workspaceId, workspaceName: invite.workspace.name };
}

function alreadyInWorkspace(same: boolean) {
  return appError(
    'CONFLICT',
    same
      ? 'You are already a member of this workspace.'
      : 'You are already a member of another team workspace. Leave it first to join this one.',
    { appCode: ERROR_CODES.ALREADY_IN_WORKSPACE },
  );
}
