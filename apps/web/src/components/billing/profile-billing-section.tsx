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
import { ScheduledChangeNotice } from './scheduled-change-notice';
import { describeSubscription } from './subscription-format';

export function ProfileBillingSection() {
  const trpc = useTRPC();
  const q = useQuery(trpc.subscriptions.current.queryOptions());
  useEffect(() => {
    if (q.isError) toast.error('Failed to load subscription data');
  }, [q.isError]);
  const sub = q.data?.subscription ?? null;
  const d = describeSubscription(sub);

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
              <span className="text-base font-semibold">{d.planLabel}</span>
              <Badge variant={d.statusVariant}>{d.statusLabel}</Badge>
              {d.hasPlan && (
                <span className="text-muted-foreground">
                  {d.annual ? 'Billed annually' : 'Billed monthly'}
                </span>
              )}
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-muted-foreground">Payment</dt>
              <dd>{d.paymentText}</dd>
              <dt className="text-muted-foreground">Messages</dt>
              <dd>
                {d.messagesUsed.toLocaleString('en-US')} of {d.messageLimit.toLocaleString('en-US')} this
                period
              </dd>
              {d.periodText && (
                <>
                  <dt className="text-muted-foreground">{d.trialing ? 'Trial' : 'Period'}</dt>
                  <dd data-testid="period-text">
                    {d.trialing && `${d.trialDaysLeft} ${d.trialDaysLeft === 1 ? 'day' : 'days'} left · `}
                    {d.periodText}
                    {d.periodRange && (
                      <span className="text-muted-foreground block text-xs">{d.periodRange}</span>
                    )}
                  </dd>
                </>
              )}
            </dl>
            <ScheduledChangeNotice d={d} />
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
