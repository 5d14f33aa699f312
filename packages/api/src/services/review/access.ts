// Who may see and do what with an artifact in review (issue 39; docs/decisions/review.md). An artifact is seen by
// its author and, once shared, by every member of the workspace it is shared with; anyone else gets the same 404 as
// for a missing artifact. Editors (content) are the author; approvers are the workspace's owners and admins (and
// invited reviewers, through their link: reviewers.ts).
import type { Db } from '@app/db';
import { appError, notFound } from '../../errors.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';
import { ARTIFACT_NOT_FOUND } from '../artifacts/service.js';
import { MANAGERS, findMembership, type Membership } from '../workspaces/access.js';

export interface ReviewArtifact {
  id: string;
  userId: string;
  sessionId: string;
  kind: string;
  title: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface ArtifactAccess {
  artifact: ReviewArtifact;
  /** The workspace it is shared with, or null. */
  share: { workspaceId: string; tags: string[]; createdAt: Date } | null;
  /** The caller's membership (null outside any workspace). */
  membership: Membership | null;
  isAuthor: boolean;
  /** Owner or admin of the workspace the artifact belongs to (shared with, or the author's own). */
  isManager: boolean;
  /** The workspace the artifact's review happens in: the share's, else the author's (when a member). */
  workspaceId: string | null;
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

export const displayName = (u: { firstName: string; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');

/** The caller's access to an artifact: 404 (as for a missing one) when they may not see it. */
export async function artifactAccess(db: Db, userId: string, artifactId: string): Promise<ArtifactAccess> {
  const a = await db.artifact.findUnique({
    where: { id: artifactId },
    select: { ...artifactSelect, share: { select: { workspaceId: true, tags: true, createdAt: true } } },
  });
  if (!a) throw notFound(ARTIFACT_NOT_FOUND);
  const { share, ...artifact } = a;
  const isAuthor = a.userId === userId;
  const membership = await findMembership(db, userId);
  const inShareWorkspace = !!share && membership?.workspace.id === share.workspaceId;
  if (!isAuthor && !inShareWorkspace) throw notFound(ARTIFACT_NOT_FOUND);
  const workspaceId = share?.workspaceId ?? (isAuthor ? (membership?.workspace.id ?? null) : null);
  const isManager =
    !!membership && membership.workspace.id === workspaceId && MANAGERS.includes(membership.role);
  return { artifact, share: share ?? null, membership, isAuthor, isManager, workspaceId };
}

export const forbidden = (message: string) => appError('FORBIDDEN', message);

/** 409 for a status or approval about any version but the latest. */
export const notLatestError = (latest: number) =>
  appError(
    'CONFLICT',
    `Only the latest version (${latest}) can be approved or given a status. Reload to see it.`,
    {
      appCode: ERROR_CODES.VERSION_NOT_LATEST,
      extra: { latestVersion: latest },
    },
  );
