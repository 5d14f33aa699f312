// Usage Logs (SPEC §2 Usage Logs screen, §3 Usage log entry / Usage analytics, §4 badge and reload rules, §7, §8):
// Refresh, Clear Test Data, Export CSV (every row matching the filters, streamed by the server), three summary
// cards, 'Filter & Export' (search on Enter, action filter, two-month date range), requests per day, and the
// 'Usage Activity' table with 'Showing X to Y of Z logs'. Changing the page, the action or the range reloads; the
// typed search applies on Enter or Refresh only. The data comes from a `UsageSource`: the whole platform for the
// admin back office, one workspace for a team's /team/usage (Clear Test Data is the platform's only).
//
// This file holds the section's state and data; each part of the screen is a component beside it.
import { toast } from '@app/ui';
import { LOGS_PAGE_SIZE } from '../admin-format';
import { SectionHeader } from '../section-header';
import { useErrorToast } from '../use-error-toast';
import { platformUsageSource, type UsageSource } from '../usage-source';
import { UsageActions } from './usage-actions';
import { UsageFilterCard } from './usage-filter-card';
import { RequestsPerDayCard } from './requests-per-day-card';
import { UsageActivityCard } from './usage-activity-card';
import { UsageStats } from './usage-stats';
import { useUsageFilters } from './use-usage-filters';

export function UsageSection({ source = platformUsageSource }: { source?: UsageSource } = {}) {
  const filterState = useUsageFilters();
  const { filters, page, cursor, setPage, range } = filterState;
  const logs = source.useLogs({ ...filters, page, cursor, limit: LOGS_PAGE_SIZE });
  const analytics = source.useAnalytics(filters);
  useErrorToast(
    {
      isError: logs.isError || analytics.isError,
      errorUpdatedAt: Math.max(logs.errorUpdatedAt, analytics.errorUpdatedAt),
    },
    () => toast.error('Error', { description: 'Failed to fetch usage data. Please try again.' }),
  );

  /** Refresh: applies the typed search (from page 1) and reloads. */
  function refresh() {
    if (filterState.applyTypedSearch()) return;
    void logs.refetch();
    void analytics.refetch();
  }

  const statsLoading = !analytics.data && analytics.isPending;
  return (
    <section className="space-y-6" aria-labelledby="admin-usage-title">
      <SectionHeader
        title={<span id="admin-usage-title">Usage Logs</span>}
        subtitle={source.subtitle}
        actions={
          <UsageActions
            source={source}
            filters={filters}
            refreshing={logs.isFetching || analytics.isFetching}
            onRefresh={refresh}
            nothingToExport={logs.data?.pagination.total === 0}
            onCleared={() => setPage(1)}
          />
        }
      />
      <UsageStats analytics={analytics.data} loading={statsLoading} />
      <UsageFilterCard state={filterState} />
      <RequestsPerDayCard range={range} perDay={analytics.data?.perDay ?? []} loading={statsLoading} />
      <UsageActivityCard
        logs={logs}
        page={page}
        onPageChange={(p) => setPage(p, logs.data?.pagination.nextCursor)}
      />
    </section>
  );
}
