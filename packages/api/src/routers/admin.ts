// admin router (SPEC §2 Admin area, §7 Admin): users, plans, usage logs, payment status, dashboard and health.
// Every procedure is behind adminProcedure (anonymous 401, signed-in non-admin 403) and, like every call,
// writes a usage-log entry — action ADMIN_ACCESS. The logic lives in services/admin/ and takes a scope: staff
// admins see the whole platform.
import { router, proceduresFiledUnder } from '../trpc.js';
import { USAGE_ACTIONS } from '../schemas/admin.js';
import {
  PLATFORM_SCOPE,
  adminDashboard,
  adminHealth,
  clearTestUsage,
  exportLogsCsv,
  listLogs,
  listPlanRows,
  listUsers,
  paymentStatus,
  plansOverview,
  recentTransactions,
  updatePlan,
  updateUser,
  usageAnalytics,
} from '../services/admin/index.js';
import {
  adminLogsExportInput,
  adminLogsInput,
  adminTransactionsInput,
  adminUpdatePlanInput,
  adminUpdateUserInput,
  adminUsageAnalyticsInput,
  adminUsersInput,
} from '../schemas/admin.js';

const { adminProcedure } = proceduresFiledUnder(USAGE_ACTIONS.ADMIN_ACCESS);

const scope = PLATFORM_SCOPE;

export const adminRouter = router({
  /** GET /admin/users: {users, pagination} — page, limit (20), search (email or name), plan, status. */
  users: adminProcedure
    .input(adminUsersInput)
    .query(({ ctx, input }) => listUsers(ctx.services, scope, input)),

  /** PUT /admin/users/{id}: {user} — messagesUsed: 0 resets the quota; isAdmin; subscription status. */
  updateUser: adminProcedure
    .input(adminUpdateUserInput)
    .mutation(({ ctx, input }) => updateUser(ctx.services, scope, input)),

  /** GET /admin/plans/overview: totalUsers, totalRevenue, growthRate, churnRate, planStats. */
  plansOverview: adminProcedure.query(({ ctx }) => plansOverview(ctx.services, scope)),

  /** GET /admin/plans: {plans} — every Plan row (active or not), for the edit form. */
  plans: adminProcedure.query(({ ctx }) => listPlanRows(ctx.services, scope)),

  /** PUT /admin/plans/{id}: {plan} — description, features, quotas, active and popular flags. */
  updatePlan: adminProcedure
    .input(adminUpdatePlanInput)
    .mutation(({ ctx, input }) => updatePlan(ctx.services, scope, input)),

  /** GET /admin/logs: {logs, pagination} — page, limit (50), action, status, search, from/to, adminId, userId. */
  logs: adminProcedure.input(adminLogsInput).query(({ ctx, input }) => listLogs(ctx.services, scope, input)),

  /** GET /admin/analytics/usage: totalRequests, totalUsage, successRate (one decimal), perDay. */
  usageAnalytics: adminProcedure
    .input(adminUsageAnalyticsInput)
    .query(({ ctx, input }) => usageAnalytics(ctx.services, scope, input)),

  /** DELETE /admin/usage/clear: {deletedCount} — entries of test accounts and test helpers. */
  clearTestUsage: adminProcedure.mutation(({ ctx }) => clearTestUsage(ctx.services, scope)),

  /**
   * GET /api/admin/logs/export.csv: every matching entry as CSV text, streamed page by page (the header first).
   * A subscription so the whole export is one call (one usage-log entry) however many pages it has.
   */
  exportLogs: adminProcedure.input(adminLogsExportInput).subscription(async function* ({ ctx, input }) {
    yield* exportLogsCsv(ctx.services, scope, input);
  }),

  /** GET /admin/stripe/status: totalRevenue, monthlyRevenue (dollars), activeSubscriptions, failedPayments. */
  paymentStatus: adminProcedure.query(({ ctx }) => paymentStatus(ctx.services, scope)),

  /** GET /admin/stripe/transactions?limit (10): {transactions}, newest first. */
  transactions: adminProcedure
    .input(adminTransactionsInput)
    .query(({ ctx, input }) => recentTransactions(ctx.services, scope, input)),

  /** GET /admin/dashboard: counts of users, subscriptions, sessions, messages, today's usage and revenue. */
  dashboard: adminProcedure.query(({ ctx }) => adminDashboard(ctx.services, scope)),

  /** GET /admin/health: database, Redis, storage and mail checks with errors; LLM, billing, mail, storage modes. */
  health: adminProcedure.query(({ ctx }) => adminHealth(ctx.services, scope)),
});
