// Team workspaces (issue 14): membership and roles (access.ts), the overview and member list (overview.ts),
// invites (invites.ts), member management (members.ts) and seats (billing/seats.ts). The workspace's usage log is
// services/usage/team.ts.
import { appError } from '../../errors.js';
import { setSeats, type SeatGuard } from '../billing/seats.js';
import type { Services } from '../container.js';
import { OWNER_ONLY, membershipOf, requireRole } from './access.js';
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

export async function setWorkspaceSeats(
  s: Pick<Services, 'billing' | 'db' | 'usage'>,
  userId: string,
  seats: number,
) {
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
