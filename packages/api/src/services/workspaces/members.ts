// Member management (issue 14): roles, per-member caps, removal, leaving, ownership transfer and renaming. A
// member who leaves or is removed keeps their account and personal sessions; their team access ends at once,
// because `payerFor` (billing/subscription.ts) reads the membership on every send. The artifacts shared with them
// by name in that workspace (issue 39) are no longer theirs to see or edit: those rows go with the membership,
// so being invited back later starts with nothing shared.
import { appError, notFound } from '../../errors.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';
import type { UpdateMemberInput } from '../../schemas/workspaces.js';
import type { Services } from '../container.js';
import { LIVE_STATUSES } from '../billing/sync.js';
import { SENDING_STATUSES } from '../../plans/catalogue.js';
import { TEAM_PLAN_ID } from '../billing/subscription.js';
import { MANAGERS, OWNER_ONLY, membershipOf, requireRole, type Membership } from './access.js';

async function memberOf(s: Pick<Services, 'db'>, m: Membership, userId: string) {
  const target = await s.db.workspaceMember.findFirst({ where: { workspaceId: m.workspace.id, userId } });
  if (!target) throw notFound('Member not found in your workspace');
  return target;
}

/**
 * Ends a membership with the shares naming the person in that workspace, in one transaction. The membership goes
 * first: a share being saved holds it locked (review/share.ts), so this waits for that and then sees its rows.
 */
async function endMembership(s: Pick<Services, 'db'>, workspaceId: string, userId: string) {
  await s.db.$transaction([
    s.db.workspaceMember.deleteMany({ where: { workspaceId, userId } }),
    s.db.artifactShareMember.deleteMany({ where: { userId, share: { workspaceId } } }),
  ]);
}

const note = (s: Pick<Services, 'usage'>, workspaceId: string, details: string) =>
  s.usage.current()?.attach({ workspaceId, details });

export async function updateMember(
  s: Pick<Services, 'db' | 'usage'>,
  callerId: string,
  input: UpdateMemberInput,
) {
  const m = await membershipOf(s.db, callerId);
  requireRole(m, MANAGERS, 'change members');
  const target = await memberOf(s, m, input.userId);
  if (input.messageCap !== undefined) requireRole(m, OWNER_ONLY, 'set message caps');
  if (input.role !== undefined && target.role === 'OWNER') {
    throw appError('FORBIDDEN', "The owner's role cannot be changed; transfer ownership instead.");
  }
  const updated = await s.db.workspaceMember.update({
    where: { id: target.id },
    data: {
      ...(input.role !== undefined ? { role: input.role } : {}),
      ...(input.messageCap !== undefined ? { messageCap: input.messageCap } : {}),
    },
  });
  note(s, m.workspace.id, `Member updated${input.role ? `: role ${input.role.toLowerCase()}` : ''}`);
  return { userId: updated.userId, role: updated.role, messageCap: updated.messageCap };
}

export async function removeMember(s: Pick<Services, 'db' | 'usage'>, callerId: string, userId: string) {
  const m = await membershipOf(s.db, callerId);
  requireRole(m, MANAGERS, 'remove members');
  const target = await memberOf(s, m, userId);
  if (target.role === 'OWNER') {
    throw appError('FORBIDDEN', 'The owner cannot be removed; transfer ownership first.');
  }
  await endMembership(s, m.workspace.id, userId);
  note(s, m.workspace.id, 'Member removed');
  return { success: true as const };
}

export async function leaveWorkspace(s: Pick<Services, 'db' | 'usage'>, callerId: string) {
  const m = await membershipOf(s.db, callerId);
  if (m.role === 'OWNER') {
    throw appError(
      'CONFLICT',
      'The owner cannot leave the workspace. Transfer ownership to another member, or cancel the team subscription, first.',
      { appCode: ERROR_CODES.WORKSPACE_OWNER },
    );
  }
  await endMembership(s, m.workspace.id, callerId);
  note(s, m.workspace.id, 'Left the workspace');
  return { success: true as const };
}

/**
 * Makes another member the owner; the former owner stays as an admin. The Team subscription follows the owner
 * (`Subscription.userId` is the paying account), so a new owner's own, ended subscription row is dropped first;
 * one still running must be cancelled by them before (a user has one subscription row).
 */
export async function transferOwnership(s: Pick<Services, 'db' | 'usage'>, callerId: string, userId: string) {
  const m = await membershipOf(s.db, callerId);
  requireRole(m, OWNER_ONLY, 'transfer ownership');
  if (userId === callerId) throw appError('BAD_REQUEST', 'You already own this workspace.');
  const target = await memberOf(s, m, userId);
  const team = await s.db.subscription.findUnique({ where: { workspaceId: m.workspace.id } });
  const theirs = await s.db.subscription.findUnique({ where: { userId: target.userId } });
  if (theirs && team && theirs.id !== team.id && LIVE_STATUSES.has(theirs.status)) {
    throw appError(
      'CONFLICT',
      'This member still has their own running subscription or trial. They must cancel it before they can take over the team.',
      { appCode: ERROR_CODES.WORKSPACE_OWNER },
    );
  }
  await s.db.$transaction(async (tx) => {
    if (team) {
      if (theirs && theirs.id !== team.id) await tx.subscription.delete({ where: { id: theirs.id } });
      await tx.subscription.update({ where: { id: team.id }, data: { userId: target.userId } });
    }
    await tx.workspace.update({ where: { id: m.workspace.id }, data: { ownerId: target.userId } });
    await tx.workspaceMember.update({ where: { id: target.id }, data: { role: 'OWNER' } });
    await tx.workspaceMember.update({ where: { userId: callerId }, data: { role: 'ADMIN' } });
  });
  note(s, m.workspace.id, 'Ownership transferred');
  return { success: true as const, ownerId: target.userId };
}

export async function renameWorkspace(s: Pick<Services, 'db' | 'usage'>, callerId: string, name: string) {
  const m = await membershipOf(s.db, callerId);
  requireRole(m, MANAGERS, 'rename the workspace');
  const ws = await s.db.workspace.update({
    where: { id: m.workspace.id },
    data: { name },
    select: { id: true, name: true, createdAt: true },
  });
  note(s, m.workspace.id, 'Workspace renamed');
  return { workspace: ws };
}

export const DELETE_WORKSPACE_LIVE_MESSAGE =
  'Your Team subscription still pays for this workspace. Cancel it (or change to another plan) first; you can delete the workspace once it has ended. Until then your team keeps its access.';

/**
 * Deletes the workspace (owner only): its memberships and invites go with it, members keep their accounts and
 * personal sessions and fall back to their own subscriptions. Refused (409) while a live Team subscription
 * still pays for it — deleting would take away seats that are paid for, and the workspace would come back with
 * the subscription. Usage-log entries keep their workspace id as history.
 */
export async function deleteWorkspace(s: Pick<Services, 'db' | 'usage'>, callerId: string) {
  const m = await membershipOf(s.db, callerId);
  requireRole(m, OWNER_ONLY, 'delete the workspace');
  const team = await s.db.subscription.findUnique({ where: { workspaceId: m.workspace.id } });
  if (team && team.planId === TEAM_PLAN_ID && SENDING_STATUSES.has(team.status)) {
    throw appError('CONFLICT', DELETE_WORKSPACE_LIVE_MESSAGE, { appCode: ERROR_CODES.WORKSPACE_OWNER });
  }
  note(s, m.workspace.id, 'Workspace deleted');
  // The subscription's workspaceId is cleared by its foreign key (ON DELETE SET NULL).
  await s.db.workspace.delete({ where: { id: m.workspace.id } });
  return { success: true as const };
}
