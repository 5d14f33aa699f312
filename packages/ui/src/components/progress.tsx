import * as React from 'react';
import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from '../lib/utils';

export interface ProgressProps extends React.ComponentProps<typeof ProgressPrimitive.Root> {
  /** Classes for the filled part, e.g. `bg-destructive` for an over-quota bar. */
  indicatorClassName?: string;
}

/** A progress bar; `value` is 0–100 and is clamped. */
export function Progress({ className, indicatorClassName, value, max = 100, ...props }: ProgressProps) {
  const v = Math.min(max, Math.max(0, value ?? 0));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={v}
      max={max}
      className={cn('bg-primary/20 relative h-2 w-full overflow-hidden rounded-full', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn('bg-primary h-full w-full flex-1 transition-all', indicatorClassName)}
        style={{ transform: `translateX(-${100 - (v / max) * 100}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
