// Who may do what in a workspace. Every workspace procedure resolves the caller's own membership here (no
// membership: 404 NO_WORKSPACE) and checks the role on the server (403); anything addressed by id (a member, an
// invite) is looked up inside the caller's workspace only, so another team's ids are 404s.
import type { WorkspaceRole } from '@app/db';
import { appError } from '../../errors.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';
import { ownSubscriptionFor, type DbLike } from '../billing/subscription.js';
import { ensureTeamWorkspace } from './provision.js';

export interface Membership {
  userId: string;
  role: WorkspaceRole;
  messageCap: number | null;
  joinedAt: Date;
  workspace: { id: string; name: string; ownerId: string; createdAt: Date };
}

export const NO_WORKSPACE_MESSAGE = 'You are not a member of a team workspace.';

export const noWorkspace = () =>
  appError('NOT_FOUND', NO_WORKSPACE_MESSAGE, { appCode: ERROR_CODES.NO_WORKSPACE });

const select = {
  userId: true,
  role: true,
  messageCap: true,
  joinedAt: true,
  workspace: { select: { id: true, name: true, ownerId: true, createdAt: true } },
} as const;

/** The caller's membership, or null. A Team payer without a workspace yet gets it now (see provision.ts). */
export async function findMembership(db: DbLike, userId: string): Promise<Membership | null> {
  const found = await db.workspaceMember.findUnique({ where: { userId }, select });
  if (found) return found;
  const own = await ownSubscriptionFor(db, userId);
  if (!own || !(await ensureTeamWorkspace(db, own.id))) return null;
  return db.workspaceMember.findUnique({ where: { userId }, select });
}

export async function membershipOf(db: DbLike, userId: string): Promise<Membership> {
  const m = await findMembership(db, userId);
  if (!m) throw noWorkspace();
  return m;
}

const ROLE_WORDS: Record<WorkspaceRole, string> = {
  OWNER: 'the workspace owner',
  ADMIN: 'workspace owners and admins',
  MEMBER: 'workspace members',
};

/** 403 unless the caller has one of `roles` (listed from the least privileged that may). */
export function requireRole(m: Membership, roles: readonly WorkspaceRole[], what: string): void {
  if (!roles.includes(m.role)) {
    throw appError('FORBIDDEN', `Only ${ROLE_WORDS[roles[roles.length - 1]!]} can ${what}.`);
  }
}

export const MANAGERS: readonly WorkspaceRole[] = ['OWNER', 'ADMIN'];
export const OWNER_ONLY: readonly WorkspaceRole[] = ['OWNER'];
