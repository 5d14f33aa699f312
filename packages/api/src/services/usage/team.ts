// A team's usage (issue 14): the workspace's usage log, analytics and CSV export — the usage-log queries the admin
// back office runs (logs.ts), under the workspace's scope, for its owners and admins only.
import type { AdminLogsExportInput, AdminLogsInput, AdminUsageAnalyticsInput } from '../../schemas/admin.js';
import type { Services } from '../container.js';
import { MANAGERS, membershipOf, requireRole } from '../workspaces/access.js';
import { exportLogsCsv, listLogs, usageAnalytics } from './logs.js';
import type { AdminScope } from './scope.js';

/** The caller's workspace as an admin scope, for owners and admins only. */
async function usageScope(s: Pick<Services, 'db'>, userId: string): Promise<AdminScope> {
  const m = await membershipOf(s.db, userId);
  requireRole(m, MANAGERS, "see the team's usage");
  return { kind: 'workspace', workspaceId: m.workspace.id };
}

export async function workspaceLogs(s: Pick<Services, 'db'>, userId: string, input: AdminLogsInput) {
  return listLogs(s, await usageScope(s, userId), input);
}

export async function workspaceUsageAnalytics(
  s: Pick<Services, 'db'>,
  userId: string,
  input: AdminUsageAnalyticsInput,
) {
  return usageAnalytics(s, await usageScope(s, userId), input);
}

/** Resolves the scope (and its 404/403) before the first chunk, so refusals are ordinary errors. */
export async function workspaceLogsCsv(
  s: Pick<Services, 'db' | 'usage'>,
  userId: string,
  input: AdminLogsExportInput,
) {
  return exportLogsCsv(s, await usageScope(s, userId), input);
}
