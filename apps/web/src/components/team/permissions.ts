// What each workspace role may do on /team (issue 14: owner — billing, delete, transfer; admin — invite, remove,
// change roles below owner, see usage; member — use the assistant). The server checks every procedure itself;
// these only decide which controls the page shows, so a member never sees buttons that would answer 403.
export type WorkspaceRole = 'OWNER' | 'ADMIN' | 'MEMBER';

export const ROLE_LABELS: Record<WorkspaceRole, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  MEMBER: 'Member',
};

/** Roles an invite or a role change may give: ownership only moves by transfer. */
export const ASSIGNABLE_ROLES = ['MEMBER', 'ADMIN'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const isManager = (role: WorkspaceRole | undefined) => role === 'OWNER' || role === 'ADMIN';
export const isOwner = (role: WorkspaceRole | undefined) => role === 'OWNER';

export const canInvite = isManager;
export const canSeeUsage = isManager;
/** Seats are billing: the owner's. */
export const canManageSeats = isOwner;
export const canTransfer = isOwner;
export const canRename = isOwner;
/** Deleting the workspace is the owner's (the server also requires the Team subscription to have ended). */
export const canDeleteWorkspace = isOwner;
/** Per-member message caps are the owner's (issue 14: "The owner can set a per-member message cap"). */
export const canSetCaps = isOwner;
/** The owner cannot leave: they transfer ownership (or cancel the team) first. */
export const canLeave = (role: WorkspaceRole | undefined) => role === 'ADMIN' || role === 'MEMBER';

/** Whether `actor` may change `target`'s role or remove them: managers act on anyone below owner but themselves. */
export function canManageMember(
  actor: { role: WorkspaceRole; userId: string },
  target: { role: WorkspaceRole; userId: string },
): boolean {
  return isManager(actor.role) && target.role !== 'OWNER' && target.userId !== actor.userId;
}
