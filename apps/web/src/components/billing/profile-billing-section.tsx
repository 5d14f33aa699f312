// Profile → Billing (rendered by /profile): plan, status, usage, billing portal, cancel trial / subscription.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
  toast,
} from '@app/ui';
import { useTRPC } from '../../lib/trpc';
import { BillingActionButtons } from './billing-action-buttons';
import {
  formatDate,
  formatPlanName,
  isAnnualBilling,
  paymentText,
  statusLabel,
  statusOf,
  statusVariant,
  trialDaysLeft,
} from './subscription-format';

export function ProfileBillingSection() {
  const trpc = useTRPC();
  const q = useQuery(trpc.subscriptions.current.queryOptions());
  useEffect(() => {
    if (q.isError) toast.error('Failed to load subscription data');
  }, [q.isError]);
  const sub = q.data?.subscription ?? null;
  const status = statusOf(sub);

  return (
    <Card id="billing" data-testid="profile-billing">
      <CardHeader>
        <CardTitle>Billing</CardTitle>
        <CardDescription>Your plan, payment method and cancellation.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {q.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-base font-semibold">{formatPlanName(sub?.plan)}</span>
              <Badge variant={statusVariant(sub?.status)}>{statusLabel(sub?.status)}</Badge>
              {sub?.plan && (
                <span className="text-muted-foreground">
                  {isAnnualBilling(sub) ? 'Billed annually' : 'Billed monthly'}
                </span>
              )}
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-muted-foreground">Payment</dt>
              <dd>{paymentText(sub)}</dd>
              <dt className="text-muted-foreground">Messages</dt>
              <dd>
                {(sub?.messagesUsed ?? 0).toLocaleString('en-US')} of{' '}
                {(sub?.messageLimit ?? 50).toLocaleString('en-US')} this period
              </dd>
              {status === 'TRIALING' && (
                <>
                  <dt className="text-muted-foreground">Trial</dt>
                  <dd>
                    {trialDaysLeft(sub?.trialEnd)} days left · ends {formatDate(sub?.trialEnd)}
                    {sub?.cancelAtPeriodEnd ? ' (cancelled)' : ''}
                  </dd>
                </>
              )}
              {(status === 'ACTIVE' || status === 'PAST_DUE') && (
                <>
                  <dt className="text-muted-foreground">{sub?.cancelAtPeriodEnd ? 'Ends' : 'Renews'}</dt>
                  <dd>{formatDate(sub?.currentPeriodEnd)}</dd>
                </>
              )}
            </dl>
            <BillingActionButtons sub={sub}>
              <Button asChild variant="ghost" size="sm">
                <Link to="/dashboard#upgrade">Change plan</Link>
              </Button>
            </BillingActionButtons>
          </>
        )}
      </CardContent>
    </Card>
  );
}
