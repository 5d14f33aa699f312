// Status bound to a version (issue 39): Draft → In review → Changes requested → Approved. The stored row keeps
// the status and the version it was set on; an APPROVED row older than the latest version reads as In review
// (an edit after approval — any edit path: edit, revise, Fix, restore), with the changes since the approved
// version (the artifacts' own diff). Approval records who, when and which version.
import type { Db } from '@app/db';
import type { Services } from '../container.js';
import { REVIEW_STATUS_LABELS, type ReviewStatus } from '../../schemas/review.js';
import { diffArtifactData, type ArtifactChange } from '../artifacts/diff.js';
import { recordActivity } from './activity.js';
import { artifactAccess, displayName, forbidden, notLatestError, type ReviewArtifact } from './access.js';
import { notify } from './notifications.js';

export interface ApprovalView {
  version: number;
  approverName: string;
  approverEmail: string;
  /** true for an outside reviewer. */
  byReviewer: boolean;
  createdAt: Date;
}

export interface ReviewState {
  status: ReviewStatus;
  /** The version the status is about (the latest for In review after an edit). */
  statusVersion: number;
  /** The last approved version (null before any approval). */
  approvedVersion: number | null;
  /** The latest approval is of an older version: the artifact changed since. */
  changedSinceApproval: boolean;
  /** What changed between the last approved version and the latest (empty when none). */
  changesSinceApproval: ArtifactChange[];
  approvals: ApprovalView[];
}

export async function reviewStateOf(db: Db, a: Pick<ReviewArtifact, 'id' | 'version'>): Promise<ReviewState> {
  const [row, approvals] = await Promise.all([
    db.artifactReview.findUnique({ where: { artifactId: a.id } }),
    db.artifactApproval.findMany({ where: { artifactId: a.id }, orderBy: { createdAt: 'desc' }, take: 50 }),
  ]);
  let status = (row?.status as ReviewStatus | undefined) ?? 'DRAFT';
  let statusVersion = row?.version ?? a.version;
  const approvedVersion = approvals[0]?.version ?? null;
  const changedSinceApproval = approvedVersion !== null && approvedVersion < a.version;
  if (status === 'APPROVED' && statusVersion < a.version) {
    status = 'IN_REVIEW';
    statusVersion = a.version;
  }
  let changesSinceApproval: ArtifactChange[] = [];
  if (changedSinceApproval) {
    const [before, after] = await Promise.all(
      [approvedVersion, a.version].map((version) =>
        db.artifactVersion.findUnique({
          where: { artifactId_version: { artifactId: a.id, version } },
          select: { data: true },
        }),
      ),
    );
    if (before && after) changesSinceApproval = diffArtifactData(before.data, after.data);
  }
  return {
    status,
    statusVersion,
    approvedVersion,
    changedSinceApproval,
    changesSinceApproval,
    approvals: approvals.map((x) => ({
      version: x.version,
      approverName: x.approverName,
      approverEmail: x.approverEmail,
      byReviewer: x.reviewerId !== null,
      createdAt: x.createdAt,
    })),
  };
}

/** Approves `version` (must be the latest) as a member (userId) or an outside reviewer (reviewerId). */
export async function approveVersion(
  s: Pick<Services, 'db' | 'usage'>,
  a: ReviewArtifact,
  workspaceId: string | null,
  approver: { userId?: string; reviewerId?: string; name: string; email: string },
  version: number,
) {
  if (version !== a.version) throw notLatestError(a.version);
  await s.db.$transaction([
    s.db.artifactApproval.create({
      data: {
        artifactId: a.id,
        version,
        userId: approver.userId ?? null,
        reviewerId: approver.reviewerId ?? null,
        approverName: approver.name,
        approverEmail: approver.email,
      },
    }),
    s.db.artifactReview.upsert({
      where: { artifactId: a.id },
      create: { artifactId: a.id, status: 'APPROVED', version, changedById: approver.userId ?? null },
      update: { status: 'APPROVED', version, changedById: approver.userId ?? null },
    }),
  ]);
  await recordActivity(s, {
    artifactId: a.id,
    workspaceId,
    type: 'approved',
    actorId: approver.userId ?? null,
    reviewerId: approver.reviewerId ?? null,
    actorName: approver.name,
    details: `Approved version ${version}`,
    version,
  });
  if (approver.userId !== a.userId)
    await notify(s.db, a.userId, {
      type: 'approved',
      artifactId: a.id,
      text: `${approver.name} approved version ${version} of "${a.title}"`,
    });
}

/**
 * Who may set which status (docs/decisions/review.md): the author and the workspace's owners/admins move it to
 * Draft or In review; only owners/admins request changes or approve (outside reviewers do both by their link).
 */
export async function setStatus(
  s: Pick<Services, 'db' | 'usage'>,
  userId: string,
  input: { artifactId: string; status: ReviewStatus; version: number },
) {
  const access = await artifactAccess(s.db, userId, input.artifactId);
  const a = access.artifact;
  const mayMove = access.isAuthor || access.isManager;
  if (input.status === 'DRAFT' || input.status === 'IN_REVIEW') {
    if (!mayMove) throw forbidden('Only the author and workspace owners and admins can change the status.');
  } else if (!access.isManager) {
    throw forbidden(
      input.status === 'APPROVED'
        ? 'Only workspace owners and admins (or an invited reviewer) can approve.'
        : 'Only workspace owners and admins can request changes.',
    );
  }
  if (input.version !== a.version) throw notLatestError(a.version);
  const me = await s.db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { firstName: true, lastName: true, email: true },
  });
  const name = displayName(me);
  if (input.status === 'APPROVED') {
    await approveVersion(s, a, access.workspaceId, { userId, name, email: me.email }, input.version);
  } else {
    await changeStatus(s, a, access.workspaceId, { userId, name }, input.status, input.version);
  }
  return reviewStateOf(s.db, a);
}

/**
 * Stores a status other than Approved on `version` (the caller checked it is the latest and who may), as a member
 * (userId) or an outside reviewer (reviewerId): the activity entry and, for anyone but the author, their notice.
 */
export async function changeStatus(
  s: Pick<Services, 'db' | 'usage'>,
  a: ReviewArtifact,
  workspaceId: string | null,
  actor: { userId?: string; reviewerId?: string; name: string },
  status: Exclude<ReviewStatus, 'APPROVED'>,
  version: number,
) {
  const changedById = actor.userId ?? null;
  await s.db.artifactReview.upsert({
    where: { artifactId: a.id },
    create: { artifactId: a.id, status, version, changedById },
    update: { status, version, changedById },
  });
  await recordActivity(s, {
    artifactId: a.id,
    workspaceId,
    type: 'status_changed',
    actorId: changedById,
    reviewerId: actor.reviewerId ?? null,
    actorName: actor.name,
    details: `${REVIEW_STATUS_LABELS[status]} (version ${version})`,
    version,
  });
  if (actor.userId !== a.userId)
    await notify(s.db, a.userId, {
      type: 'status',
      artifactId: a.id,
      text: `${actor.name} set "${a.title}" to ${REVIEW_STATUS_LABELS[status]}`,
    });
}
