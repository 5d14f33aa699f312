// The Usage Logs filters: the typed search (applied on Enter or Refresh), the action, the date range and the page
// (back to 1 whenever a filter changes).
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
  const [page, setPage] = useState(1);

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
