// The workspace library (issue 39; sharing itself is share.ts). A member sees at /team/library what is shared with
// the workspace or with them (and their own shares); owners and admins see everything shared in it. Search by
// title, filter by kind, status, owner and tag, newest (latest change) first.
import type { ShareAudience } from '@app/db';
import type { Services } from '../container.js';
import { LIBRARY_PAGE_SIZE, type LibraryInput, type ReviewStatus } from '../../schemas/review.js';
import type { ArtifactKind } from '../../schemas/artifacts.js';
import { getArtifact, type ArtifactServiceDeps } from '../artifacts/service.js';
import { sharesVisibleTo } from '../artifacts/access.js';
import { membershipOf } from '../workspaces/access.js';
import { artifactAccess, displayName } from './access.js';
import type { ReviewState } from './status.js';

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
  /** Shared with the whole workspace, or only with the people listed. */
  audience: ShareAudience;
  status: ReviewStatus;
  approvedVersion: number | null;
  openComments: number;
  sharedAt: Date;
  updatedAt: Date;
}

/** The shared artifacts the member sees in their workspace (404 NO_WORKSPACE outside one). */
export async function library(s: Pick<Services, 'db'>, userId: string, input: LibraryInput) {
  const m = await membershipOf(s.db, userId);
  const q = input.q?.trim();
  const rows = await s.db.artifactShare.findMany({
    where: {
      ...sharesVisibleTo(m),
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
      audience: r.audience,
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
