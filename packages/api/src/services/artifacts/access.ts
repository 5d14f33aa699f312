// Who may see and change an artifact (issues 12 and 39; docs/decisions/review.md). Its author, always. Once shared,
// the members of the workspace it is shared with: every one of them (audience WORKSPACE) or only the people listed
// (MEMBERS) and the workspace's owners and admins. A listed EDITOR also changes its content (edit, Fix, restore).
// Anyone else gets the same 404 as for a missing artifact; a reader who may not change it gets a 403.
import type { Db, Prisma, ShareAudience, ShareRole } from '@app/db';
import { appError, notFound } from '../../errors.js';
import { MANAGERS, findMembership, type Membership } from '../workspaces/access.js';

export const ARTIFACT_NOT_FOUND = 'Artifact not found';
export const NOT_AN_EDITOR_MESSAGE =
  'You can read this artifact but not change it: only its author and the editors it is shared with can.';

export interface AccessArtifact {
  id: string;
  userId: string;
  sessionId: string;
  kind: string;
  title: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export const artifactSelect = {
  id: true,
  userId: true,
  sessionId: true,
  kind: true,
  title: true,
  version: true,
  createdAt: true,
  updatedAt: true,
} as const;

export interface ArtifactAccess {
  artifact: AccessArtifact;
  /** The share (workspace, audience, tags), or null while the artifact is not shared. */
  share: { workspaceId: string; audience: ShareAudience; tags: string[]; createdAt: Date } | null;
  /** The caller's membership (null outside any workspace). */
  membership: Membership | null;
  isAuthor: boolean;
  /** The caller's listed role, while they are a member of the share's workspace (null: not listed). */
  listedRole: ShareRole | null;
  /** Changes the content: the author, or a listed editor. */
  isEditor: boolean;
  /** Owner or admin of the workspace the artifact belongs to (shared with, or the author's own). */
  isManager: boolean;
  /** The workspace the artifact's review happens in: the share's, else the author's (when a member). */
  workspaceId: string | null;
}

/** Whether someone in the share's workspace sees a shared artifact (the author always does). */
export const seesShare = (audience: ShareAudience, listed: boolean, manager: boolean) =>
  audience === 'WORKSPACE' || listed || manager;

/** The caller's access to an artifact: 404 (as for a missing one) when they may not see it. */
export async function artifactAccess(db: Db, userId: string, artifactId: string): Promise<ArtifactAccess> {
  const a = await db.artifact.findUnique({
    where: { id: artifactId },
    select: {
      ...artifactSelect,
      share: {
        select: {
          workspaceId: true,
          audience: true,
          tags: true,
          createdAt: true,
          members: { where: { userId }, select: { role: true } },
        },
      },
    },
  });
  if (!a) throw notFound(ARTIFACT_NOT_FOUND);
  const { share: row, ...artifact } = a;
  const isAuthor = a.userId === userId;
  const membership = await findMembership(db, userId);
  const inShareWorkspace = !!row && membership?.workspace.id === row.workspaceId;
  // A listed person counts only while they belong to the share's workspace.
  const listedRole = inShareWorkspace ? (row.members[0]?.role ?? null) : null;
  const workspaceId = row?.workspaceId ?? (isAuthor ? (membership?.workspace.id ?? null) : null);
  const isManager =
    !!membership && membership.workspace.id === workspaceId && MANAGERS.includes(membership.role);
  const sees = isAuthor || (inShareWorkspace && seesShare(row.audience, listedRole !== null, isManager));
  if (!sees) throw notFound(ARTIFACT_NOT_FOUND);
  const share = row
    ? { workspaceId: row.workspaceId, audience: row.audience, tags: row.tags, createdAt: row.createdAt }
    : null;
  return {
    artifact,
    share,
    membership,
    isAuthor,
    listedRole,
    isEditor: isAuthor || listedRole === 'EDITOR',
    isManager,
    workspaceId,
  };
}

/** The shares a member sees (the library, the storyboard): `seesShare` as a query, their own included. */
export function sharesVisibleTo(m: Membership): Prisma.ArtifactShareWhereInput {
  const workspaceId = m.workspace.id;
  if (MANAGERS.includes(m.role)) return { workspaceId };
  return {
    workspaceId,
    OR: [
      { audience: 'WORKSPACE' },
      { members: { some: { userId: m.userId } } },
      { artifact: { userId: m.userId } },
    ],
  };
}

type ArtifactRow = NonNullable<Awaited<ReturnType<Db['artifact']['findUnique']>>>;

/**
 * The artifact for a content change (edit, Fix, restore, the version list they start from): its author's, or one
 * shared with the caller as an editor. 404 to anyone who may not see it, 403 to a reader.
 */
export async function editableArtifact(db: Db, userId: string, artifactId: string): Promise<ArtifactRow> {
  const a = await db.artifact.findUnique({ where: { id: artifactId } });
  if (!a) throw notFound(ARTIFACT_NOT_FOUND);
  if (a.userId === userId) return a;
  const access = await artifactAccess(db, userId, artifactId);
  if (!access.isEditor) throw appError('FORBIDDEN', NOT_AN_EDITOR_MESSAGE);
  return a;
}
