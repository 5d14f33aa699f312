import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../lib/utils';

/**
 * A message box inside the page (not a toast). Put an optional lucide icon first, then `AlertTitle`,
 * `AlertDescription` and optionally `AlertAction` (buttons; beside the text from `sm` up, below it on phones).
 * Colours come from the `--status-*` tokens, so every status reads the same in light and dark.
 */
export const alertVariants = cva(
  [
    'relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border px-4 py-3 text-sm',
    'has-[>svg]:grid-cols-[calc(var(--spacing)*4)_1fr] has-[>svg]:gap-x-3',
    '[&>svg]:size-4 [&>svg]:translate-y-0.5 [&>svg]:text-current',
    'sm:has-[>[data-slot=alert-action]]:grid-cols-[0_1fr_auto]',
    'sm:has-[>svg]:has-[>[data-slot=alert-action]]:grid-cols-[calc(var(--spacing)*4)_1fr_auto]',
  ],
  {
    variants: {
      variant: {
        default: 'bg-card text-card-foreground',
        info: 'border-status-info-foreground/25 bg-status-info text-status-info-foreground',
        success: 'border-status-success-foreground/25 bg-status-success text-status-success-foreground',
        warning: 'border-status-warning-foreground/25 bg-status-warning text-status-warning-foreground',
        destructive: 'border-status-error-foreground/25 bg-status-error text-status-error-foreground',
        /** Same as `destructive`. */
        error: 'border-status-error-foreground/25 bg-status-error text-status-error-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export interface AlertProps extends React.ComponentProps<'div'>, VariantProps<typeof alertVariants> {}

/** Errors (`destructive`/`error`) are announced at once (`role="alert"`); other statuses politely (`status`). */
export function Alert({ className, variant, role, ...props }: AlertProps) {
  const urgent = variant === 'destructive' || variant === 'error';
  return (
    <div
      data-slot="alert"
      data-variant={variant ?? 'default'}
      role={role ?? (urgent ? 'alert' : 'status')}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-title"
      className={cn('col-start-2 min-h-4 font-medium tracking-tight', className)}
      {...props}
    />
  );
}

export function AlertDescription({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-description"
      className={cn(
        'col-start-2 grid justify-items-start gap-1 text-sm opacity-90 [&_p]:leading-relaxed',
        className,
      )}
      {...props}
    />
  );
}

export function AlertAction({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-action"
      className={cn(
        'col-start-2 mt-2 flex flex-wrap items-center gap-2',
        'sm:col-start-3 sm:row-span-2 sm:row-start-1 sm:mt-0 sm:ml-4 sm:self-center',
        className,
      )}
      {...props}
    />
  );
}
