// The three summary cards of Usage Logs: requests, credits and success rate in the selected period.
import { Activity, CheckCircle2, Zap } from 'lucide-react';
import { StatCard } from '@app/ui';
import { formatCount, formatPercent } from '../admin-format';
import type { AdminUsageAnalytics } from '../types';

export function UsageStats({ analytics: a, loading }: { analytics?: AdminUsageAnalytics; loading: boolean }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <StatCard
        title="Total Requests"
        value={formatCount(a?.totalRequests)}
        icon={<Activity />}
        hint="In selected period"
        loading={loading}
        data-testid="stat-total-requests"
      />
      <StatCard
        title="Total Usage"
        value={formatCount(a?.totalUsage)}
        icon={<Zap />}
        hint="Credits consumed"
        loading={loading}
        data-testid="stat-total-usage"
      />
      <StatCard
        title="Success Rate"
        value={formatPercent(a?.successRate)}
        icon={<CheckCircle2 />}
        hint="Successful requests"
        loading={loading}
        data-testid="stat-success-rate"
      />
    </div>
  );
}
