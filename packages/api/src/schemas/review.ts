// Inputs of review and sign-off in team workspaces (issue 39): sharing with the workspace, the library, comments,
// outside reviewers, status bound to a version, activity, notifications. Pure zod (the web's forms use them).
import { z } from 'zod';
import { ARTIFACT_KINDS, artifactIdSchema } from './artifacts.js';
import { emailSchema } from './auth.js';

/** Draft → In review → Changes requested → Approved (docs/decisions/review.md). */
export const REVIEW_STATUSES = ['DRAFT', 'IN_REVIEW', 'CHANGES_REQUESTED', 'APPROVED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  DRAFT: 'Draft',
  IN_REVIEW: 'In review',
  CHANGES_REQUESTED: 'Changes requested',
  APPROVED: 'Approved',
};

/** A comment's body: Markdown, at most 10 kB (UTF-8 bytes). */
export const COMMENT_MAX_BYTES = 10 * 1024;
/** An outside reviewer's link works this long. */
export const REVIEWER_TTL_DAYS = 14;
export const REVIEWER_MESSAGE_MAX = 1000;
export const LIBRARY_PAGE_SIZE = 20;
export const SHARE_TAGS_MAX = 10;

/**
 * The parts of an artifact a comment may target: a data path like the warnings' (0-based), e.g. `items.2` is a
 * quiz's question 3. Which collections each kind has is checked on the server against the commented version.
 */
export const COMMENT_TARGET_COLLECTIONS = ['items', 'objectives', 'nodes', 'modules'] as const;
export const COMMENT_TARGET_LABELS: Record<(typeof COMMENT_TARGET_COLLECTIONS)[number], string> = {
  items: 'Question',
  objectives: 'Objective',
  nodes: 'Node',
  modules: 'Module',
};
const TARGET_RE = /^(items|objectives|nodes|modules)\.(\d{1,3})$/;

/** "Question 3" for `items.2`; null for a path that is not a target. */
export function describeCommentTarget(target: string | null | undefined): string | null {
  const m = target ? TARGET_RE.exec(target) : null;
  if (!m) return null;
  return `${COMMENT_TARGET_LABELS[m[1] as keyof typeof COMMENT_TARGET_LABELS]} ${Number(m[2]) + 1}`;
}
export function parseCommentTarget(target: string): { collection: string; index: number } | null {
  const m = TARGET_RE.exec(target);
  return m ? { collection: m[1]!, index: Number(m[2]) } : null;
}

const idField = (name: string) => z.string().trim().min(1, `${name} is required`).max(100);
const versionField = z.coerce
  .number({ error: 'version must be a number' })
  .int('version must be a whole number')
  .min(1, 'version must be 1 or more');

export const commentBodySchema = z
  .string({ error: 'body is required' })
  .trim()
  .min(1, 'Write a comment first')
  .refine((s) => new TextEncoder().encode(s).length <= COMMENT_MAX_BYTES, {
    message: `A comment can be at most ${COMMENT_MAX_BYTES / 1024} kB`,
  });

/** The raw reviewer token from the link: 32 random bytes, base64url. */
export const reviewTokenSchema = z
  .string()
  .trim()
  .min(1, 'token is required')
  .max(200, 'This review link is not valid.')
  .regex(/^[A-Za-z0-9_-]+$/, 'This review link is not valid.');

/** A person an artifact is shared with reads it (VIEWER) or also changes its content (EDITOR). */
export const SHARE_ROLES = ['VIEWER', 'EDITOR'] as const;
export type ShareRoleName = (typeof SHARE_ROLES)[number];
export const SHARE_ROLE_LABELS: Record<ShareRoleName, string> = { VIEWER: 'Viewer', EDITOR: 'Editor' };
export const SHARE_MEMBERS_MAX = 100;

/** The people listed on a share, the whole list (it replaces the one before): each once. */
export const shareMembersSchema = z
  .array(
    z.object(
      {
        userId: z.string({ error: 'userId is required' }).trim().min(1, 'userId is required').max(100),
        role: z.enum(SHARE_ROLES, { error: `role must be ${SHARE_ROLES.join(' or ')}` }),
      },
      { error: 'Each member is {userId, role}' },
    ),
    { error: 'members must be a list of {userId, role}' },
  )
  .max(SHARE_MEMBERS_MAX, `At most ${SHARE_MEMBERS_MAX} people can be listed`)
  .refine((list) => new Set(list.map((m) => m.userId)).size === list.length, {
    message: 'Each person can be listed only once',
  });
export type ShareMemberInput = z.infer<typeof shareMembersSchema>[number];

/**
 * `workspace`: whether every member of the workspace sees the artifact. `members` (optional): the people listed
 * and their role, replacing the list (absent: it stays). `{workspace: false}` without people (no `members`, or an
 * empty list) unshares: the share and its list go, the author's artifact stays.
 */
export const shareArtifactInput = z.object({
  artifactId: artifactIdSchema,
  workspace: z.boolean({ error: 'workspace must be true or false' }),
  members: shareMembersSchema.optional(),
  tags: z
    .array(
      z
        .string({ error: 'A tag is text' })
        .trim()
        .toLowerCase()
        .min(1, 'A tag cannot be empty')
        .max(40, 'A tag can be at most 40 characters'),
      { error: 'tags must be a list of words' },
    )
    .max(SHARE_TAGS_MAX, `At most ${SHARE_TAGS_MAX} tags`)
    .optional(),
});

export const libraryInput = z.object({
  q: z.string().trim().max(200).optional(),
  kind: z.enum(ARTIFACT_KINDS, { error: `kind must be one of ${ARTIFACT_KINDS.join(', ')}` }).optional(),
  status: z
    .enum(REVIEW_STATUSES, { error: `status must be one of ${REVIEW_STATUSES.join(', ')}` })
    .optional(),
  /** The author's user id. */
  owner: z.string().trim().max(100).optional(),
  tag: z.string().trim().toLowerCase().max(40).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type LibraryInput = z.infer<typeof libraryInput>;

export const artifactRefInput = z.object({ artifactId: artifactIdSchema });

/** `visible`: who may be @mentioned (sees the artifact); `workspace`: whom its author may share it with. */
export const MENTION_SCOPES = ['visible', 'workspace'] as const;
export type MentionScope = (typeof MENTION_SCOPES)[number];
export const mentionableInput = artifactRefInput.extend({
  scope: z.enum(MENTION_SCOPES, { error: `scope must be ${MENTION_SCOPES.join(' or ')}` }).optional(),
});

export const addCommentInput = z.object({
  artifactId: artifactIdSchema,
  body: commentBodySchema,
  target: z.string().trim().max(40).nullish(),
  parentId: idField('parentId').nullish(),
});
export type AddCommentInput = z.infer<typeof addCommentInput>;

export const editCommentInput = z.object({ commentId: idField('commentId'), body: commentBodySchema });
export const commentRefInput = z.object({ commentId: idField('commentId') });
export const resolveCommentInput = z.object({
  commentId: idField('commentId'),
  /** false reopens. */
  resolved: z.boolean().optional(),
});

export const inviteReviewerInput = z.object({
  artifactId: artifactIdSchema,
  email: emailSchema,
  message: z.string().trim().max(REVIEWER_MESSAGE_MAX, 'The message is too long').optional(),
});
export const revokeReviewerInput = z.object({
  artifactId: artifactIdSchema,
  reviewerId: idField('reviewerId'),
});

export const setStatusInput = z.object({
  artifactId: artifactIdSchema,
  status: z.enum(REVIEW_STATUSES, { error: `status must be one of ${REVIEW_STATUSES.join(', ')}` }),
  /** The version the status is about: anything but the latest is a 409. */
  version: versionField,
});

export const reviewTokenInput = z.object({ token: reviewTokenSchema });
export const reviewerCommentInput = z.object({
  token: reviewTokenSchema,
  body: commentBodySchema,
  target: z.string().trim().max(40).nullish(),
  parentId: idField('parentId').nullish(),
});
export const reviewerApproveInput = z.object({ token: reviewTokenSchema, version: versionField });
/** The reviewer requests changes to `version` (the latest): the same shape as approving. */
export const reviewerRequestChangesInput = reviewerApproveInput;

export const readNotificationsInput = z.object({
  /** Which ones; all when absent. */
  ids: z.array(idField('id')).max(200).optional(),
});

export const STORYBOARD_FORMATS = ['storyboard'] as const;
export const storyboardInput = z.object({
  sessionId: idField('sessionId'),
  format: z.enum(STORYBOARD_FORMATS, { error: 'format must be storyboard' }).default('storyboard'),
});
