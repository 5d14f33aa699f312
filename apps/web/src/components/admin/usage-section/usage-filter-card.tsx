// 'Filter & Export': search by user (on Enter), the action, and a date range (no future days).
import { startOfMonth, subMonths } from 'date-fns';
import { Filter, Search, X } from 'lucide-react';
import { USAGE_ACTION_LABELS, USAGE_ACTION_VALUES } from '@app/api/schemas';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DateRangePicker,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@app/ui';
import { ALL_ACTIONS, type UsageFilterState } from './use-usage-filters';

export function UsageFilterCard({ state }: { state: UsageFilterState }) {
  // Future days cannot be picked: open on last month and this one.
  const lastMonth = subMonths(startOfMonth(new Date()), 1);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Filter className="size-4" aria-hidden /> Filter &amp; Export
        </CardTitle>
        <CardDescription>Search by user, filter by action and pick a period</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_auto_auto]">
          <div className="grid gap-1.5">
            <Label htmlFor="usage-search">Search</Label>
            <div className="relative">
              <Search
                className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
                aria-hidden
              />
              <Input
                id="usage-search"
                type="search"
                className="pl-9"
                placeholder="Search by user email..."
                value={state.text}
                onChange={(e) => state.setText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return;
                  e.preventDefault();
                  state.submitSearch();
                }}
              />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="usage-action">Action</Label>
            <Select value={state.action} onValueChange={state.setAction}>
              <SelectTrigger id="usage-action" className="w-full lg:w-48">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL_ACTIONS}>All Actions</SelectItem>
                {USAGE_ACTION_VALUES.map((v) => (
                  <SelectItem key={v} value={v}>
                    {USAGE_ACTION_LABELS[v]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="usage-range">Date range</Label>
            <div className="flex gap-2">
              <DateRangePicker
                id="usage-range"
                value={state.range}
                onChange={state.setRange}
                disabled={{ after: new Date() }}
                defaultMonth={lastMonth}
                aria-label="Date range"
              />
              {state.range?.from && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Clear date range"
                  onClick={() => state.setRange(undefined)}
                >
                  <X />
                </Button>
              )}
            </div>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
