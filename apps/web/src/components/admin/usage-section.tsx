// Usage Logs (SPEC §2 Usage Logs screen, §3 Usage log entry / Usage analytics, §4 badge and reload rules, §7, §8):
// Refresh, Clear Test Data, Export CSV (every row matching the filters, streamed by the server), three summary
// cards, 'Filter & Export' (search on Enter, action filter, two-month date range), requests per day, and the
// 'Usage Activity' table with 'Showing X to Y of Z logs'. Changing the page, the action or the range reloads; the
// typed search applies on Enter or Refresh only. The data comes from a `UsageSource`: the whole platform for the
// admin back office, one workspace for a team's /team/usage (Clear Test Data is the platform's only).
import { useState } from 'react';
import { startOfMonth, subMonths } from 'date-fns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Activity, CheckCircle2, Download, Filter, RefreshCw, Search, Trash2, X, Zap } from 'lucide-react';
import { USAGE_ACTION_LABELS, USAGE_ACTION_VALUES, type UsageAction } from '@app/api/schemas';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  Badge,
  BarChart,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DataTable,
  DateRangePicker,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Spinner,
  StatCard,
  cn,
  toast,
  type DataTableColumn,
  type DateRangeValue,
} from '@app/ui';
import { useTRPC } from '../../lib/trpc';
import {
  LOGS_PAGE_SIZE,
  actionLabel,
  chartBars,
  dateRangeLabel,
  formatCount,
  formatCredits,
  formatPercent,
  formatTimestamp,
  logStatusVariant,
  personName,
  rangeToQuery,
  usageCsvFileName,
} from './admin-format';
import { downloadServerCsv } from './download';
import { SectionHeader } from './section-header';
import type { AdminLogEntry } from './types';
import { useErrorToast } from './use-error-toast';
import { platformUsageSource, type UsageSource } from './usage-source';

const ALL = 'all';

export function UsageSection({ source = platformUsageSource }: { source?: UsageSource } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [action, setAction] = useState<string>(ALL);
  const [range, setRange] = useState<DateRangeValue | undefined>();
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);

  const filters = {
    action: action === ALL ? undefined : (action as UsageAction),
    search: search || undefined,
    ...rangeToQuery(range),
  };
  const logs = source.useLogs({ ...filters, page, limit: LOGS_PAGE_SIZE });
  const analytics = source.useAnalytics(filters);
  useErrorToast(
    {
      isError: logs.isError || analytics.isError,
      errorUpdatedAt: Math.max(logs.errorUpdatedAt, analytics.errorUpdatedAt),
    },
    () => toast.error('Error', { description: 'Failed to fetch usage data. Please try again.' }),
  );

  const clear = useMutation(trpc.admin.clearTestUsage.mutationOptions());
  const refreshing = logs.isFetching || analytics.isFetching;

  /** Refresh: applies the typed search (from page 1) and reloads. */
  function refresh() {
    const typed = text.trim();
    if (typed !== search) {
      setSearch(typed);
      setPage(1);
      return;
    }
    void logs.refetch();
    void analytics.refetch();
  }

  async function clearTestData() {
    try {
      const { deletedCount } = await clear.mutateAsync();
      toast.success('Test Data Cleared', { description: `Cleared ${deletedCount} test usage records` });
      setPage(1);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.admin.logs.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.admin.usageAnalytics.queryKey() }),
      ]);
    } catch {
      toast.error('Error', { description: 'Failed to clear test data. Please try again.' });
    }
  }

  /** Export CSV: every log matching the filters (not only this page), as the server streams it. */
  async function exportCsv() {
    setExporting(true);
    try {
      await downloadServerCsv(source.exportPath, filters, usageCsvFileName());
      toast.success('Export Complete', { description: 'Usage logs have been exported to CSV' });
    } catch {
      toast.error('Export Failed', { description: 'Failed to export usage logs. Please try again.' });
    } finally {
      setExporting(false);
    }
  }

  const a = analytics.data;
  const statsLoading = !a && analytics.isPending;
  const loadedLogs = logs.data?.logs ?? [];
  const bars = chartBars(a?.perDay ?? [], !!range?.from);
  // Future days cannot be picked: open on last month and this one.
  const lastMonth = subMonths(startOfMonth(new Date()), 1);

  const columns: DataTableColumn<AdminLogEntry>[] = [
    {
      id: 'user',
      header: 'User',
      cell: (e) => {
        const name = personName(e.user);
        return e.user ? (
          <div className="flex min-w-44 flex-col">
            <span className="truncate font-medium">{e.user.email}</span>
            {name && <span className="text-muted-foreground truncate text-xs">{name}</span>}
            {e.actor && <span className="text-muted-foreground truncate text-xs">by {e.actor.email}</span>}
          </div>
        ) : (
          <span className="text-muted-foreground">Anonymous</span>
        );
      },
    },
    {
      id: 'action',
      header: 'Action',
      cell: (e) => (
        <Badge variant="outline" data-testid="log-action" data-action={e.action}>
          {actionLabel(e.action)}
        </Badge>
      ),
    },
    {
      id: 'timestamp',
      header: 'Timestamp',
      cell: (e) => {
        const [day, time] = formatTimestamp(e.timestamp).split(/ (?=\d{2}:)/);
        return (
          <time dateTime={new Date(e.timestamp).toISOString()} className="flex flex-col tabular-nums">
            <span>{day}</span>
            <span className="text-muted-foreground text-xs">{time}</span>
          </time>
        );
      },
    },
    {
      id: 'usage',
      header: 'Usage',
      align: 'right',
      cell: (e) => <span className="tabular-nums">{formatCredits(e.usage)}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (e) => (
        <Badge variant={logStatusVariant(e.status)} className="capitalize">
          {e.status}
        </Badge>
      ),
    },
    {
      id: 'endpoint',
      header: 'Endpoint',
      cell: (e) => (
        <div className="flex max-w-48 min-w-32 flex-col">
          <code className="truncate font-mono text-xs" title={e.endpoint}>
            {e.endpoint}
          </code>
          {e.details && (
            <span className="text-muted-foreground truncate text-xs" title={e.details}>
              {e.details}
            </span>
          )}
        </div>
      ),
    },
  ];

  return (
    <section className="space-y-6" aria-labelledby="admin-usage-title">
      <SectionHeader
        title={<span id="admin-usage-title">Usage Logs</span>}
        subtitle={source.subtitle}
        actions={
          <>
            <Button variant="outline" onClick={refresh} aria-busy={refreshing || undefined}>
              <RefreshCw
                aria-hidden
                className={cn(refreshing && 'animate-spin')}
                data-spinning={refreshing}
              />
              Refresh
            </Button>
            {source.kind === 'platform' && (
              <AlertDialog>
                <AlertDialogTrigger asChild>
                  <Button variant="outline" disabled={clear.isPending}>
                    {clear.isPending ? <Spinner /> : <Trash2 aria-hidden />}
                    Clear Test Data
                  </Button>
                </AlertDialogTrigger>
                <AlertDialogContent>
                  <AlertDialogHeader>
                    <AlertDialogTitle>Clear test data?</AlertDialogTitle>
                    <AlertDialogDescription>
                      This permanently deletes the usage records of test accounts (addresses at example.com,
                      .test and other reserved domains) and of test helpers. Real customers&apos; records are
                      kept.
                    </AlertDialogDescription>
                  </AlertDialogHeader>
                  <AlertDialogFooter>
                    <AlertDialogCancel>Cancel</AlertDialogCancel>
                    <AlertDialogAction variant="destructive" onClick={() => void clearTestData()}>
                      Clear Test Data
                    </AlertDialogAction>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
            )}
            <Button
              onClick={() => void exportCsv()}
              disabled={exporting || logs.data?.pagination.total === 0}
              aria-busy={exporting || undefined}
              title="Every log matching the filters, as CSV"
            >
              {exporting ? <Spinner /> : <Download aria-hidden />}
              Export CSV
            </Button>
          </>
        }
      />

      <div className="grid gap-4 md:grid-cols-3">
        <StatCard
          title="Total Requests"
          value={formatCount(a?.totalRequests)}
          icon={<Activity />}
          hint="In selected period"
          loading={statsLoading}
          data-testid="stat-total-requests"
        />
        <StatCard
          title="Total Usage"
          value={formatCount(a?.totalUsage)}
          icon={<Zap />}
          hint="Credits consumed"
          loading={statsLoading}
          data-testid="stat-total-usage"
        />
        <StatCard
          title="Success Rate"
          value={formatPercent(a?.successRate)}
          icon={<CheckCircle2 />}
          hint="Successful requests"
          loading={statsLoading}
          data-testid="stat-success-rate"
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Filter className="size-4" aria-hidden /> Filter &amp; Export
          </CardTitle>
          <CardDescription>Search by user, filter by action and pick a period</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_auto_auto]">
            <div className="grid gap-1.5">
              <Label htmlFor="usage-search">Search</Label>
              <div className="relative">
                <Search
                  className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
                  aria-hidden
                />
                <Input
                  id="usage-search"
                  type="search"
                  className="pl-9"
                  placeholder="Search by user email..."
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key !== 'Enter') return;
                    e.preventDefault();
                    setSearch(text.trim());
                    setPage(1);
                  }}
                />
              </div>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="usage-action">Action</Label>
              <Select
                value={action}
                onValueChange={(v) => {
                  setAction(v);
                  setPage(1);
                }}
              >
                <SelectTrigger id="usage-action" className="w-full lg:w-48">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>All Actions</SelectItem>
                  {USAGE_ACTION_VALUES.map((v) => (
                    <SelectItem key={v} value={v}>
                      {USAGE_ACTION_LABELS[v]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="usage-range">Date range</Label>
              <div className="flex gap-2">
                <DateRangePicker
                  id="usage-range"
                  value={range}
                  onChange={(r) => {
                    setRange(r);
                    setPage(1);
                  }}
                  disabled={{ after: new Date() }}
                  defaultMonth={lastMonth}
                  aria-label="Date range"
                />
                {range?.from && (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label="Clear date range"
                    onClick={() => {
                      setRange(undefined);
                      setPage(1);
                    }}
                  >
                    <X />
                  </Button>
                )}
              </div>
            </div>
          </div>
        </CardContent>
      </Card>

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
            loading={statsLoading}
            empty="No requests in this period"
            maxTicks={bars.length > 20 ? 6 : 8}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Usage Activity</CardTitle>
          <CardDescription>Every recorded call, newest first</CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            aria-label="Usage Activity"
            columns={columns}
            rows={loadedLogs}
            getRowId={(e) => e.id}
            loading={!logs.data && logs.isPending}
            empty={logs.isError && !logs.data ? 'Usage logs could not be loaded.' : 'No logs found.'}
            pagination={{
              page,
              pageSize: LOGS_PAGE_SIZE,
              total: logs.data?.pagination.total ?? 0,
              // Past the server's count cap the total is a lower bound: "10,000+" (issue 40).
              totalLabel: logs.data?.pagination.totalCapped
                ? `${logs.data.pagination.total.toLocaleString('en-US')}+`
                : undefined,
              onPageChange: setPage,
              itemLabel: 'logs',
            }}
          />
        </CardContent>
      </Card>
    </section>
  );
}
