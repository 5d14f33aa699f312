// Team workspaces (issue 14). Every procedure resolves the caller's own workspace (none: 404 NO_WORKSPACE) and
// checks the workspace role on the server (403); ids of another team's members or invites are 404s. Only
// `inviteInfo` and `signUp` are public (the accept page before sign-in). The logic lives in services/workspaces/.
import { router, proceduresFiledUnder } from '../trpc.js';
import { USAGE_ACTIONS } from '../schemas/admin.js';
import {
  acceptInvite,
  currentWorkspace,
  deleteWorkspace,
  inviteInfo,
  inviteMembers,
  leaveWorkspace,
  listMembers,
  removeMember,
  renameWorkspace,
  resendInvite,
  revokeInvite,
  setWorkspaceSeats,
  transferOwnership,
  updateMember,
} from '../services/workspaces/index.js';
import { workspaceLogs, workspaceLogsCsv, workspaceUsageAnalytics } from '../services/usage/team.js';
import { signUpWithInvite } from '../services/workspaces/signup.js';
import { signInWith } from '../auth-cookies.js';
import { adminLogsExportInput, adminLogsInput, adminUsageAnalyticsInput } from '../schemas/admin.js';
import {
  inviteIdInput,
  inviteMembersInput,
  inviteSignUpInput,
  inviteTokenInput,
  memberIdInput,
  renameWorkspaceInput,
  setSeatsInput,
  updateMemberInput,
} from '../schemas/workspaces.js';

// A team workspace is how the Team subscription is shared (members, invites, roles, caps, ownership); the §2
// usage filter has no action of its own for it, so it files under Subscription (seats and the team's usage log
// declare their own below).
const { protectedProcedure, publicProcedure } = proceduresFiledUnder(USAGE_ACTIONS.SUBSCRIPTION);

export const workspacesRouter = router({
  /** GET /workspaces/current: workspace, my role, seats, shared quota and my usage. */
  // Read on every signed-in page load (the header's Team entry), like auth.me: logged only when it fails.
  current: protectedProcedure
    .meta({ quietOnSuccess: true })
    .query(({ ctx }) => currentWorkspace(ctx.services.db, ctx.user.id)),

  /** GET /workspaces/current/members (owners and admins): members with usage, pending invites. */
  members: protectedProcedure.query(({ ctx }) => listMembers(ctx.services.db, ctx.user.id)),

  /** POST /workspaces/current/invites {emails, role}: beyond the paid seats → 402 SEATS_REQUIRED. */
  invite: protectedProcedure
    .input(inviteMembersInput)
    .mutation(({ ctx, input }) => inviteMembers(ctx.services, ctx.user.id, input)),

  resendInvite: protectedProcedure
    .input(inviteIdInput)
    .mutation(({ ctx, input }) => resendInvite(ctx.services, ctx.user.id, input.inviteId)),

  /** DELETE /workspaces/current/invites/{id}. */
  revokeInvite: protectedProcedure
    .input(inviteIdInput)
    .mutation(({ ctx, input }) => revokeInvite(ctx.services, ctx.user.id, input.inviteId)),

  /** Public: the invite's team, inviter, address, role and status (valid, expired, accepted, revoked). */
  inviteInfo: publicProcedure
    .input(inviteTokenInput)
    .query(({ ctx, input }) => inviteInfo(ctx.services.db, input.token)),

  /** POST /invites/{token}/accept: the signed-in account with the invite's address joins. */
  acceptInvite: protectedProcedure
    .input(inviteTokenInput)
    .mutation(({ ctx, input }) => acceptInvite(ctx.services, ctx.user, input.token)),

  /**
   * Public: POST /invites/{token}/signup {password, firstName, lastName?} — a new account for the invite's
   * address (verified by the link, no card, no trial) joins and is signed in: {token, accessToken, user, …}.
   */
  signUp: publicProcedure.input(inviteSignUpInput).mutation(signInWith(signUpWithInvite)),

  /** PUT /workspaces/current/members/{userId} {role, messageCap}. */
  updateMember: protectedProcedure
    .input(updateMemberInput)
    .mutation(({ ctx, input }) => updateMember(ctx.services, ctx.user.id, input)),

  /** DELETE /workspaces/current/members/{userId}. */
  removeMember: protectedProcedure
    .input(memberIdInput)
    .mutation(({ ctx, input }) => removeMember(ctx.services, ctx.user.id, input.userId)),

  leave: protectedProcedure.mutation(({ ctx }) => leaveWorkspace(ctx.services, ctx.user.id)),

  // Buying or booking seats is a charge.
  /** POST /workspaces/current/seats {seats} (owner): {seats, pendingSeats, proratedCents}. */
  setSeats: protectedProcedure
    .meta({ usageAction: USAGE_ACTIONS.BILLING })
    .input(setSeatsInput)
    .mutation(({ ctx, input }) => setWorkspaceSeats(ctx.services, ctx.user.id, input.seats)),

  /** POST /workspaces/current/transfer {userId} (owner). */
  transfer: protectedProcedure
    .input(memberIdInput)
    .mutation(({ ctx, input }) => transferOwnership(ctx.services, ctx.user.id, input.userId)),

  /** DELETE /workspaces/current (owner): only once no live Team subscription pays for it (409 otherwise). */
  delete: protectedProcedure.mutation(({ ctx }) => deleteWorkspace(ctx.services, ctx.user.id)),

  rename: protectedProcedure
    .input(renameWorkspaceInput)
    .mutation(({ ctx, input }) => renameWorkspace(ctx.services, ctx.user.id, input.name)),

  // The workspace's usage log is the admin Usage Logs screen under a workspace scope (also usageAnalytics, usageCsv).
  /** GET /workspaces/current/usage: the admin usage-log query, scoped to the workspace (owners and admins). */
  usage: protectedProcedure
    .meta({ usageAction: USAGE_ACTIONS.ADMIN_ACCESS })
    .input(adminLogsInput)
    .query(({ ctx, input }) => workspaceLogs(ctx.services, ctx.user.id, input)),

  /** The admin usage analytics (totals, per day), scoped to the workspace. */
  usageAnalytics: protectedProcedure
    .meta({ usageAction: USAGE_ACTIONS.ADMIN_ACCESS })
    .input(adminUsageAnalyticsInput)
    .query(({ ctx, input }) => workspaceUsageAnalytics(ctx.services, ctx.user.id, input)),

  /** GET /workspaces/current/usage/export.csv: every matching entry as CSV text, streamed page by page. */
  usageCsv: protectedProcedure
    .meta({ usageAction: USAGE_ACTIONS.ADMIN_ACCESS })
    .input(adminLogsExportInput)
    .subscription(async function* ({ ctx, input }) {
      yield* await workspaceLogsCsv(ctx.services, ctx.user.id, input);
    }),
});
