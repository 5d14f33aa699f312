// Plans (SPEC §2 Plans section, §3 Plans overview, §8 'Failed to fetch plan overview data'): totalUsers,
// totalRevenue, growthRate and churnRate as cards, the per-plan stats (plan, users, revenue, percentage) as a table,
// and an edit form per plan (PUT /admin/plans/{id}).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DollarSign, Pencil, TrendingDown, TrendingUp, Users } from 'lucide-react';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DataTable,
  Progress,
  StatCard,
  toast,
  type DataTableColumn,
} from '@app/ui';
import { useTRPC } from '../../lib/trpc';
import { formatCents, formatCount, formatPercent, formatSignedPercent } from './admin-format';
import { PlanEditDialog } from './plan-edit-dialog';
import { SectionHeader } from './section-header';
import type { AdminPlanRow, AdminPlanStat } from './types';
import { useErrorToast } from './use-error-toast';

export function PlansSection() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.admin.plansOverview.queryOptions());
  const plans = useQuery(trpc.admin.plans.queryOptions());
  const [editing, setEditing] = useState<AdminPlanRow | null>(null);
  useErrorToast(overview, () => toast.error('Failed to fetch plan overview data'));

  const o = overview.data;
  const loading = !o && overview.isPending;
  const rowOf = (id: string | null) => plans.data?.plans.find((p) => p.id === id);

  const columns: DataTableColumn<AdminPlanStat>[] = [
    {
      id: 'plan',
      header: 'Plan',
      cell: (s) => {
        const row = rowOf(s.planId);
        return (
          <span className="flex items-center gap-2 font-medium">
            {s.plan}
            {row && !row.isActive && <Badge variant="outline">Inactive</Badge>}
            {row?.popular && <Badge variant="secondary">Popular</Badge>}
            {!s.planId && <Badge variant="outline">Retired</Badge>}
          </span>
        );
      },
    },
    {
      id: 'users',
      header: 'Users',
      align: 'right',
      cell: (s) => <span className="tabular-nums">{formatCount(s.users)}</span>,
    },
    {
      id: 'revenue',
      header: 'Revenue',
      align: 'right',
      cell: (s) => <span className="tabular-nums">{formatCents(s.revenueCents)}</span>,
    },
    {
      id: 'percentage',
      header: 'Percentage',
      cell: (s) => (
        <div className="flex min-w-36 items-center gap-3">
          <Progress value={s.percentage} className="h-1.5 flex-1" aria-label={`${s.plan}: share of users`} />
          <span className="w-14 text-right tabular-nums">{formatPercent(s.percentage)}</span>
        </div>
      ),
    },
    {
      id: 'edit',
      header: <span className="sr-only">Edit</span>,
      align: 'right',
      cell: (s) => {
        const row = rowOf(s.planId);
        return row ? (
          <Button variant="outline" size="sm" onClick={() => setEditing(row)} aria-label={`Edit ${s.plan}`}>
            <Pencil aria-hidden /> Edit
          </Button>
        ) : null;
      },
    },
  ];

  return (
    <section className="space-y-6" aria-labelledby="admin-plans-title">
      <SectionHeader
        title={<span id="admin-plans-title">Plans</span>}
        subtitle="Subscribers, revenue and growth per plan; edit what each plan offers"
      />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Total Users"
          value={formatCount(o?.totalUsers)}
          icon={<Users />}
          hint={o ? `${formatCount(o.newUsersThisMonth)} new this month` : 'All accounts'}
          loading={loading}
        />
        <StatCard
          title="Total Revenue"
          value={formatCents(o?.totalRevenueCents)}
          icon={<DollarSign />}
          hint="All time, succeeded payments"
          loading={loading}
        />
        <StatCard
          title="Growth Rate"
          value={formatSignedPercent(o?.growthRate ?? 0)}
          icon={<TrendingUp />}
          hint={
            o
              ? `New users: ${formatCount(o.newUsersThisMonth)} this month vs ${formatCount(o.newUsersLastMonth)} last`
              : 'New users vs last month'
          }
          loading={loading}
        />
        <StatCard
          title="Churn Rate"
          value={formatPercent(o?.churnRate)}
          icon={<TrendingDown />}
          hint={
            o
              ? `${formatCount(o.cancellationsThisMonth)} cancellations of ${formatCount(o.liveSubscriptionsAtMonthStart)} at month start`
              : 'Cancellations this month'
          }
          loading={loading}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Plan breakdown</CardTitle>
          <CardDescription>
            Live subscriptions (active, trial, past due) and all-time revenue per plan
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            aria-label="Plan breakdown"
            columns={columns}
            rows={o?.planStats ?? []}
            getRowId={(s, i) => s.planId ?? `${s.plan}-${i}`}
            loading={loading}
            skeletonRows={3}
            empty={overview.isError ? 'The overview could not be loaded.' : 'No plans yet.'}
          />
        </CardContent>
      </Card>
      <PlanEditDialog plan={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </section>
  );
}
