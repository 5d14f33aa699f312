import * as React from 'react';
import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '../lib/utils';
import { Card } from './card';
import { Skeleton } from './skeleton';

export interface StatTrend {
  /** e.g. '+12.5%' or '3 more than last month'. */
  value: React.ReactNode;
  direction: 'up' | 'down' | 'flat';
  /** Whether the change is good news; by default up is positive and down negative. */
  intent?: 'positive' | 'negative' | 'neutral';
}

export interface StatCardProps extends Omit<React.ComponentProps<'div'>, 'title'> {
  title: React.ReactNode;
  value: React.ReactNode;
  /** A lucide icon, drawn small and muted in the top-right corner. */
  icon?: React.ReactNode;
  /** A line under the value, e.g. 'In selected period'. */
  hint?: React.ReactNode;
  trend?: StatTrend;
  /** Shows skeletons instead of the value, hint and trend (the title stays). */
  loading?: boolean;
}

const TREND_ICON = { up: TrendingUp, down: TrendingDown, flat: Minus } as const;
const TREND_LABEL = { up: 'Up', down: 'Down', flat: 'Unchanged' } as const;
const INTENT_CLASS = {
  positive: 'text-status-success-foreground',
  negative: 'text-status-error-foreground',
  neutral: 'text-muted-foreground',
} as const;

/** One figure on a card: a title, a big value and an optional hint or trend. */
export function StatCard({
  title,
  value,
  icon,
  hint,
  trend,
  loading = false,
  className,
  ...props
}: StatCardProps) {
  const titleId = React.useId();
  const TrendIcon = trend ? TREND_ICON[trend.direction] : null;
  const intent =
    trend?.intent ??
    (trend?.direction === 'up' ? 'positive' : trend?.direction === 'down' ? 'negative' : 'neutral');
  return (
    <Card
      data-slot="stat-card"
      role="group"
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      className={cn('gap-2 px-6 py-5', className)}
      {...props}
    >
      <div className="flex items-start justify-between gap-3">
        <p id={titleId} className="text-muted-foreground text-sm font-medium">
          {title}
        </p>
        {icon ? (
          <span aria-hidden className="text-muted-foreground [&_svg:not([class*='size-'])]:size-4">
            {icon}
          </span>
        ) : null}
      </div>
      {loading ? (
        <>
          <Skeleton className="h-8 w-24" />
          {hint || trend ? <Skeleton className="h-4 w-32" /> : null}
          <span className="sr-only">Loading</span>
        </>
      ) : (
        <>
          <p data-slot="stat-card-value" className="text-2xl font-bold tracking-tight tabular-nums">
            {value}
          </p>
          {hint || trend ? (
            <p className="text-muted-foreground flex flex-wrap items-center gap-x-1.5 text-xs">
              {trend && TrendIcon ? (
                <span
                  data-slot="stat-card-trend"
                  className={cn('inline-flex items-center gap-1 font-medium', INTENT_CLASS[intent])}
                >
                  <TrendIcon className="size-3.5" aria-hidden />
                  <span className="sr-only">{TREND_LABEL[trend.direction]}</span>
                  {trend.value}
                </span>
              ) : null}
              {hint}
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}
