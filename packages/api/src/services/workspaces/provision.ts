// A Team subscription gets its workspace: the paying user becomes its OWNER with the subscription's seats. Run by
// the billing sync whenever a subscription is (or becomes) Team, and lazily on the first workspace call (so a
// Team trial started at registration, which does not pass through the sync, gets one too). Safe to repeat and
// to race: the membership's unique userId lets one creation win, and the link only fills an empty workspaceId.
import { Prisma } from '@app/db';
import { SENDING_STATUSES } from '../../plans/catalogue.js';
import { TEAM_PLAN_ID, type DbLike } from '../billing/subscription.js';

/** The name a new workspace gets: "Ada Lovelace's team". */
export function defaultWorkspaceName(u: { firstName: string; lastName: string | null }): string {
  const who = [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || 'My';
  return `${who}'s team`.slice(0, 100);
}

const isUniqueViolation = (err: unknown) =>
  err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

/**
 * Makes sure the Team subscription `subscriptionId` belongs to a workspace its payer owns. Returns the workspace
 * id, or null when there is nothing to do (not a live Team subscription) or it cannot be done (the payer is a member of another
 * team — they must leave it first; logged by the caller if it matters).
 */
export async function ensureTeamWorkspace(db: DbLike, subscriptionId: string): Promise<string | null> {
  const sub = await db.subscription.findUnique({
    where: { id: subscriptionId },
    select: {
      id: true,
      planId: true,
      status: true,
      workspaceId: true,
      userId: true,
      user: { select: { firstName: true, lastName: true, workspaceMember: true } },
    },
  });
  // Only a live Team subscription makes a workspace: an ended one whose workspace the owner deleted must not
  // bring it back on the next page load.
  if (!sub || sub.planId !== TEAM_PLAN_ID || !SENDING_STATUSES.has(sub.status)) return null;
  if (sub.workspaceId) return sub.workspaceId;
  let member = sub.user.workspaceMember;
  if (!member) {
    try {
      // One nested write: the workspace and its OWNER membership are created together or not at all.
      const ws = await db.workspace.create({
        data: {
          name: defaultWorkspaceName(sub.user),
          ownerId: sub.userId,
          members: { create: { userId: sub.userId, role: 'OWNER' } },
        },
        select: { id: true, members: true },
      });
      member = ws.members[0]!;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      member = await db.workspaceMember.findUnique({ where: { userId: sub.userId } });
    }
  }
  if (!member || member.role !== 'OWNER') return null;
  // A workspace pays through one subscription: an owner's earlier one (before a downgrade) keeps the link.
  const taken = await db.subscription.findUnique({ where: { workspaceId: member.workspaceId } });
  if (taken && taken.id !== sub.id) return null;
  await db.subscription.updateMany({
    where: { id: sub.id, workspaceId: null },
    data: { workspaceId: member.workspaceId },
  });
  return member.workspaceId;
}
