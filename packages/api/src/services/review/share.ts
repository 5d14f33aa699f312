// Sharing (issue 39): the author shares an artifact (and its session, for the storyboard) in their workspace —
// with every member (`workspace: true`), and/or with the people they list, each a viewer or an editor — or
// unshares it; the author's own copy stays either way. `members` replaces the list (absent: it stays);
// `{workspace: false}` with no one listed unshares, the list with it. The workspace's owners and admins may
// unshare too, but only the author chooses who sees it (and its tags).
import { Prisma, type Db, type ShareRole } from '@app/db';
import type { Services } from '../container.js';
import { badRequest } from '../../errors.js';
import type { ShareMemberInput } from '../../schemas/review.js';
import { noWorkspace, type Membership } from '../workspaces/access.js';
import { recordActivity } from './activity.js';
import { artifactAccess, displayName, forbidden } from './access.js';
import { reviewStateOf } from './status.js';

type ShareDeps = Pick<Services, 'db' | 'usage'>;

export async function shareArtifact(
  s: ShareDeps,
  userId: string,
  input: { artifactId: string; workspace: boolean; members?: ShareMemberInput[]; tags?: string[] },
) {
  const access = await artifactAccess(s.db, userId, input.artifactId);
  const a = access.artifact;
  if (!input.workspace && !input.members?.length) {
    if (!access.isAuthor && !access.isManager)
      throw forbidden('Only the author and workspace owners and admins can unshare this artifact.');
    if (access.share) {
      await s.db.artifactShare.delete({ where: { artifactId: a.id } });
      await activity(s, userId, a.id, access.share.workspaceId, 'unshared', null);
    }
    // A manager who unshared someone else's artifact no longer sees it.
    if (!access.isAuthor) return { artifactId: a.id, shared: false as const };
    return shareState(s, userId, a.id);
  }
  if (!access.isAuthor)
    throw forbidden('Only the author can share this artifact and choose who it is shared with.');
  const m = access.membership;
  if (!m) throw noWorkspace();
  const members = input.members && checkedMembers(userId, input.members);
  const tags = input.tags ? [...new Set(input.tags)] : undefined;
  const audience = input.workspace ? 'WORKSPACE' : 'MEMBERS';
  const before = access.share ? await listedPeople(s.db, a.id, m.workspace.id) : [];
  await s.db.$transaction(async (tx) => {
    await tx.artifactShare.upsert({
      where: { artifactId: a.id },
      create: {
        artifactId: a.id,
        workspaceId: m.workspace.id,
        sharedById: userId,
        audience,
        tags: tags ?? [],
      },
      update: { workspaceId: m.workspace.id, audience, ...(tags ? { tags } : {}) },
    });
    if (!members) return;
    // The people stay members until this commits: their membership rows are locked, so a removal waits for us
    // and then takes their new rows with it (workspaces/members.ts ends the membership first). One removed in
    // the meantime, or never a member, is refused here (400) rather than listed.
    const ids = members.map((x) => x.userId);
    const still = await tx.$queryRaw<{ userId: string }[]>(Prisma.sql`
      SELECT "userId" FROM "WorkspaceMember"
      WHERE "workspaceId" = ${m.workspace.id} AND "userId" = ANY(${ids}::text[]) FOR SHARE`);
    if (still.length !== new Set(ids).size)
      throw notMembers(
        m,
        ids,
        still.map((r) => r.userId),
      );
    await tx.artifactShareMember.deleteMany({
      where: { artifactId: a.id, userId: { notIn: ids } },
    });
    for (const x of members)
      await tx.artifactShareMember.upsert({
        where: { artifactId_userId: { artifactId: a.id, userId: x.userId } },
        create: { artifactId: a.id, userId: x.userId, role: x.role, addedById: userId },
        update: { role: x.role },
      });
  });
  const after = members ? await listedPeople(s.db, a.id, m.workspace.id) : before;
  if (!access.share) {
    await activity(s, userId, a.id, m.workspace.id, 'shared', sharedWith(audience === 'WORKSPACE', after));
  } else {
    const changes = accessChanges(access.share.audience === 'WORKSPACE', input.workspace, before, after);
    if (changes) await activity(s, userId, a.id, m.workspace.id, 'access_changed', changes);
  }
  return shareState(s, userId, a.id);
}

/** The listed people, other than the author: 400 otherwise (their membership is checked as the list is saved). */
function checkedMembers(authorId: string, list: ShareMemberInput[]) {
  if (list.some((x) => x.userId === authorId))
    throw badRequest('The author always edits their artifact: list other members only.');
  return list;
}

/** 400: people listed who are not members of the author's workspace. */
function notMembers(m: Membership, ids: string[], members: string[]) {
  const known = new Set(members);
  const unknown = [...new Set(ids.filter((id) => !known.has(id)))];
  return badRequest(
    `Only members of ${m.workspace.name} can be listed; ${unknown.length === 1 ? 'this one is' : 'these are'} not: ${unknown.join(', ')}`,
  );
}

export interface SharedPerson {
  userId: string;
  name: string;
  email: string;
  role: ShareRole;
}

/** The people listed on the artifact's share who are (still) members of its workspace, in the order listed. */
export async function listedPeople(db: Db, artifactId: string, workspaceId: string): Promise<SharedPerson[]> {
  const rows = await db.artifactShareMember.findMany({
    where: { artifactId, user: { workspaceMember: { workspaceId } } },
    orderBy: { createdAt: 'asc' },
    select: { role: true, user: { select: { id: true, email: true, firstName: true, lastName: true } } },
  });
  return rows.map((r) => ({
    userId: r.user.id,
    name: displayName(r.user),
    email: r.user.email,
    role: r.role,
  }));
}

const roleWord = (r: ShareRole) => (r === 'EDITOR' ? 'editor' : 'viewer');
const personWith = (p: SharedPerson) => `${p.name} (${roleWord(p.role)})`;

/** "with the workspace", "with Sam Tester (editor), …" — an activity entry's details. */
const sharedWith = (workspace: boolean, people: SharedPerson[]) =>
  ['with', [...(workspace ? ['the workspace'] : []), ...people.map(personWith)].join(', ')].join(' ');

/** What a share call changed (the workspace's access, people added, removed or given another role), or null. */
function accessChanges(
  wasWorkspace: boolean,
  isWorkspace: boolean,
  before: SharedPerson[],
  after: SharedPerson[],
) {
  const old = new Map(before.map((p) => [p.userId, p]));
  const now = new Set(after.map((p) => p.userId));
  const parts = [
    ...(wasWorkspace !== isWorkspace ? [isWorkspace ? 'the workspace added' : 'the workspace removed'] : []),
    ...after.flatMap((p) => {
      const was = old.get(p.userId);
      if (!was) return [`${personWith(p)} added`];
      return was.role === p.role ? [] : [`${p.name} now ${roleWord(p.role)}`];
    }),
    ...before.filter((p) => !now.has(p.userId)).map((p) => `${p.name} removed`),
  ];
  return parts.length ? parts.join('; ') : null;
}

async function activity(
  s: ShareDeps,
  userId: string,
  artifactId: string,
  workspaceId: string,
  type: 'shared' | 'unshared' | 'access_changed',
  details: string | null,
) {
  const me = await s.db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { firstName: true, lastName: true },
  });
  await recordActivity(s, {
    artifactId,
    workspaceId,
    type,
    actorId: userId,
    actorName: displayName(me),
    details,
  });
}

/** What the artifact card needs: shared (with whom) or not, what the caller may do, the status and approvals. */
export async function shareState(s: Pick<Services, 'db'>, userId: string, artifactId: string) {
  const access = await artifactAccess(s.db, userId, artifactId);
  const [review, workspace, openComments, people] = await Promise.all([
    reviewStateOf(s.db, access.artifact),
    access.workspaceId
      ? s.db.workspace.findUnique({ where: { id: access.workspaceId }, select: { name: true } })
      : null,
    s.db.artifactComment.count({ where: { artifactId, parentId: null, resolvedAt: null } }),
    access.share ? listedPeople(s.db, artifactId, access.share.workspaceId) : [],
  ]);
  return {
    artifactId,
    shared: access.share !== null,
    /** WORKSPACE: every member sees it; MEMBERS: only the people listed (and owners and admins); null: unshared. */
    audience: access.share?.audience ?? null,
    members: people,
    tags: access.share?.tags ?? [],
    workspaceName: workspace?.name ?? null,
    latestVersion: access.artifact.version,
    openComments,
    /** The caller's role: the author, a listed editor or viewer, or a reader (the workspace, an owner or admin). */
    role: access.isAuthor ? ('AUTHOR' as const) : (access.listedRole ?? ('READER' as const)),
    can: {
      share: access.isAuthor && access.membership !== null,
      edit: access.isEditor,
      approve: access.isManager,
      requestChanges: access.isManager,
      submit: access.isAuthor || access.isManager,
      inviteReviewers: (access.isAuthor || access.isManager) && access.workspaceId !== null,
    },
    review,
  };
}
