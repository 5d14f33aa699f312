// The Usage Logs screen's data for one team (/team/usage): the workspace-scoped twins of the admin usage-log
// procedures, and the team's CSV export.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UsageSource } from '../admin/usage-source';
import { useTRPC } from '../../lib/trpc';

export const workspaceUsageSource: UsageSource = {
  kind: 'workspace',
  subtitle: "Your team's activity: who used the assistant, when, and how much",
  useLogs(input) {
    const trpc = useTRPC();
    return useQuery({ ...trpc.workspaces.usage.queryOptions(input), placeholderData: keepPreviousData });
  },
  useAnalytics(input) {
    const trpc = useTRPC();
    return useQuery({
      ...trpc.workspaces.usageAnalytics.queryOptions(input),
      placeholderData: keepPreviousData,
    });
  },
  exportPath: '/api/workspaces/current/usage/export.csv',
};
