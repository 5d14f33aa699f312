// A booked downgrade on the billing cards: 'Changes to Starter on Dec 24, 2026', with a way to keep the plan.
import { CalendarClock } from 'lucide-react';
import { Button } from '@app/ui';
import type { SubscriptionDescription } from './subscription-format';
import { useBillingActions } from './use-billing-actions';

export function ScheduledChangeNotice({
  d,
}: {
  d: Pick<SubscriptionDescription, 'scheduledText' | 'planLabel'>;
}) {
  const billing = useBillingActions();
  if (!d.scheduledText) return null;
  return (
    <div
      data-testid="scheduled-change"
      className="bg-muted/50 flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
    >
      <span className="flex items-center gap-2">
        <CalendarClock className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
        {d.scheduledText}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={billing.cancelScheduledPending}
        onClick={() => void billing.cancelScheduledChange()}
      >
        Keep {d.planLabel}
      </Button>
    </div>
  );
}
