// review router (issue 39): sharing with the team workspace and its library, comments, outside reviewers (their
// link's procedures are public: the token is the credential), status bound to a version, activity,
// notifications and the storyboard. Logic: services/review/.
import { router, proceduresFiledUnder } from '../trpc.js';
import { USAGE_ACTIONS } from '../schemas/admin.js';
import { getArtifactInput } from '../schemas/artifacts.js';
import {
  addCommentInput,
  artifactRefInput,
  commentRefInput,
  editCommentInput,
  inviteReviewerInput,
  libraryInput,
  mentionableInput,
  readNotificationsInput,
  resolveCommentInput,
  reviewTokenInput,
  reviewerApproveInput,
  reviewerRequestChangesInput,
  reviewerCommentInput,
  revokeReviewerInput,
  setStatusInput,
  shareArtifactInput,
  storyboardInput,
} from '../schemas/review.js';
import { listActivity } from '../services/review/activity.js';
import {
  addComment,
  deleteComment,
  editComment,
  listComments,
  resolveComment,
} from '../services/review/comments.js';
import { library, sharedArtifact } from '../services/review/library.js';
import { mentionable } from '../services/review/mentions.js';
import { listNotifications, readNotifications } from '../services/review/notifications.js';
import {
  inviteReviewer,
  listReviewers,
  reviewPage,
  reviewerApprove,
  reviewerComment,
  reviewerRequestChanges,
  revokeReviewer,
} from '../services/review/reviewers.js';
import { shareArtifact, shareState } from '../services/review/share.js';
import { setStatus } from '../services/review/status.js';
import { storyboard } from '../services/review/storyboard.js';

// Review and sign-off (sharing, comments, reviewers, status) is work on the artifacts, filed with them.
const { protectedProcedure, publicProcedure } = proceduresFiledUnder(USAGE_ACTIONS.CHAT_MESSAGE);

export const reviewRouter = router({
  /**
   * Shares the artifact in the caller's workspace — with every member (`workspace: true`) and/or the people in
   * `members` ({userId, role: VIEWER | EDITOR}, the whole list) — or unshares it (`workspace: false`, no one
   * listed); answers `state`.
   */
  share: protectedProcedure
    .input(shareArtifactInput)
    .mutation(({ ctx, input }) => shareArtifact(ctx.services, ctx.user.id, input)),

  /**
   * The members the caller may @mention on the artifact (who can see it), each with the handle to type; with
   * `scope: 'workspace'`, every member its author may share it with (the author only).
   */
  mentionable: protectedProcedure
    .input(mentionableInput)
    .query(({ ctx, input }) => mentionable(ctx.services, ctx.user.id, input.artifactId, input.scope)),

  /** Shared or not, what the caller may do, status with approvals and the changes since approval. */
  state: protectedProcedure
    .input(artifactRefInput)
    .query(({ ctx, input }) => shareState(ctx.services, ctx.user.id, input.artifactId)),

  /** A shared artifact as a reader sees it: the artifacts' detail (versions, changes) and its author. */
  artifact: protectedProcedure
    .input(getArtifactInput)
    .query(({ ctx, input }) => sharedArtifact(ctx.services, ctx.user.id, input)),

  /** The workspace's shared artifacts (search, kind, status, owner, tag; newest first; 20 a page). */
  library: protectedProcedure
    .input(libraryInput)
    .query(({ ctx, input }) => library(ctx.services, ctx.user.id, input)),

  comments: protectedProcedure
    .input(artifactRefInput)
    .query(({ ctx, input }) => listComments(ctx.services, ctx.user.id, input.artifactId)),
  addComment: protectedProcedure
    .input(addCommentInput)
    .mutation(({ ctx, input }) => addComment(ctx.services, ctx.user.id, input)),
  editComment: protectedProcedure
    .input(editCommentInput)
    .mutation(({ ctx, input }) => editComment(ctx.services, ctx.user.id, input)),
  deleteComment: protectedProcedure
    .input(commentRefInput)
    .mutation(({ ctx, input }) => deleteComment(ctx.services, ctx.user.id, input.commentId)),
  /** Resolves a thread, or reopens it with `resolved: false`. */
  resolveComment: protectedProcedure
    .input(resolveCommentInput)
    .mutation(({ ctx, input }) => resolveComment(ctx.services, ctx.user.id, input)),

  reviewers: protectedProcedure
    .input(artifactRefInput)
    .query(({ ctx, input }) => listReviewers(ctx.services, ctx.user.id, input.artifactId)),
  /** Mails the reviewer their link; the answer never holds the token. */
  inviteReviewer: protectedProcedure
    .input(inviteReviewerInput)
    .mutation(({ ctx, input }) => inviteReviewer(ctx.services, ctx.user.id, input)),
  revokeReviewer: protectedProcedure
    .input(revokeReviewerInput)
    .mutation(({ ctx, input }) => revokeReviewer(ctx.services, ctx.user.id, input)),

  /** Sets the status of the latest version (409 for any other version). */
  setStatus: protectedProcedure
    .input(setStatusInput)
    .mutation(({ ctx, input }) => setStatus(ctx.services, ctx.user.id, input)),

  activity: protectedProcedure
    .input(artifactRefInput)
    .query(({ ctx, input }) => listActivity(ctx.services, ctx.user.id, input.artifactId)),

  // The header's notification bell polls its unread count: logged only when it fails.
  notifications: protectedProcedure
    .meta({ quietOnSuccess: true })
    .query(({ ctx }) => listNotifications(ctx.services.db, ctx.user.id)),
  readNotifications: protectedProcedure
    .input(readNotificationsInput)
    .mutation(({ ctx, input }) => readNotifications(ctx.services.db, ctx.user.id, input.ids)),

  /**
   * `format=storyboard`: the session's artifacts (those shared with the caller's workspace, for a member) as one
   * Word design document with open comments and the approval block — {filename, contentType, base64}; the REST
   * twin answers the file itself.
   */
  storyboard: protectedProcedure.input(storyboardInput).query(async ({ ctx, input }) => {
    const file = await storyboard(ctx.services, ctx.user.id, input.sessionId);
    return { filename: file.filename, contentType: file.contentType, base64: file.body.toString('base64') };
  }),

  /** The outside reviewer's page (public: the link's token is the credential; 404 unknown, 410 revoked/expired). */
  reviewPage: publicProcedure
    .input(reviewTokenInput)
    .query(({ ctx, input }) => reviewPage(ctx.services, input.token)),
  reviewerComment: publicProcedure
    .input(reviewerCommentInput)
    .mutation(({ ctx, input }) => reviewerComment(ctx.services, input)),
  /** Approves `version` (409 unless it is the latest). */
  reviewerApprove: publicProcedure
    .input(reviewerApproveInput)
    .mutation(({ ctx, input }) => reviewerApprove(ctx.services, input)),
  /** Requests changes to `version`: Changes requested, bound to it (409 unless it is the latest). */
  reviewerRequestChanges: publicProcedure
    .input(reviewerRequestChangesInput)
    .mutation(({ ctx, input }) => reviewerRequestChanges(ctx.services, input)),
});
