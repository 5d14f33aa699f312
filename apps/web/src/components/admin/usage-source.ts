// Where the Usage Logs screen gets its data: the whole platform (/admin) or one team workspace (/team/usage). Both
// answer the same shapes (the workspace procedures are the admin ones scoped on the server), so the screen is one
// component and only this adapter differs.
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import type { AdminLogsPage, AdminLogsQuery, AdminUsageAnalytics } from './types';

export type UsageLogsInput = AdminLogsQuery;
export type UsageFilters = Omit<UsageLogsInput, 'page' | 'limit'>;

export interface UsageSource {
  kind: 'platform' | 'workspace';
  subtitle: string;
  /** One page of entries matching the filters. */
  useLogs(input: UsageLogsInput): UseQueryResult<AdminLogsPage, unknown>;
  /** The summary cards and the per-day chart for the filters. */
  useAnalytics(input: UsageFilters): UseQueryResult<AdminUsageAnalytics, unknown>;
  /** The REST path of the server's CSV of every matching entry. */
  exportPath: string;
}

export const platformUsageSource: UsageSource = {
  kind: 'platform',
  subtitle: 'Monitor and export user activity logs',
  useLogs(input) {
    const trpc = useTRPC();
    return useQuery({ ...trpc.admin.logs.queryOptions(input), placeholderData: keepPreviousData });
  },
  useAnalytics(input) {
    const trpc = useTRPC();
    return useQuery({ ...trpc.admin.usageAnalytics.queryOptions(input), placeholderData: keepPreviousData });
  },
  exportPath: '/api/admin/logs/export.csv',
};
