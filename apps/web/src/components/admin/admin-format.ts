// Display rules of the admin screens (SPEC §2 Admin area, §4 badges, §9 formats), kept pure for the tests.
import { format } from 'date-fns';
import { formatDateRange, type DateRangeValue } from '@app/ui';
import type { BadgeVariant } from '../billing/subscription-format';

/** The sections of the side navigation, in order; the first is the default (SPEC §2). */
export const ADMIN_SECTIONS = ['users', 'plans', 'usage', 'stripe'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** `?section=` as a section; anything else (missing, unknown) is Users. */
export function parseSection(value: string | null | undefined): AdminSection {
  return (ADMIN_SECTIONS as readonly string[]).includes(value ?? '') ? (value as AdminSection) : 'users';
}

/** SPEC §9 page sizes of the screens (the API defaults are larger). */
export const USERS_PAGE_SIZE = 10;
export const LOGS_PAGE_SIZE = 10;
export const TRANSACTIONS_LIMIT = 10;

/** SPEC §4 usage-log status badge (case-insensitive): success default, error destructive, warning warning. */
export function logStatusVariant(status: string | null | undefined): BadgeVariant {
  switch ((status ?? '').toLowerCase()) {
    case 'success':
      return 'default';
    case 'error':
      return 'destructive';
    case 'warning':
      return 'warning';
    default:
      return 'secondary';
  }
}

/** SPEC §4 transaction status badge: succeeded default, failed destructive, pending secondary, else outline. */
export function transactionStatusVariant(status: string | null | undefined): BadgeVariant {
  switch ((status ?? '').toLowerCase()) {
    case 'succeeded':
      return 'default';
    case 'failed':
      return 'destructive';
    case 'pending':
      return 'secondary';
    default:
      return 'outline';
  }
}

/**
 * Money the server stores as integer cents, as currency text: `formatCents(123456)` → '$1,234.56'. Whole
 * amounts keep their cents so a column of amounts lines up; an unknown currency code falls back to USD.
 */
export function formatCents(cents: number | null | undefined, currency = 'usd'): string {
  const amount = (cents ?? 0) / 100;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      amount,
    );
  } catch {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
  }
}

const integer = new Intl.NumberFormat('en-US');
export const formatCount = (n: number | null | undefined) => integer.format(n ?? 0);

/** A percentage to one decimal with a percent sign (SPEC §9): 97.5 → '97.5%', 100 → '100.0%'. */
export function formatPercent(value: number | null | undefined): string {
  const v = Number.isFinite(value) ? (value as number) : 0;
  return `${v.toFixed(1)}%`;
}

/** A signed rate for trends: 12.5 → '+12.5%', -3 → '-3.0%', 0 → '0.0%'. */
export function formatSignedPercent(value: number): string {
  return value > 0 ? `+${formatPercent(value)}` : formatPercent(value);
}

/** 'MMM dd, yyyy' (SPEC §9 general dates). */
export function formatDay(d: Date | string | null | undefined): string {
  if (!d) return '—';
  const date = typeof d === 'string' ? new Date(d) : d;
  return Number.isNaN(date.getTime()) ? '—' : format(date, 'MMM dd, yyyy');
}

/** A log timestamp: 'MMM dd, yyyy HH:mm:ss' (local time). */
export function formatTimestamp(d: Date | string | null | undefined): string {
  if (!d) return '—';
  const date = typeof d === 'string' ? new Date(d) : d;
  return Number.isNaN(date.getTime()) ? '—' : format(date, 'MMM dd, yyyy HH:mm:ss');
}

/** First and last name, or '' when neither is set. */
export function personName(p: { firstName?: string | null; lastName?: string | null } | null | undefined) {
  return [p?.firstName, p?.lastName]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
}

/** 'N credits' (SPEC §2 Usage column); one credit is singular. */
export const formatCredits = (n: number) => `${formatCount(n)} ${n === 1 ? 'credit' : 'credits'}`;

/** The picker's button text (SPEC §2/§9): 'Pick a date range' or 'LLL dd, y - LLL dd, y'. */
export function dateRangeLabel(range: DateRangeValue | undefined): string {
  return formatDateRange(range) ?? 'Pick a date range';
}

/**
 * The range as the API's `from`/`to` days ('yyyy-MM-dd', `to` inclusive). The days are the calendar days the
 * admin clicked; the server reads them as UTC days, the same days its per-day chart buckets use. A range whose
 * end is not chosen yet covers its start day only.
 */
export function rangeToQuery(range: DateRangeValue | undefined): { from?: string; to?: string } {
  if (!range?.from) return {};
  const day = (d: Date) => format(d, 'yyyy-MM-dd');
  return { from: day(range.from), to: day(range.to ?? range.from) };
}

/** 'usage_logs_{date}.csv' (SPEC §7) with the local date as yyyy-MM-dd. */
export const usageCsvFileName = (now = new Date()) => `usage_logs_${format(now, 'yyyy-MM-dd')}.csv`;

/** A usage-log action for one row of the table (the filter's labels are plural: 'Chat Messages'). */
const ACTION_ROW_LABELS: Record<string, string> = {
  CHAT_MESSAGE: 'Chat Message',
  STREAMING_CHAT: 'Streaming Chat',
  USER_LOGIN: 'User Login',
  SUBSCRIPTION: 'Subscription',
  ADMIN_ACCESS: 'Admin Access',
  BILLING: 'Billing',
  // Calls of the team-workspace procedures (invites, members, seats), logged under their router's name.
  WORKSPACES: 'Team',
};
export const actionLabel = (action: string) => ACTION_ROW_LABELS[action] ?? action;

/** Days the chart shows when no range is picked. */
export const CHART_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The chart's bars from the analytics' requests per UTC day ('yyyy-MM-dd'): every day of a picked range, or —
 * without one — the 30 days up to today (UTC), days without requests at 0. Labels are 'MMM dd' of that day.
 */
export function chartBars(
  perDay: readonly { date: string; requests: number }[],
  hasRange: boolean,
  now = new Date(),
): { label: string; value: number }[] {
  let days: { date: string; requests: number }[];
  if (hasRange) days = [...perDay];
  else {
    const byDay = new Map(perDay.map((d) => [d.date, d.requests]));
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    days = Array.from({ length: CHART_DEFAULT_DAYS }, (_, i) => {
      const date = utcDay(today - (CHART_DEFAULT_DAYS - 1 - i) * DAY_MS);
      return { date, requests: byDay.get(date) ?? 0 };
    });
  }
  return days.map((d) => {
    const [y, m, day] = d.date.split('-').map(Number);
    const date = new Date(y ?? 1970, (m ?? 1) - 1, day ?? 1);
    return { label: format(date, 'MMM dd'), value: d.requests };
  });
}
