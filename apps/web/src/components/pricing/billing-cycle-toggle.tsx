// Monthly / Annual segmented control (the design system's ToggleGroup; an empty value is ignored).
import type { BillingCycleKey } from '@app/api/client';
import { Badge, ToggleGroup, ToggleGroupItem } from '@app/ui';

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
    >
      <ToggleGroupItem value="monthly">Monthly</ToggleGroupItem>
      <ToggleGroupItem value="annual">
        Annual
        <Badge variant="success" shape="pill">
          2 months free
        </Badge>
      </ToggleGroupItem>
    </ToggleGroup>
  );
}
