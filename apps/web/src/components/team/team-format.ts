// Display helpers of the team screens.
import { format } from 'date-fns';

const count = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => count.format(n);

export function formatDate(d: Date | string | null | undefined): string {
  if (!d) return '—';
  const date = new Date(d);
  return Number.isNaN(date.getTime()) ? '—' : format(date, 'MMM d, yyyy');
}

/** "12 / 300" with a cap, "12" without. */
export const usageWithCap = (used: number, cap: number | null | undefined) =>
  cap == null ? formatCount(used) : `${formatCount(used)} / ${formatCount(cap)}`;

/** Initials for an avatar: first letters of the first two words of the name, else of the email. */
export function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length ? words.slice(0, 2).map((w) => w[0]) : [email[0] ?? '?'];
  return letters.join('').toUpperCase();
}
