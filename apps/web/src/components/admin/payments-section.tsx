// Payment Status (SPEC §2 Payment Status screen, §3 Payment status / Transaction, §4 transaction badges, §8
// 'Failed to fetch Stripe data'): '{provider} Status', four cards, the static integration card with 'Open Stripe
// Dashboard' (Stripe's dashboard, or the simulator's own page without a Stripe key — the server says which), and
// Recent Transactions. Amounts are recorded in cents and shown as currency.
import { useQuery } from '@tanstack/react-query';
import {
  AlertTriangle,
  CheckCircle2,
  CreditCard,
  DollarSign,
  ExternalLink,
  RefreshCw,
  TrendingUp,
} from 'lucide-react';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DataTable,
  StatCard,
  cn,
  toast,
  type DataTableColumn,
} from '@app/ui';
import { useTRPC } from '../../lib/trpc';
import { formatPlanName } from '../billing/subscription-format';
import {
  TRANSACTIONS_LIMIT,
  formatCents,
  formatCount,
  formatDay,
  transactionStatusVariant,
} from './admin-format';
import { SectionHeader } from './section-header';
import type { AdminTransaction } from './types';
import { useErrorToast } from './use-error-toast';

const columns: DataTableColumn<AdminTransaction>[] = [
  {
    id: 'id',
    header: 'Transaction ID',
    cell: (t) => (
      <code className="block max-w-48 truncate font-mono text-xs" title={t.id}>
        {t.id}
      </code>
    ),
  },
  {
    id: 'customer',
    header: 'Customer',
    cell: (t) => (
      <div className="flex min-w-40 flex-col">
        <span className="truncate">{t.customer.email ?? t.customer.customerId ?? '—'}</span>
        {t.customer.name && <span className="text-muted-foreground truncate text-xs">{t.customer.name}</span>}
      </div>
    ),
  },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (t) => <span className="tabular-nums">{formatCents(t.amountCents, t.currency)}</span>,
  },
  { id: 'plan', header: 'Plan', cell: (t) => (t.plan ? formatPlanName(t.plan) : '—') },
  {
    id: 'status',
    header: 'Status',
    cell: (t) => (
      <Badge variant={transactionStatusVariant(t.status)} className="capitalize">
        {t.status}
      </Badge>
    ),
  },
  { id: 'date', header: 'Date', cell: (t) => formatDay(t.created) },
];

export function PaymentsSection() {
  const trpc = useTRPC();
  const status = useQuery(trpc.admin.paymentStatus.queryOptions());
  const transactions = useQuery(trpc.admin.transactions.queryOptions({ limit: TRANSACTIONS_LIMIT }));
  useErrorToast(
    {
      isError: status.isError || transactions.isError,
      errorUpdatedAt: Math.max(status.errorUpdatedAt, transactions.errorUpdatedAt),
    },
    () => toast.error('Error', { description: 'Failed to fetch Stripe data. Please try again.' }),
  );

  const s = status.data;
  const provider = s?.provider;
  const loading = !s && status.isPending;
  const refreshing = status.isFetching || transactions.isFetching;

  return (
    <section className="space-y-6" aria-labelledby="admin-payments-title">
      <SectionHeader
        title={<span id="admin-payments-title">{provider?.name ?? 'Stripe'} Status</span>}
        subtitle="Monitor payment processing and subscriptions"
        actions={
          <Button
            variant="outline"
            onClick={() => {
              void status.refetch();
              void transactions.refetch();
            }}
            aria-busy={refreshing || undefined}
          >
            <RefreshCw aria-hidden className={cn(refreshing && 'animate-spin')} />
            Refresh
          </Button>
        }
      />

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Total Revenue"
          value={formatCents(s?.totalRevenueCents)}
          icon={<DollarSign />}
          hint="All time"
          loading={loading}
          data-testid="stat-total-revenue"
        />
        <StatCard
          title="Monthly Revenue"
          value={formatCents(s?.monthlyRevenueCents)}
          icon={<TrendingUp />}
          hint="This month"
          loading={loading}
          data-testid="stat-monthly-revenue"
        />
        <StatCard
          title="Active Subscriptions"
          value={formatCount(s?.activeSubscriptions)}
          icon={<CreditCard />}
          hint={
            s && (s.trialingSubscriptions || s.pastDueSubscriptions)
              ? `Currently active · ${formatCount(s.trialingSubscriptions)} in trial, ${formatCount(s.pastDueSubscriptions)} past due`
              : 'Currently active'
          }
          loading={loading}
          data-testid="stat-active-subscriptions"
        />
        <StatCard
          title="Failed Payments"
          value={formatCount(s?.failedPayments)}
          icon={<AlertTriangle />}
          hint="This month"
          loading={loading}
          data-testid="stat-failed-payments"
        />
      </div>

      <Card>
        <CardHeader className="gap-4 sm:grid-cols-[1fr_auto]">
          <div className="grid gap-1.5">
            <CardTitle>Integration Status</CardTitle>
            <CardDescription>
              {provider?.mode === 'simulator'
                ? 'Payments run on the built-in simulator (no Stripe key is configured).'
                : 'Card payments are processed by Stripe.'}
            </CardDescription>
          </div>
          <Button asChild variant="outline" className="w-full sm:w-auto">
            <a
              href={provider?.dashboardUrl ?? 'https://dashboard.stripe.com/'}
              target="_blank"
              rel="noopener noreferrer"
            >
              Open Stripe Dashboard
              <ExternalLink aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Button>
        </CardHeader>
        <CardContent>
          <div className="flex items-start gap-3">
            <CheckCircle2 className="text-status-success-foreground mt-0.5 size-5 shrink-0" aria-hidden />
            <div className="grid gap-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span>Operational</span>
                <Badge variant="success">Connected</Badge>
              </p>
              <p className="text-muted-foreground text-sm">All systems functioning normally</p>
            </div>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Recent Transactions</CardTitle>
          <CardDescription>The latest {TRANSACTIONS_LIMIT} payments recorded</CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            aria-label="Recent Transactions"
            columns={columns}
            rows={transactions.data?.transactions ?? []}
            getRowId={(t) => t.id}
            loading={!transactions.data && transactions.isPending}
            skeletonRows={5}
            empty={
              transactions.isError && !transactions.data
                ? 'Transactions could not be loaded.'
                : 'No transactions yet.'
            }
          />
        </CardContent>
      </Card>
    </section>
  );
}
