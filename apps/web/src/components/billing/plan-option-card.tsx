// One plan as a selectable card (trial plan dialog, dashboard upgrade panel, simulator portal). The full card
// lists every feature: with only the first four, Pro looked like Starter and Team lost what it adds.
import { Check } from 'lucide-react';
import { formatCents, type BillingCycleKey, type PublicPlan } from '@app/api/client';
import { Badge, Button, cn } from '@app/ui';

export function PlanOptionCard({
  plan,
  cycle,
  selected,
  current,
  scheduledLabel,
  actionLabel,
  onSelect,
  disabled,
  compact,
}: {
  plan: PublicPlan;
  cycle: BillingCycleKey;
  selected?: boolean;
  current?: boolean;
  /** A booked change to this option, e.g. 'From Dec 24'. */
  scheduledLabel?: string | null;
  actionLabel?: string;
  onSelect: () => void;
  disabled?: boolean;
  compact?: boolean;
}) {
  const cents = cycle === 'annual' ? plan.annualPriceCents : plan.monthlyPriceCents;
  return (
    <div
      data-testid={`plan-option-${plan.id}`}
      data-selected={selected ? 'true' : 'false'}
      className={cn(
        'bg-card relative flex flex-col rounded-xl border p-4 transition-shadow',
        selected ? 'border-primary ring-primary/30 shadow-md ring-2' : 'hover:shadow-sm',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{plan.name}</h3>
        {/* Wraps under the name when a narrow card holds several badges (Current, From …, Most Popular). */}
        <div className="flex flex-wrap gap-1">
          {current && <Badge variant="secondary">Current</Badge>}
          {scheduledLabel && <Badge variant="outline">{scheduledLabel}</Badge>}
          {plan.popular && <Badge>Most Popular</Badge>}
        </div>
      </div>
      <p className="mt-2 flex items-baseline gap-1">
        <span className="text-2xl font-bold tracking-tight">{formatCents(cents)}</span>
        <span className="text-muted-foreground text-sm">{plan.period[cycle]}</span>
      </p>
      <p className="text-muted-foreground mt-1 text-sm">{plan.messages[cycle]}</p>
      {!compact && (
        <ul className="mt-3 space-y-1.5 text-sm" aria-label={`${plan.name} features`}>
          {plan.features.map((f) => (
            <li key={f} className="flex items-start gap-2">
              <Check className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{f}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-4">
        <Button
          type="button"
          className="w-full"
          variant={selected ? 'default' : 'outline'}
          onClick={onSelect}
          disabled={disabled}
          aria-pressed={actionLabel ? undefined : !!selected}
        >
          {actionLabel ?? (selected ? 'Selected' : `Choose ${plan.name}`)}
        </Button>
      </div>
    </div>
  );
}
