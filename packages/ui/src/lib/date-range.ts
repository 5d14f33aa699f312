import { defaultDateLib } from 'react-day-picker';

// Range selection rules of the date picker (SPEC §4 "Date picker"): the first click sets the start, the second the
// end (the two are swapped if the second is earlier); clicking the start or end day of a complete range clears it;
// any other click on a complete range starts a new one.
export interface DateRangeValue {
  from: Date | undefined;
  to?: Date | undefined;
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

export function nextDateRange(range: DateRangeValue | undefined, day: Date): DateRangeValue | undefined {
  const from = range?.from;
  const to = range?.to;
  if (!from) return { from: day, to: undefined };
  if (!to) return day < from && !sameDay(day, from) ? { from: day, to: from } : { from, to: day };
  if (sameDay(day, from) || sameDay(day, to)) return undefined;
  return { from: day, to: undefined };
}

/** 'LLL dd, y - LLL dd, y' (SPEC §9 picker format); only the start while the end is not chosen yet. */
export function formatDateRange(range: DateRangeValue | undefined): string | null {
  if (!range?.from) return null;
  const f = (date: Date) => defaultDateLib.format(date, 'LLL dd, y');
  return range.to ? `${f(range.from)} - ${f(range.to)}` : f(range.from);
}
