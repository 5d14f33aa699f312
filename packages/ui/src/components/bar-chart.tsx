import * as React from 'react';
import { cn } from '../lib/utils';
import { Skeleton } from './skeleton';

export interface BarChartDatum {
  /** The category under the bar, e.g. 'Mar 04'. */
  label: string;
  value: number;
}

export interface BarChartProps extends Omit<React.ComponentProps<'figure'>, 'title'> {
  data: BarChartDatum[];
  /** Names the chart (the SVG's title and the screen-reader table's caption). */
  title: string;
  /** Header of the category column in the screen-reader table, e.g. 'Day'. */
  categoryLabel?: string;
  /** Header of the value column, e.g. 'Requests'. */
  valueLabel?: string;
  formatValue?: (value: number) => string;
  /** Height of the plot area in pixels; default 160. */
  height?: number;
  /** How many category labels to print under the bars at most (evenly spread); default 6. */
  maxTicks?: number;
  /** The widest a bar's slot may grow (bar and gap), so a few bars do not fill the width; default 64. */
  maxSlotWidth?: number;
  /** Shown over the empty plot when every value is 0. */
  empty?: React.ReactNode;
  loading?: boolean;
}

/** The smallest 1, 2 or 5 × 10ⁿ at or above `max` (at least 1): a round top for the value axis. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

/** Indexes of at most `count` evenly spread labels, always the first and the last. */
export function tickIndexes(length: number, count: number): number[] {
  if (length <= 0) return [];
  if (length <= count) return Array.from({ length }, (_, i) => i);
  const n = Math.max(2, count);
  const out = new Set<number>();
  for (let k = 0; k < n; k++) out.add(Math.round((k * (length - 1)) / (n - 1)));
  return [...out];
}

const defaultFormat = (v: number) => new Intl.NumberFormat('en-US').format(v);

/**
 * A dependency-free bar chart: bars drawn in an SVG that stretches to its box, the axis labels in HTML (so text
 * never stretches), a native tooltip per bar, and the same numbers as a visually hidden table for screen readers.
 */
export function BarChart({
  data,
  title,
  categoryLabel = 'Category',
  valueLabel = 'Value',
  formatValue = defaultFormat,
  height = 160,
  maxTicks = 6,
  maxSlotWidth = 64,
  empty = 'No data',
  loading = false,
  className,
  ...props
}: BarChartProps) {
  const titleId = React.useId();
  const max = data.reduce((m, d) => Math.max(m, d.value), 0);
  const top = niceMax(max);
  const ticks = new Set(tickIndexes(data.length, maxTicks));
  const n = Math.max(1, data.length);
  // Bars take 70 % of their slot (thin gaps for long ranges still leave the bars readable).
  const gap = n > 60 ? 0.15 : 0.3;

  return (
    <figure data-slot="bar-chart" className={cn('m-0 space-y-2', className)} {...props}>
      {loading ? (
        <Skeleton className="w-full" style={{ height }} />
      ) : (
        <div className="space-y-2" style={{ maxWidth: n * maxSlotWidth + 48 }}>
          <div className="flex gap-2">
            <div
              aria-hidden
              className="text-muted-foreground flex w-10 shrink-0 flex-col justify-between text-right text-xs tabular-nums"
              style={{ height }}
            >
              <span className="-translate-y-1/2">{formatValue(top)}</span>
              <span>{formatValue(top / 2)}</span>
              <span className="translate-y-1/2">0</span>
            </div>
            <div className="relative min-w-0 flex-1" style={{ height }}>
              <div aria-hidden className="pointer-events-none absolute inset-0 flex flex-col justify-between">
                <div className="border-border border-t border-dashed" />
                <div className="border-border border-t border-dashed" />
                <div className="border-border border-t" />
              </div>
              <svg
                role="img"
                aria-labelledby={titleId}
                viewBox={`0 0 ${n} 100`}
                preserveAspectRatio="none"
                className="absolute inset-0 size-full overflow-visible"
              >
                <title id={titleId}>{title}</title>
                {data.map((d, i) => {
                  const h = (Math.max(0, d.value) / top) * 100;
                  return (
                    <rect
                      key={`${d.label}-${i}`}
                      data-slot="bar-chart-bar"
                      x={i + gap / 2}
                      width={1 - gap}
                      y={100 - h}
                      height={h}
                      className="fill-primary hover:fill-primary/80 transition-colors"
                    >
                      <title>{`${d.label}: ${formatValue(d.value)}`}</title>
                    </rect>
                  );
                })}
              </svg>
              {max === 0 ? (
                <div className="text-muted-foreground absolute inset-0 flex items-center justify-center text-sm">
                  {empty}
                </div>
              ) : null}
            </div>
          </div>
          <div aria-hidden className="text-muted-foreground relative ml-12 h-4 text-xs">
            {data.map((d, i) =>
              ticks.has(i) ? (
                <span
                  key={`${d.label}-${i}`}
                  className={cn(
                    'absolute top-0 whitespace-nowrap',
                    i === 0 ? 'left-0' : i === data.length - 1 ? 'right-0' : '-translate-x-1/2',
                  )}
                  style={i === 0 || i === data.length - 1 ? undefined : { left: `${((i + 0.5) / n) * 100}%` }}
                >
                  {d.label}
                </span>
              ) : null,
            )}
          </div>
        </div>
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{categoryLabel}</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d, i) => (
            <tr key={`${d.label}-${i}`}>
              <th scope="row">{d.label}</th>
              <td>{formatValue(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
