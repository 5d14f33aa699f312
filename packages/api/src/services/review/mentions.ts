// Who a comment may @mention (issue 39): the workspace members who can see the artifact — its author; once shared,
// every member (shared with the workspace) or the people listed and the owners and admins (shared with people
// only). The comment box offers them (autocomplete) with the handle the server resolves: `@FirstName` when exactly
// one of them has that first name (and it is one word), else `@email`. Anyone else in a body is ignored
// (comments.ts: not notified, not mailed). The same list, over the whole workspace (`scope: 'workspace'`), is
// whom the author may share the artifact with (the Share row's picker).
import type { Db } from '@app/db';
import type { Services } from '../container.js';
import type { MentionScope } from '../../schemas/review.js';
import { seesShare } from '../artifacts/access.js';
import { MANAGERS, noWorkspace } from '../workspaces/access.js';
import { artifactAccess, displayName, forbidden, type ArtifactAccess } from './access.js';

export interface MentionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
}

const workspaceMembers = (db: Db, workspaceId: string) =>
  db.workspaceMember.findMany({
    where: { workspaceId },
    select: { role: true, user: { select: { id: true, email: true, firstName: true, lastName: true } } },
    orderBy: { joinedAt: 'asc' },
  });

/** The members of the artifact's workspace who can see it (the author alone while it is not shared). */
export async function visibleMembers(
  db: Db,
  access: Pick<ArtifactAccess, 'share' | 'workspaceId' | 'artifact'>,
): Promise<MentionUser[]> {
  if (!access.workspaceId) return [];
  const share = access.share;
  const [members, listed] = await Promise.all([
    workspaceMembers(db, access.workspaceId),
    share?.audience === 'MEMBERS'
      ? db.artifactShareMember.findMany({
          where: { artifactId: access.artifact.id },
          select: { userId: true },
        })
      : [],
  ]);
  const ids = new Set(listed.map((l) => l.userId));
  // Unshared, only its author sees the artifact: mentioning anyone else would mail a link they cannot open.
  return members
    .filter(
      (m) =>
        m.user.id === access.artifact.userId ||
        (share !== null && seesShare(share.audience, ids.has(m.user.id), MANAGERS.includes(m.role))),
    )
    .map((m) => m.user);
}

/** Users by lower-cased first name: `@Ann` names someone only when one of them is called Ann. */
export function byFirstName<U extends { firstName: string }>(users: U[]): Map<string, U[]> {
  const out = new Map<string, U[]>();
  for (const u of users) {
    const k = u.firstName.toLowerCase();
    out.set(k, [...(out.get(k) ?? []), u]);
  }
  return out;
}

const ONE_WORD = /^[\p{L}][\p{L}\p{N}_-]*$/u;

/** Every member of the workspace, for the author choosing whom to share with (403 to anyone else). */
async function shareCandidates(db: Db, access: ArtifactAccess): Promise<MentionUser[]> {
  if (!access.isAuthor) throw forbidden('Only the author can choose who this artifact is shared with.');
  if (!access.workspaceId) throw noWorkspace();
  return (await workspaceMembers(db, access.workspaceId)).map((m) => m.user);
}

/**
 * The members the caller may mention on the artifact (not themselves), each with the handle to type; with
 * `scope: 'workspace'`, the author's whole workspace (whom they may share it with).
 */
export async function mentionable(
  s: Pick<Services, 'db'>,
  userId: string,
  artifactId: string,
  scope: MentionScope = 'visible',
) {
  const access = await artifactAccess(s.db, userId, artifactId);
  const users =
    scope === 'workspace' ? await shareCandidates(s.db, access) : await visibleMembers(s.db, access);
  const first = byFirstName(users);
  return {
    members: users
      .filter((u) => u.id !== userId)
      .map((u) => ({
        userId: u.id,
        name: displayName(u),
        email: u.email,
        handle:
          ONE_WORD.test(u.firstName) && first.get(u.firstName.toLowerCase())?.length === 1
            ? u.firstName
            : u.email,
      })),
  };
}
