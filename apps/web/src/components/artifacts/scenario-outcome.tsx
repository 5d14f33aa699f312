import { Badge } from '@app/ui';

const OUTCOME: Record<string, { label: string; variant: 'success' | 'warning' | 'destructive' }> = {
  success: { label: 'Success', variant: 'success' },
  partial: { label: 'Partial success', variant: 'warning' },
  failure: { label: 'Failure', variant: 'destructive' },
};

export function OutcomeBadge({ outcome }: { outcome: string }) {
  const o = OUTCOME[outcome] ?? { label: outcome, variant: 'warning' as const };
  return <Badge variant={o.variant}>{o.label} ending</Badge>;
}
