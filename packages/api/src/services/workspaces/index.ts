// Team workspaces (issue 14): membership and roles (access.ts), the overview and member list (overview.ts),
// invites (invites.ts), member management (members.ts), seats (billing/seats.ts) and the workspace's usage log —
// the admin back office's log services under a workspace scope (services/admin/logs.ts).
import { appError } from '../../errors.js';
import type { AdminLogsExportInput, AdminLogsInput, AdminUsageAnalyticsInput } from '../../schemas/admin.js';
import { exportLogsCsv, listLogs, usageAnalytics } from '../admin/logs.js';
import type { AdminScope } from '../admin/scope.js';
import { setSeats, type SeatGuard } from '../billing/seats.js';
import type { Services } from '../container.js';
import { MANAGERS, OWNER_ONLY, membershipOf, requireRole } from './access.js';
import { teamPeriod } from './overview.js';
import { assertSeatFloor } from './seats.js';

export { currentWorkspace, listMembers } from './overview.js';
export { acceptInvite, inviteInfo, inviteMembers, resendInvite, revokeInvite } from './invites.js';
export {
  deleteWorkspace,
  leaveWorkspace,
  removeMember,
  renameWorkspace,
  transferOwnership,
  updateMember,
} from './members.js';
export { ensureTeamWorkspace, defaultWorkspaceName } from './provision.js';
export { findMembership, membershipOf, NO_WORKSPACE_MESSAGE } from './access.js';

/** The caller's workspace as an admin scope, for owners and admins only. */
async function usageScope(s: Services, userId: string): Promise<AdminScope> {
  const m = await membershipOf(s.db, userId);
  requireRole(m, MANAGERS, "see the team's usage");
  return { kind: 'workspace', workspaceId: m.workspace.id };
}

export async function workspaceLogs(s: Services, userId: string, input: AdminLogsInput) {
  return listLogs(s, await usageScope(s, userId), input);
}

export async function workspaceUsageAnalytics(s: Services, userId: string, input: AdminUsageAnalyticsInput) {
  return usageAnalytics(s, await usageScope(s, userId), input);
}

/** Resolves the scope (and its 404/403) before the first chunk, so refusals are ordinary errors. */
export async function workspaceLogsCsv(s: Services, userId: string, input: AdminLogsExportInput) {
  return exportLogsCsv(s, await usageScope(s, userId), input);
}

export async function setWorkspaceSeats(s: Services, userId: string, seats: number) {
  const m = await membershipOf(s.db, userId);
  requireRole(m, OWNER_ONLY, 'change seats');
  const period = await teamPeriod(s.db, m.workspace.id);
  if (!period) throw appError('CONFLICT', 'Your workspace has no Team subscription.');
  s.usage.current()?.attach({ workspaceId: m.workspace.id });
  // Never below the members plus pending invites, checked under the lock invites take (seats.ts).
  const guard: SeatGuard = (write) =>
    s.db.$transaction(async (tx) => {
      await assertSeatFloor(tx, m.workspace.id, seats);
      return write(tx);
    });
  return setSeats(s, period.sub, seats, guard);
}
