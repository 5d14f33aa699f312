// The billing action row shared by the dashboard's Billing Information card and the profile's Billing
// section: billing portal, cancel trial / subscription (with confirmation), and undoing a cancellation.
import { useState, type ReactNode } from 'react';
import { Button } from '@app/ui';
import { CancelDialog } from './cancel-dialog';
import { describeSubscription, type DescribableSubscription } from './subscription-format';
import { useBillingActions } from './use-billing-actions';

interface Props {
  sub: DescribableSubscription | null;
  /** Style of the cancel/resume buttons. */
  variant?: 'outline' | 'ghost';
  /** Dashboard: during a trial, say that the portal is not available yet. */
  duringTrialMessage?: boolean;
  /** Extra actions shown after the standard ones. */
  children?: ReactNode;
}

export function BillingActionButtons({ sub, variant = 'outline', duringTrialMessage, children }: Props) {
  const billing = useBillingActions();
  const [confirm, setConfirm] = useState<'trial' | 'subscription' | null>(null);
  const d = describeSubscription(sub);
  return (
    <>
      <div className="flex flex-wrap gap-2 pt-1">
        <Button
          variant="outline"
          size="sm"
          disabled={billing.portalPending}
          onClick={() => void billing.openPortal(sub, { duringTrialMessage })}
        >
          Manage Billing
        </Button>
        {d.canCancelTrial && (
          <Button
            variant={variant}
            size="sm"
            disabled={billing.cancelPending}
            onClick={() => setConfirm('trial')}
          >
            Cancel Trial
          </Button>
        )}
        {d.canCancelSubscription && (
          <Button
            variant={variant}
            size="sm"
            // SPEC §5: cancelling needs a stored subscription id.
            disabled={billing.cancelPending || !sub?.stripeSubscriptionId}
            onClick={() => setConfirm('subscription')}
          >
            Cancel Subscription
          </Button>
        )}
        {d.canResume && (
          <Button
            variant={variant}
            size="sm"
            disabled={billing.cancelPending}
            onClick={() => void billing.resume()}
          >
            Keep my plan
          </Button>
        )}
        {children}
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
    </>
  );
}
