// The three summary cards of Usage Logs: requests, credits and success rate in the selected period.
import { Activity, CheckCircle2, Zap } from 'lucide-react';
import { StatCard } from '@app/ui';
import { formatCount, formatPercent } from '../admin-format';
import type { AdminUsageAnalytics } from '../types';

export function UsageStats({ analytics: a, loading }: { analytics?: AdminUsageAnalytics; loading: boolean }) {
  const cards = [
    [
      'Total Requests',
      formatCount(a?.totalRequests),
      <Activity />,
      'In selected period',
      'stat-total-requests',
    ],
    ['Total Usage', formatCount(a?.totalUsage), <Zap />, 'Credits consumed', 'stat-total-usage'],
    [
      'Success Rate',
      formatPercent(a?.successRate),
      <CheckCircle2 />,
      'Successful requests',
      'stat-success-rate',
    ],
  ] as const;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {cards.map(([title, value, icon, hint, testId]) => (
        <StatCard
          key={testId}
          title={title}
          value={value}
          icon={icon}
          hint={hint}
          loading={loading}
          data-testid={testId}
        />
      ))}
    </div>
  );
}
