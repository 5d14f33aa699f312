// 'Usage Activity': one page of log entries, newest first, with 'Showing X to Y of Z logs'.
import type { UseQueryResult } from '@tanstack/react-query';
import {
  Badge,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DataTable,
  type DataTableColumn,
} from '@app/ui';
import {
  LOGS_PAGE_SIZE,
  actionLabel,
  formatCredits,
  formatTimestamp,
  logStatusVariant,
  personName,
} from '../admin-format';
import type { AdminLogEntry, AdminLogsPage } from '../types';

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

export function UsageActivityCard({
  logs,
  page,
  onPageChange,
}: {
  logs: UseQueryResult<AdminLogsPage, unknown>;
  page: number;
  onPageChange(page: number): void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Usage Activity</CardTitle>
        <CardDescription>Every recorded call, newest first</CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          aria-label="Usage Activity"
          columns={columns}
          rows={logs.data?.logs ?? []}
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
            // The server reads one row past the page, so its nextCursor says exactly whether more follow.
            hasNext: logs.data ? logs.data.pagination.nextCursor !== null : undefined,
            onPageChange,
            itemLabel: 'logs',
          }}
        />
      </CardContent>
    </Card>
  );
}
