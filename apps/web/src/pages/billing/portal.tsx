// /billing/portal — the payments simulator's billing portal (Stripe's hosted portal stands in for it when
// configured): current plan, payment method, invoices, cancel / resume, back to the app.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CreditCard, FlaskConical } from 'lucide-react';
import { formatCents } from '@app/api/client';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@app/ui';
import { useTRPC } from '../../lib/trpc';
import { CancelDialog } from '../../components/billing/cancel-dialog';
import { ScheduledChangeNotice } from '../../components/billing/scheduled-change-notice';
import { useBillingActions } from '../../components/billing/use-billing-actions';
import { describeSubscription, formatDate } from '../../components/billing/subscription-format';

/** Only same-origin paths are followed back. */
function safeReturn(url: string | null): string {
  if (!url) return '/dashboard';
  try {
    const u = new URL(url, window.location.origin);
    return u.origin === window.location.origin ? u.pathname + u.search : '/dashboard';
  } catch {
    return '/dashboard';
  }
}

export default function PortalPage() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const back = safeReturn(params.get('return_url'));
  const q = useQuery(trpc.subscriptions.current.queryOptions());
  const invoices = useQuery(trpc.billing.invoices.queryOptions());
  const billing = useBillingActions();
  const [confirm, setConfirm] = useState<'trial' | 'subscription' | null>(null);
  useEffect(() => {
    document.title = 'Billing portal — L&D Assistant';
  }, []);
  const sub = q.data?.subscription ?? null;
  const d = describeSubscription(sub);

  return (
    <div className="bg-muted/40 min-h-screen">
      <div className="bg-status-warning text-status-warning-foreground px-4 py-2 text-center text-xs font-medium">
        <FlaskConical className="mr-1 inline size-3.5" aria-hidden="true" />
        Payments simulator — billing portal
      </div>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
        <Link
          to={back}
          className="text-muted-foreground hover:text-foreground inline-flex items-center gap-1 text-sm"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Return to L&amp;D Assistant
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">Billing</h1>

        <Card>
          <CardHeader>
            <CardTitle>Current plan</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4 text-sm">
            {q.isPending ? (
              <Skeleton className="h-16 w-full" />
            ) : !sub ? (
              <p className="text-muted-foreground">You have no subscription.</p>
            ) : (
              <>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-lg font-semibold">{d.planLabel}</span>
                  <Badge variant={d.statusVariant}>{d.statusLabel}</Badge>
                  {d.cancelling && <Badge variant="outline">Cancels at period end</Badge>}
                </div>
                <p>
                  {d.priceCents > 0 && (
                    <>
                      {formatCents(d.priceCents)} per{' '}
                      {d.periodMonths && d.periodMonths > 1 ? `${d.periodMonths} months` : 'month'}
                      {d.periodText ? ' · ' : ''}
                    </>
                  )}
                  {d.periodText}
                </p>
                {d.periodRange && <p className="text-muted-foreground text-xs">{d.periodRange}</p>}
                <ScheduledChangeNotice d={d} />
                <div className="flex flex-wrap gap-2">
                  <Button asChild size="sm">
                    <Link to="/dashboard#upgrade">Update plan</Link>
                  </Button>
                  {d.canCancelTrial && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setConfirm('trial')}
                      disabled={billing.cancelPending}
                    >
                      Cancel trial
                    </Button>
                  )}
                  {d.canCancelSubscription && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setConfirm('subscription')}
                      disabled={billing.cancelPending}
                    >
                      Cancel plan
                    </Button>
                  )}
                  {d.canResume && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void billing.resume()}
                      disabled={billing.cancelPending}
                    >
                      Renew plan
                    </Button>
                  )}
                </div>
              </>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Payment method</CardTitle>
          </CardHeader>
          <CardContent className="flex items-center gap-3 text-sm">
            <CreditCard className="text-muted-foreground size-5" aria-hidden="true" />
            <span>{sub?.stripeCustomerId ? 'Credit card on file (test card)' : 'No payment method'}</span>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Invoice history</CardTitle>
            <CardDescription>Payments for your subscription.</CardDescription>
          </CardHeader>
          <CardContent>
            {invoices.isPending ? (
              <Skeleton className="h-12 w-full" />
            ) : (invoices.data?.invoices ?? []).length === 0 ? (
              <p className="text-muted-foreground text-sm">
                No invoices yet — nothing is charged during the trial.
              </p>
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Date</TableHead>
                    <TableHead>Plan</TableHead>
                    <TableHead className="text-right">Amount</TableHead>
                    <TableHead>Status</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {invoices.data!.invoices.map((i) => (
                    <TableRow key={i.id}>
                      <TableCell>{formatDate(i.createdAt)}</TableCell>
                      <TableCell>{i.plan ?? '—'}</TableCell>
                      <TableCell className="text-right">{formatCents(i.amountCents)}</TableCell>
                      <TableCell>
                        <Badge variant={i.status === 'succeeded' ? 'default' : 'destructive'}>
                          {i.status === 'succeeded' ? 'Paid' : 'Failed'}
                        </Badge>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </div>
      <CancelDialog
        kind={confirm}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm === 'trial') void billing.cancelTrial();
          else void billing.cancelSubscription(sub);
          setConfirm(null);
        }}
      />
    </div>
  );
}
