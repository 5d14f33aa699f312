// Outside reviewers (issue 39): the author or a workspace owner/admin invites an email address to one artifact.
// The mailed link (APP_URL/review/<token>) is the reviewer's only credential: single artifact, read + comment +
// approve, no account and no seat, valid REVIEWER_TTL_DAYS, revocable; only the token's SHA-256 is stored and the
// API answers the invitation without it. Invites are rate limited per inviting user.
import type { Db } from '@app/db';
import type { Services } from '../container.js';
import { appError, notFound } from '../../errors.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';
import { REVIEWER_TTL_DAYS } from '../../schemas/review.js';
import { noWorkspace } from '../workspaces/access.js';
import { hashInviteToken, newInviteToken } from '../workspaces/tokens.js';
import { recordActivity } from './activity.js';
import { artifactAccess, artifactSelect, displayName, forbidden, notLatestError } from './access.js';
import { commentsOf, createComment } from './comments.js';
import { reviewerInviteEmail } from './mail.js';
import { approveVersion, changeStatus, reviewStateOf } from './status.js';

const DAY_MS = 86_400_000;
export const INVALID_REVIEW_LINK = 'This review link is not valid. Ask whoever invited you for a new one.';

export type ReviewerStatus = 'active' | 'expired' | 'revoked';
export interface ReviewerView {
  id: string;
  email: string;
  status: ReviewerStatus;
  expiresAt: Date;
  lastSeenAt: Date | null;
  createdAt: Date;
}

const statusOf = (r: { revokedAt: Date | null; expiresAt: Date }, now = new Date()): ReviewerStatus =>
  r.revokedAt ? 'revoked' : r.expiresAt <= now ? 'expired' : 'active';

const toView = (r: {
  id: string;
  email: string;
  revokedAt: Date | null;
  expiresAt: Date;
  lastSeenAt: Date | null;
  createdAt: Date;
}): ReviewerView => ({
  id: r.id,
  email: r.email,
  status: statusOf(r),
  expiresAt: r.expiresAt,
  lastSeenAt: r.lastSeenAt,
  createdAt: r.createdAt,
});

async function managingAccess(s: Pick<Services, 'db'>, userId: string, artifactId: string) {
  const access = await artifactAccess(s.db, userId, artifactId);
  if (!access.isAuthor && !access.isManager)
    throw forbidden('Only the author and workspace owners and admins can invite or revoke reviewers.');
  return access;
}

export async function listReviewers(s: Pick<Services, 'db'>, userId: string, artifactId: string) {
  const access = await artifactAccess(s.db, userId, artifactId);
  const rows = await s.db.artifactReviewer.findMany({
    where: { artifactId: access.artifact.id },
    orderBy: { createdAt: 'desc' },
  });
  return { reviewers: rows.map(toView) };
}

export async function inviteReviewer(
  s: Pick<Services, 'config' | 'db' | 'mailer' | 'rateLimiter' | 'usage'>,
  userId: string,
  input: { artifactId: string; email: string; message?: string },
) {
  const access = await managingAccess(s, userId, input.artifactId);
  if (!access.workspaceId) throw noWorkspace();
  const workspaceId = access.workspaceId;
  const member = await s.db.workspaceMember.findFirst({
    where: { workspaceId, user: { email: input.email } },
    select: { id: true },
  });
  if (member)
    throw appError(
      'CONFLICT',
      `${input.email} is a member of this workspace: share the artifact with the workspace instead.`,
    );
  await s.rateLimiter.consume('reviewerInvite', userId);
  const { token, tokenHash } = newInviteToken();
  const row = await s.db.artifactReviewer.create({
    data: {
      artifactId: access.artifact.id,
      workspaceId,
      email: input.email,
      message: input.message || null,
      tokenHash,
      expiresAt: new Date(Date.now() + REVIEWER_TTL_DAYS * DAY_MS),
      invitedById: userId,
    },
  });
  const [inviter, workspace] = await Promise.all([
    s.db.user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, lastName: true } }),
    s.db.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { name: true } }),
  ]);
  const inviterName = displayName(inviter);
  // Like every mail link, from the configured APP_URL — never the request's Host.
  s.mailer.enqueue(
    reviewerInviteEmail({
      to: input.email,
      inviterName,
      workspaceName: workspace.name,
      artifactTitle: access.artifact.title,
      message: input.message || null,
      url: `${s.config.appUrl}/review/${token}`,
      validDays: REVIEWER_TTL_DAYS,
    }),
  );
  await recordActivity(s, {
    artifactId: access.artifact.id,
    workspaceId,
    type: 'reviewer_invited',
    actorId: userId,
    actorName: inviterName,
    details: input.email,
  });
  return { reviewer: toView(row) };
}

export async function revokeReviewer(
  s: Pick<Services, 'db' | 'usage'>,
  userId: string,
  input: { artifactId: string; reviewerId: string },
) {
  const access = await managingAccess(s, userId, input.artifactId);
  const r = await s.db.artifactReviewer.findFirst({
    where: { id: input.reviewerId, artifactId: access.artifact.id },
  });
  if (!r) throw notFound('Reviewer not found');
  const row = r.revokedAt
    ? r
    : await s.db.artifactReviewer.update({ where: { id: r.id }, data: { revokedAt: new Date() } });
  if (!r.revokedAt) {
    const me = await s.db.user.findUniqueOrThrow({
      where: { id: userId },
      select: { firstName: true, lastName: true },
    });
    await recordActivity(s, {
      artifactId: access.artifact.id,
      workspaceId: access.workspaceId,
      type: 'reviewer_revoked',
      actorId: userId,
      actorName: displayName(me),
      details: r.email,
    });
  }
  return { reviewer: toView(row) };
}

/** The reviewer behind a link: 404 unknown, 410 revoked or expired. */
async function reviewerByToken(db: Db, token: string) {
  const r = await db.artifactReviewer.findUnique({
    where: { tokenHash: hashInviteToken(token) },
    include: { artifact: { select: artifactSelect } },
  });
  if (!r) throw appError('NOT_FOUND', INVALID_REVIEW_LINK, { appCode: ERROR_CODES.INVALID_TOKEN });
  const status = statusOf(r);
  if (status === 'revoked')
    throw appError('BAD_REQUEST', 'This review link was revoked. Ask whoever invited you for a new one.', {
      appCode: ERROR_CODES.REVIEW_LINK_REVOKED,
      httpStatus: 410,
    });
  if (status === 'expired')
    throw appError('BAD_REQUEST', 'This review link has expired. Ask whoever invited you for a new one.', {
      appCode: ERROR_CODES.REVIEW_LINK_EXPIRED,
      httpStatus: 410,
    });
  return r;
}

/** The focused review page: the current version with its comments, status and approvals. */
export async function reviewPage(s: Pick<Services, 'db' | 'usage'>, token: string) {
  const r = await reviewerByToken(s.db, token);
  const a = r.artifact;
  const [v, workspace, inviter, comments, review] = await Promise.all([
    s.db.artifactVersion.findUniqueOrThrow({
      where: { artifactId_version: { artifactId: a.id, version: a.version } },
      select: { data: true, title: true, createdAt: true },
    }),
    s.db.workspace.findUnique({ where: { id: r.workspaceId }, select: { name: true } }),
    r.invitedById
      ? s.db.user.findUnique({ where: { id: r.invitedById }, select: { firstName: true, lastName: true } })
      : null,
    commentsOf(s.db, a.id, { kind: 'reviewer', reviewerId: r.id, name: r.email }),
    reviewStateOf(s.db, a),
  ]);
  await s.db.artifactReviewer.update({ where: { id: r.id }, data: { lastSeenAt: new Date() } });
  s.usage.current()?.attach({ workspaceId: r.workspaceId, details: `Reviewer ${r.email} opened ${a.id}` });
  return {
    reviewer: { email: r.email, expiresAt: r.expiresAt, message: r.message },
    workspaceName: workspace?.name ?? null,
    inviterName: inviter ? displayName(inviter) : null,
    artifact: {
      id: a.id,
      kind: a.kind,
      title: v.title,
      version: a.version,
      data: v.data,
      updatedAt: v.createdAt,
    },
    review,
    ...comments,
  };
}

export async function reviewerComment(
  s: Pick<Services, 'config' | 'db' | 'mailer' | 'rateLimiter' | 'usage'>,
  input: { token: string; body: string; target?: string | null; parentId?: string | null },
) {
  const r = await reviewerByToken(s.db, input.token);
  const share = await s.db.artifactShare.findUnique({
    where: { artifactId: r.artifactId },
    select: { workspaceId: true, audience: true, tags: true, createdAt: true },
  });
  return createComment(
    s,
    { artifact: r.artifact, share, workspaceId: r.workspaceId },
    { kind: 'reviewer', reviewerId: r.id, name: r.email },
    input,
  );
}

export async function reviewerApprove(
  s: Pick<Services, 'db' | 'usage'>,
  input: { token: string; version: number },
) {
  const r = await reviewerByToken(s.db, input.token);
  await approveVersion(
    s,
    r.artifact,
    r.workspaceId,
    { reviewerId: r.id, name: r.email, email: r.email },
    input.version,
  );
  return reviewStateOf(s.db, r.artifact);
}

/** The reviewer asks for changes to `version` (409 unless it is the latest): Changes requested, bound to it. */
export async function reviewerRequestChanges(
  s: Pick<Services, 'db' | 'usage'>,
  input: { token: string; version: number },
) {
  const r = await reviewerByToken(s.db, input.token);
  if (input.version !== r.artifact.version) throw notLatestError(r.artifact.version);
  await changeStatus(
    s,
    r.artifact,
    r.workspaceId,
    { reviewerId: r.id, name: r.email },
    'CHANGES_REQUESTED',
    input.version,
  );
  return reviewStateOf(s.db, r.artifact);
}
