// Comments (issue 39): on the artifact or one of its items (`target`, a data path such as `items.2`), threaded
// (a reply joins its thread's first comment), Markdown text up to 10 kB, each recording the version it was
// written on. @mentions name workspace members by email (`@ann@example.com`) or by a first name only one member
// has (`@Ann`); anyone else is ignored (no notification, no mail). Authors edit and delete their own; anyone who
// sees the artifact resolves and reopens.
import type { Db } from '@app/db';
import { TRPCError } from '@trpc/server';
import type { Services } from '../container.js';
import { notFound } from '../../errors.js';
import { describeCommentTarget, parseCommentTarget } from '../../schemas/review.js';
import { recordActivity } from './activity.js';
import {
  artifactAccess,
  displayName,
  forbidden,
  type ArtifactAccess,
  type ReviewArtifact,
} from './access.js';
import { mentionEmail } from './mail.js';
import { byFirstName, visibleMembers, type MentionUser } from './mentions.js';
import { notify } from './notifications.js';

export const COMMENT_NOT_FOUND = 'Comment not found';

export interface CommentView {
  id: string;
  version: number;
  target: string | null;
  /** "Question 3" for `items.2`; null on the whole artifact. */
  targetLabel: string | null;
  parentId: string | null;
  authorName: string;
  /** Written through an outside reviewer's link. */
  byReviewer: boolean;
  /** The caller wrote it (may edit and delete it). */
  mine: boolean;
  body: string;
  mentions: { userId: string; name: string }[];
  resolved: boolean;
  resolvedAt: Date | null;
  editedAt: Date | null;
  createdAt: Date;
}

/** Who writes: a signed-in member, or an outside reviewer through their link. */
export type CommentActor =
  { kind: 'user'; userId: string; name: string } | { kind: 'reviewer'; reviewerId: string; name: string };

type CommentRow = Awaited<ReturnType<Db['artifactComment']['findMany']>>[number];

async function mentionNames(db: Db, rows: CommentRow[]) {
  const ids = [...new Set(rows.flatMap((r) => r.mentions))];
  if (!ids.length) return new Map<string, string>();
  const users = await db.user.findMany({
    where: { id: { in: ids } },
    select: { id: true, firstName: true, lastName: true },
  });
  return new Map(users.map((u) => [u.id, displayName(u)]));
}

function toView(r: CommentRow, names: Map<string, string>, me: CommentActor | null): CommentView {
  const mine = !!me && (me.kind === 'user' ? r.authorId === me.userId : r.reviewerId === me.reviewerId);
  return {
    id: r.id,
    version: r.version,
    target: r.target,
    targetLabel: describeCommentTarget(r.target),
    parentId: r.parentId,
    authorName: r.authorName,
    byReviewer: r.reviewerId !== null,
    mine,
    body: r.body,
    mentions: r.mentions.flatMap((id) => (names.has(id) ? [{ userId: id, name: names.get(id)! }] : [])),
    resolved: r.resolvedAt !== null,
    resolvedAt: r.resolvedAt,
    editedAt: r.editedAt,
    createdAt: r.createdAt,
  };
}

/** Every comment of an artifact, oldest first (the web groups replies under their thread). */
export async function commentsOf(db: Db, artifactId: string, me: CommentActor | null) {
  const rows = await db.artifactComment.findMany({
    where: { artifactId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: 2000,
  });
  const names = await mentionNames(db, rows);
  const comments = rows.map((r) => toView(r, names, me));
  return { comments, open: comments.filter((c) => c.parentId === null && !c.resolved).length };
}

async function userActor(db: Db, userId: string): Promise<CommentActor & { kind: 'user' }> {
  const u = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { firstName: true, lastName: true },
  });
  return { kind: 'user', userId, name: displayName(u) };
}

export async function listComments(s: Pick<Services, 'db'>, userId: string, artifactId: string) {
  const access = await artifactAccess(s.db, userId, artifactId);
  return commentsOf(s.db, access.artifact.id, { kind: 'user', userId, name: '' });
}

/** 404 unless `target` names an element of the latest version's data (`items.2` needs a third question). */
async function assertTarget(db: Db, a: ReviewArtifact, target: string) {
  const parsed = parseCommentTarget(target);
  const missing = () =>
    notFound(`This artifact has no ${describeCommentTarget(target) ?? `item "${target}"`}`);
  if (!parsed) throw missing();
  const v = await db.artifactVersion.findUnique({
    where: { artifactId_version: { artifactId: a.id, version: a.version } },
    select: { data: true },
  });
  const list = (v?.data as Record<string, unknown> | null)?.[parsed.collection];
  if (!Array.isArray(list) || parsed.index >= list.length) throw missing();
}

const MENTION_RE = /(^|[^\w@.])@([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}|[\p{L}][\p{L}\p{N}_-]*)/gu;

/** The members (who may see the artifact) a body mentions; anyone else is dropped. */
export async function resolveMentions(
  db: Db,
  access: Pick<ArtifactAccess, 'share' | 'workspaceId' | 'artifact'>,
  body: string,
): Promise<{ id: string; email: string; firstName: string }[]> {
  const handles = [...body.matchAll(MENTION_RE)].map((m) => m[2]!.toLowerCase().replace(/\.$/, ''));
  if (!handles.length || !access.workspaceId) return [];
  const users = await visibleMembers(db, access);
  const byFirst = byFirstName(users);
  const out = new Map<string, MentionUser>();
  for (const h of handles) {
    const byEmail = users.find((u) => u.email.toLowerCase() === h);
    const first = byFirst.get(h);
    const u = byEmail ?? (first?.length === 1 ? first[0] : undefined);
    if (u) out.set(u.id, u);
  }
  return [...out.values()];
}

/** A new comment or reply by a member or a reviewer; mentions notify (and mail) the members named. */
export async function createComment(
  s: Pick<Services, 'config' | 'db' | 'mailer' | 'rateLimiter' | 'usage'>,
  access: Pick<ArtifactAccess, 'share' | 'workspaceId' | 'artifact'>,
  actor: CommentActor,
  input: { body: string; target?: string | null; parentId?: string | null },
): Promise<CommentView> {
  const db = s.db;
  const a = access.artifact;
  let target = input.target || null;
  let parentId: string | null = null;
  let parentAuthorId: string | null = null;
  if (input.parentId) {
    const parent = await db.artifactComment.findFirst({ where: { id: input.parentId, artifactId: a.id } });
    if (!parent) throw notFound(COMMENT_NOT_FOUND);
    parentId = parent.parentId ?? parent.id;
    target = parent.target;
    parentAuthorId = parent.authorId;
  } else if (target) {
    await assertTarget(db, a, target);
  }
  await s.rateLimiter.consume(
    'comment',
    actor.kind === 'user' ? actor.userId : `reviewer:${actor.reviewerId}`,
  );
  const mentioned = (await resolveMentions(db, access, input.body)).filter(
    (u) => !(actor.kind === 'user' && u.id === actor.userId),
  );
  const row = await db.artifactComment.create({
    data: {
      artifactId: a.id,
      version: a.version,
      target,
      parentId,
      authorId: actor.kind === 'user' ? actor.userId : null,
      reviewerId: actor.kind === 'reviewer' ? actor.reviewerId : null,
      authorName: actor.name,
      body: input.body,
      mentions: mentioned.map((u) => u.id),
    },
  });
  const where = describeCommentTarget(target);
  await recordActivity(s, {
    artifactId: a.id,
    workspaceId: access.workspaceId,
    type: 'commented',
    actorId: actor.kind === 'user' ? actor.userId : null,
    reviewerId: actor.kind === 'reviewer' ? actor.reviewerId : null,
    actorName: actor.name,
    details: where ? `On ${where.toLowerCase()}` : parentId ? 'Reply' : null,
    version: a.version,
  });
  const url = `${s.config.appUrl}/team/library/${a.id}#comment-${row.id}`;
  const notified = new Set<string>(actor.kind === 'user' ? [actor.userId] : []);
  for (const u of mentioned) {
    notified.add(u.id);
    await notify(db, u.id, {
      type: 'mention',
      artifactId: a.id,
      commentId: row.id,
      text: `${actor.name} mentioned you on "${a.title}"`,
    });
    s.mailer.enqueue(
      mentionEmail({
        to: u.email,
        firstName: u.firstName,
        authorName: actor.name,
        artifactTitle: a.title,
        excerpt: input.body.length > 400 ? `${input.body.slice(0, 400)}…` : input.body,
        url,
      }),
    );
  }
  if (parentAuthorId && !notified.has(parentAuthorId)) {
    notified.add(parentAuthorId);
    await notify(db, parentAuthorId, {
      type: 'reply',
      artifactId: a.id,
      commentId: row.id,
      text: `${actor.name} replied to your comment on "${a.title}"`,
    });
  }
  if (!notified.has(a.userId)) {
    await notify(db, a.userId, {
      type: 'comment',
      artifactId: a.id,
      commentId: row.id,
      text: `${actor.name} commented on "${a.title}"${where ? ` (${where.toLowerCase()})` : ''}`,
    });
  }
  const names = new Map(mentioned.map((u) => [u.id, u.firstName]));
  const full = await mentionNames(db, [row]);
  return toView(row, full.size ? full : names, actor);
}

export async function addComment(
  s: Pick<Services, 'config' | 'db' | 'mailer' | 'rateLimiter' | 'usage'>,
  userId: string,
  input: { artifactId: string; body: string; target?: string | null; parentId?: string | null },
) {
  const access = await artifactAccess(s.db, userId, input.artifactId);
  return createComment(s, access, await userActor(s.db, userId), input);
}

/** The comment and the caller's access to its artifact: 404 for either missing or unseen. */
async function commentFor(s: Pick<Services, 'db'>, userId: string, commentId: string) {
  const c = await s.db.artifactComment.findUnique({ where: { id: commentId } });
  if (!c) throw notFound(COMMENT_NOT_FOUND);
  try {
    return { c, access: await artifactAccess(s.db, userId, c.artifactId) };
  } catch (err) {
    // An unseen artifact's comment is as missing as its artifact.
    if (err instanceof TRPCError && err.code === 'NOT_FOUND') throw notFound(COMMENT_NOT_FOUND);
    throw err;
  }
}

export async function editComment(
  s: Pick<Services, 'db'>,
  userId: string,
  input: { commentId: string; body: string },
) {
  const { c, access } = await commentFor(s, userId, input.commentId);
  if (c.authorId !== userId) throw forbidden('You can only edit your own comments.');
  const mentioned = await resolveMentions(s.db, access, input.body);
  const row = await s.db.artifactComment.update({
    where: { id: c.id },
    data: {
      body: input.body,
      editedAt: new Date(),
      mentions: mentioned.filter((u) => u.id !== userId).map((u) => u.id),
    },
  });
  return toView(row, await mentionNames(s.db, [row]), { kind: 'user', userId, name: '' });
}

/** Deletes your own comment (a thread's first comment takes its replies with it). */
export async function deleteComment(s: Pick<Services, 'db'>, userId: string, commentId: string) {
  const { c } = await commentFor(s, userId, commentId);
  if (c.authorId !== userId) throw forbidden('You can only delete your own comments.');
  await s.db.artifactComment.delete({ where: { id: c.id } });
  return { success: true as const };
}

/** Resolves (or, with resolved: false, reopens) a thread; on a reply it acts on the reply's thread. */
export async function resolveComment(
  s: Pick<Services, 'db'>,
  userId: string,
  input: { commentId: string; resolved?: boolean },
) {
  const { c } = await commentFor(s, userId, input.commentId);
  const resolved = input.resolved ?? true;
  const row = await s.db.artifactComment.update({
    where: { id: c.parentId ?? c.id },
    data: resolved
      ? { resolvedAt: new Date(), resolvedById: userId }
      : { resolvedAt: null, resolvedById: null },
  });
  return toView(row, await mentionNames(s.db, [row]), { kind: 'user', userId, name: '' });
}
