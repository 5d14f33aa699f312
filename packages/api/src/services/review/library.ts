// Sharing and the workspace library (issue 39). The author shares an artifact (and its session, for the
// storyboard) with their workspace, or unshares it — the author's own copy stays either way. Every member sees
// what is shared with the workspace at /team/library: search by title, filter by kind, status, owner and tag,
// newest (latest change) first.
import type { Services } from '../container.js';
import { LIBRARY_PAGE_SIZE, type LibraryInput, type ReviewStatus } from '../../schemas/review.js';
import type { ArtifactKind } from '../../schemas/artifacts.js';
import { getArtifact, type ArtifactServiceDeps } from '../artifacts/service.js';
import { membershipOf, noWorkspace } from '../workspaces/access.js';
import { recordActivity } from './activity.js';
import { artifactAccess, displayName, forbidden } from './access.js';
import { reviewStateOf, type ReviewState } from './status.js';

export async function shareArtifact(
  s: Pick<Services, 'db' | 'usage'>,
  userId: string,
  input: { artifactId: string; workspace: boolean; tags?: string[] },
) {
  const access = await artifactAccess(s.db, userId, input.artifactId);
  const a = access.artifact;
  if (input.workspace) {
    if (!access.isAuthor) throw forbidden('Only the author can share this artifact.');
    const m = access.membership;
    if (!m) throw noWorkspace();
    const tags = input.tags ? [...new Set(input.tags)] : undefined;
    await s.db.artifactShare.upsert({
      where: { artifactId: a.id },
      create: { artifactId: a.id, workspaceId: m.workspace.id, sharedById: userId, tags: tags ?? [] },
      update: { workspaceId: m.workspace.id, ...(tags ? { tags } : {}) },
    });
    if (!access.share) await activity(s, userId, a.id, m.workspace.id, 'shared');
  } else {
    if (!access.isAuthor && !access.isManager)
      throw forbidden('Only the author and workspace owners and admins can unshare this artifact.');
    if (access.share) {
      await s.db.artifactShare.delete({ where: { artifactId: a.id } });
      await activity(s, userId, a.id, access.share.workspaceId, 'unshared');
    }
  }
  // A manager who unshared someone else's artifact no longer sees it.
  if (!input.workspace && !access.isAuthor) return { artifactId: a.id, shared: false as const };
  return shareState(s, userId, a.id);
}

async function activity(
  s: Pick<Services, 'db' | 'usage'>,
  userId: string,
  artifactId: string,
  workspaceId: string,
  type: 'shared' | 'unshared',
) {
  const me = await s.db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { firstName: true, lastName: true },
  });
  await recordActivity(s, { artifactId, workspaceId, type, actorId: userId, actorName: displayName(me) });
}

/** What the artifact card needs: shared or not, what the caller may do, the status and its approvals. */
export async function shareState(s: Pick<Services, 'db'>, userId: string, artifactId: string) {
  const access = await artifactAccess(s.db, userId, artifactId);
  const [review, workspace, openComments] = await Promise.all([
    reviewStateOf(s.db, access.artifact),
    access.workspaceId
      ? s.db.workspace.findUnique({ where: { id: access.workspaceId }, select: { name: true } })
      : null,
    s.db.artifactComment.count({ where: { artifactId, parentId: null, resolvedAt: null } }),
  ]);
  return {
    artifactId,
    shared: access.share !== null,
    tags: access.share?.tags ?? [],
    workspaceName: workspace?.name ?? null,
    latestVersion: access.artifact.version,
    openComments,
    can: {
      share: access.isAuthor && access.membership !== null,
      edit: access.isAuthor,
      approve: access.isManager,
      requestChanges: access.isManager,
      submit: access.isAuthor || access.isManager,
      inviteReviewers: (access.isAuthor || access.isManager) && access.workspaceId !== null,
    },
    review,
  };
}

/** A shared artifact as its readers see it (the artifacts' own detail: version list and changes). */
export async function sharedArtifact(
  s: ArtifactServiceDeps,
  userId: string,
  input: { artifactId: string; version?: number },
) {
  const access = await artifactAccess(s.db, userId, input.artifactId);
  const [detail, author] = await Promise.all([
    getArtifact(s, access.artifact.userId, input),
    s.db.user.findUnique({
      where: { id: access.artifact.userId },
      select: { firstName: true, lastName: true },
    }),
  ]);
  return { ...detail, authorName: author ? displayName(author) : null };
}

export interface LibraryEntry {
  artifactId: string;
  sessionId: string;
  kind: ArtifactKind;
  title: string;
  version: number;
  owner: { id: string; name: string };
  tags: string[];
  status: ReviewStatus;
  approvedVersion: number | null;
  openComments: number;
  sharedAt: Date;
  updatedAt: Date;
}

/** The workspace's shared artifacts for any member (404 NO_WORKSPACE outside one). */
export async function library(s: Pick<Services, 'db'>, userId: string, input: LibraryInput) {
  const m = await membershipOf(s.db, userId);
  const q = input.q?.trim();
  const rows = await s.db.artifactShare.findMany({
    where: {
      workspaceId: m.workspace.id,
      ...(input.tag ? { tags: { has: input.tag } } : {}),
      artifact: {
        ...(input.kind ? { kind: input.kind } : {}),
        ...(input.owner ? { userId: input.owner } : {}),
        ...(q ? { title: { contains: q, mode: 'insensitive' as const } } : {}),
      },
    },
    include: {
      artifact: {
        select: {
          id: true,
          sessionId: true,
          kind: true,
          title: true,
          version: true,
          updatedAt: true,
          user: { select: { id: true, firstName: true, lastName: true } },
        },
      },
    },
    orderBy: { artifact: { updatedAt: 'desc' } },
    take: 2000,
  });
  const ids = rows.map((r) => r.artifactId);
  const [reviews, approvals, open] = await Promise.all([
    s.db.artifactReview.findMany({ where: { artifactId: { in: ids } } }),
    s.db.artifactApproval.findMany({
      where: { artifactId: { in: ids } },
      orderBy: { createdAt: 'desc' },
      select: { artifactId: true, version: true },
    }),
    s.db.artifactComment.groupBy({
      by: ['artifactId'],
      where: { artifactId: { in: ids }, parentId: null, resolvedAt: null },
      _count: { _all: true },
    }),
  ]);
  const reviewOf = new Map(reviews.map((r) => [r.artifactId, r]));
  const approvedOf = new Map<string, number>();
  for (const x of approvals) if (!approvedOf.has(x.artifactId)) approvedOf.set(x.artifactId, x.version);
  const openOf = new Map(open.map((o) => [o.artifactId, o._count._all]));
  const all: LibraryEntry[] = rows.map((r) => {
    const review = reviewOf.get(r.artifactId);
    let status = (review?.status as ReviewStatus | undefined) ?? 'DRAFT';
    if (status === 'APPROVED' && review!.version < r.artifact.version) status = 'IN_REVIEW';
    return {
      artifactId: r.artifactId,
      sessionId: r.artifact.sessionId,
      kind: r.artifact.kind as ArtifactKind,
      title: r.artifact.title,
      version: r.artifact.version,
      owner: { id: r.artifact.user.id, name: displayName(r.artifact.user) },
      tags: r.tags,
      status,
      approvedVersion: approvedOf.get(r.artifactId) ?? null,
      openComments: openOf.get(r.artifactId) ?? 0,
      sharedAt: r.createdAt,
      updatedAt: r.artifact.updatedAt,
    };
  });
  const filtered = input.status ? all.filter((e) => e.status === input.status) : all;
  const page = input.page ?? 1;
  const owners = [...new Map(all.map((e) => [e.owner.id, e.owner])).values()];
  const tags = [...new Set(all.flatMap((e) => e.tags))].sort();
  return {
    entries: filtered.slice((page - 1) * LIBRARY_PAGE_SIZE, page * LIBRARY_PAGE_SIZE),
    total: filtered.length,
    page,
    pageSize: LIBRARY_PAGE_SIZE,
    owners,
    tags,
  };
}

export type { ReviewState };
