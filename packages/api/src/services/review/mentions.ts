// Who a comment may @mention (issue 39): the workspace members who can see the artifact — all of them once it is
// shared, only its author before. The comment box offers them (autocomplete) with the handle the server resolves:
// `@FirstName` when exactly one of them has that first name (and it is one word), else `@email`. Anyone else in a
// body is ignored (comments.ts: not notified, not mailed).
import type { Db } from '@app/db';
import type { Services } from '../container.js';
import { artifactAccess, displayName, type ArtifactAccess } from './access.js';

export interface MentionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
}

/** The members of the artifact's workspace who can see it (the author alone while it is not shared). */
export async function visibleMembers(
  db: Db,
  access: Pick<ArtifactAccess, 'share' | 'workspaceId' | 'artifact'>,
): Promise<MentionUser[]> {
  if (!access.workspaceId) return [];
  const members = await db.workspaceMember.findMany({
    where: { workspaceId: access.workspaceId },
    select: { user: { select: { id: true, email: true, firstName: true, lastName: true } } },
    orderBy: { joinedAt: 'asc' },
  });
  // Unshared, only its author sees the artifact: mentioning anyone else would mail a link they cannot open.
  return members.map((m) => m.user).filter((u) => access.share !== null || u.id === access.artifact.userId);
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

/** The members the caller may mention on the artifact (not themselves), each with the handle to type. */
export async function mentionable(s: Pick<Services, 'db'>, userId: string, artifactId: string) {
  const access = await artifactAccess(s.db, userId, artifactId);
  const users = await visibleMembers(s.db, access);
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
