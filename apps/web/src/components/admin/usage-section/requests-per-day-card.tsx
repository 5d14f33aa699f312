// Requests per day over the chosen range (the last 30 days without one), days in UTC.
import {
  BarChart,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  type DateRangeValue,
} from '@app/ui';
import { chartBars, dateRangeLabel } from '../admin-format';
import type { AdminUsageAnalytics } from '../types';

export function RequestsPerDayCard({
  range,
  perDay,
  loading,
}: {
  range: DateRangeValue | undefined;
  perDay: AdminUsageAnalytics['perDay'];
  loading: boolean;
}) {
  const bars = chartBars(perDay, !!range?.from);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Requests per day</CardTitle>
        <CardDescription>
          {range?.from ? dateRangeLabel(range) : 'Last 30 days'} · days in UTC
        </CardDescription>
      </CardHeader>
      <CardContent>
        <BarChart
          title={`Requests per day, ${range?.from ? dateRangeLabel(range) : 'last 30 days'}`}
          categoryLabel="Day"
          valueLabel="Requests"
          data={bars}
          loading={loading}
          empty="No requests in this period"
          maxTicks={bars.length > 20 ? 6 : 8}
        />
      </CardContent>
    </Card>
  );
}
