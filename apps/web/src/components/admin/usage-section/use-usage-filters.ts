// The Usage Logs filters: the typed search (applied on Enter or Refresh), the action, the date range and the page
// (back to 1 whenever a filter changes). Pages are keyset positions (issue 40): Next records the page's
// `nextCursor` as where the next page starts, so any page is one index range on the server however deep it is,
// and Previous returns to a position already known. Without a known position `page` is an offset.
import { useState } from 'react';
import type { UsageAction } from '@app/api/schemas';
import type { DateRangeValue } from '@app/ui';
import { rangeToQuery } from '../admin-format';
import type { UsageFilters } from '../usage-source';

export const ALL_ACTIONS = 'all';

export function useUsageFilters() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [action, setActionState] = useState<string>(ALL_ACTIONS);
  const [range, setRangeState] = useState<DateRangeValue | undefined>();
  const [page, setPageState] = useState(1);
  const [cursors, setCursors] = useState<Partial<Record<number, string>>>({});

  /** Goes to `next`; moving one page on with the current page's `nextCursor` records where that page starts. */
  function setPage(next: number, nextCursor?: string | null) {
    if (next === 1) setCursors({});
    else if (next === page + 1 && nextCursor) setCursors((c) => ({ ...c, [next]: nextCursor }));
    setPageState(next);
  }

  const filters: UsageFilters = {
    action: action === ALL_ACTIONS ? undefined : (action as UsageAction),
    search: search || undefined,
    ...rangeToQuery(range),
  };
  return {
    text,
    setText,
    action,
    range,
    page,
    /** Where `page` starts, when known (the server reads it as a keyset position). */
    cursor: cursors[page],
    setPage,
    filters,
    /** Applies the typed search from page 1 (on Enter). */
    submitSearch() {
      setSearch(text.trim());
      setPage(1);
    },
    /** On Refresh: applies the typed search when it changed (true), else nothing changes (false). */
    applyTypedSearch() {
      const typed = text.trim();
      if (typed === search) return false;
      setSearch(typed);
      setPage(1);
      return true;
    },
    setAction(v: string) {
      setActionState(v);
      setPage(1);
    },
    setRange(r: DateRangeValue | undefined) {
      setRangeState(r);
      setPage(1);
    },
  };
}
export type UsageFilterState = ReturnType<typeof useUsageFilters>;
