// What the web knows of review and sign-off (issue 39): the `review` router's outputs, and the parts of an
// artifact a comment may target (`items.2` is "Question 3", as the server describes them).
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@app/api/client';
import type { ArtifactKind } from '@app/api/schemas';

type ReviewOutputs = inferRouterOutputs<AppRouter>['review'];
export type ReviewStateView = ReviewOutputs['state'];
export type ReviewInfo = ReviewStateView['review'];
export type CommentView = ReviewOutputs['comments']['comments'][number];
export type LibraryView = ReviewOutputs['library'];
export type LibraryEntry = LibraryView['entries'][number];
export type ReviewPageView = ReviewOutputs['reviewPage'];
export type ActivityEntry = ReviewOutputs['activity']['entries'][number];
export type NotificationView = ReviewOutputs['notifications']['notifications'][number];

export interface CommentTarget {
  value: string;
  label: string;
}

const COLLECTIONS: { key: string; label: string }[] = [
  { key: 'items', label: 'Question' },
  { key: 'objectives', label: 'Objective' },
  { key: 'nodes', label: 'Node' },
  { key: 'modules', label: 'Module' },
];

/** The items, objectives, nodes or modules of a version's data, as comment targets. */
export function targetsOf(_kind: ArtifactKind | string, data: unknown): CommentTarget[] {
  const d = (data ?? {}) as Record<string, unknown>;
  return COLLECTIONS.flatMap(({ key, label }) => {
    const list = d[key];
    return Array.isArray(list)
      ? list.map((_, i) => ({ value: `${key}.${i}`, label: `${label} ${i + 1}` }))
      : [];
  });
}

export interface CommentThread {
  root: CommentView;
  replies: CommentView[];
}

/** Flat comments (oldest first) as threads: open ones first, each with its replies. */
export function threadsOf(comments: CommentView[]): CommentThread[] {
  const byRoot = new Map<string, CommentThread>();
  for (const c of comments) if (!c.parentId) byRoot.set(c.id, { root: c, replies: [] });
  for (const c of comments) if (c.parentId) byRoot.get(c.parentId)?.replies.push(c);
  const all = [...byRoot.values()];
  return [...all.filter((t) => !t.root.resolved), ...all.filter((t) => t.root.resolved)];
}
