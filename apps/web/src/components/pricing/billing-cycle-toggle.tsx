// Monthly / Annual segmented control (the design system's ToggleGroup; an empty value is ignored).
import type { BillingCycleKey } from '@app/api/client';
import { ToggleGroup, ToggleGroupItem } from '@app/ui';

export function BillingCycleToggle({
  value,
  onChange,
}: {
  value: BillingCycleKey;
  onChange: (v: BillingCycleKey) => void;
}) {
  return (
    <ToggleGroup
      type="single"
      size="lg"
      value={value}
      onValueChange={(v) => v && onChange(v as BillingCycleKey)}
      aria-label="Billing cycle"
      className="border shadow-inner"
    >
      <ToggleGroupItem value="monthly" className="px-5">
        Monthly
      </ToggleGroupItem>
      <ToggleGroupItem value="annual" className="px-5">
        Annual
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">
          2 months free
        </span>
      </ToggleGroupItem>
    </ToggleGroup>
  );
}
