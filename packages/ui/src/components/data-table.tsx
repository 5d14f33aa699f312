import * as React from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../lib/utils';
import { Button } from './button';
import { Skeleton } from './skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

export interface DataTableColumn<T> {
  id: string;
  header: React.ReactNode;
  cell: (row: T, index: number) => React.ReactNode;
  align?: 'left' | 'center' | 'right';
  /** Classes for this column's cells (header included). */
  className?: string;
}

export interface DataTablePagination {
  /** 1-based, controlled by the caller. */
  page: number;
  pageSize: number;
  /** All rows across pages. */
  total: number;
  onPageChange: (page: number) => void;
  /** The noun in 'Showing 1 to 10 of 42 logs'; default 'results'. */
  itemLabel?: string;
  /** Shown in place of `total`, e.g. '10,000+' when the count stopped at a cap. */
  totalLabel?: string;
  /**
   * Whether a next page exists, when the caller knows better than `total` (a capped count is a lower bound, so
   * the pages go on past it). With it, the footer's last row is counted from the rows shown.
   */
  hasNext?: boolean;
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  /** The rows of the current page. */
  rows: T[];
  getRowId?: (row: T, index: number) => React.Key;
  /** Skeleton rows instead of data (e.g. the first load). */
  loading?: boolean;
  /** How many skeleton rows; default the page size, else 5. */
  skeletonRows?: number;
  /** Shown in one full-width row when there are no rows; default 'No results.' */
  empty?: React.ReactNode;
  /** With it, a footer 'Showing X to Y of Z …' and Previous/Next buttons. */
  pagination?: DataTablePagination;
  'aria-label'?: string;
  className?: string;
}

const ALIGN = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

/** The numbers of the footer: first and last shown row (1-based) and the last page. */
export function pageWindow({
  page,
  pageSize,
  total,
  hasNext,
  shown,
}: Pick<DataTablePagination, 'page' | 'pageSize' | 'total' | 'hasNext'> & { shown?: number }) {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (hasNext !== undefined && shown !== undefined) {
    // The total is a lower bound: the rows on screen say where this page ends.
    const from = shown === 0 ? 0 : (page - 1) * pageSize + 1;
    return { from, to: from === 0 ? 0 : from + shown - 1, lastPage, hasPrevious: page > 1, hasNext };
  }
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  return { from, to, lastPage, hasPrevious: page > 1, hasNext: page < lastPage };
}

/** A table of rows described by `columns`, with loading skeletons, an empty state and optional paging. */
export function DataTable<T>({
  columns,
  rows,
  getRowId,
  loading = false,
  skeletonRows,
  empty = 'No results.',
  pagination,
  className,
  'aria-label': ariaLabel,
}: DataTableProps<T>) {
  const skeletonCount = skeletonRows ?? pagination?.pageSize ?? 5;
  return (
    <div data-slot="data-table" className={cn('space-y-4', className)}>
      <Table aria-label={ariaLabel} aria-busy={loading || undefined}>
        <TableHeader>
          <TableRow>
            {columns.map((c) => (
              <TableHead key={c.id} scope="col" className={cn(c.align && ALIGN[c.align], c.className)}>
                {c.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading ? (
            Array.from({ length: skeletonCount }, (_, i) => (
              <TableRow
                key={`skeleton-${i}`}
                data-slot="data-table-skeleton-row"
                className="hover:bg-transparent"
              >
                {columns.map((c) => (
                  <TableCell key={c.id} className={c.className}>
                    <Skeleton className="h-4 w-full min-w-12" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : rows.length === 0 ? (
            <TableRow className="hover:bg-transparent">
              <TableCell
                colSpan={columns.length}
                data-slot="data-table-empty"
                className="text-muted-foreground h-24 text-center whitespace-normal"
              >
                {empty}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row, i) => (
              <TableRow key={getRowId ? getRowId(row, i) : i}>
                {columns.map((c) => (
                  <TableCell key={c.id} className={cn(c.align && ALIGN[c.align], c.className)}>
                    {c.cell(row, i)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      {pagination ? <DataTableFooter {...pagination} shown={rows.length} loading={loading} /> : null}
    </div>
  );
}

function DataTableFooter({
  page,
  pageSize,
  total,
  onPageChange,
  itemLabel = 'results',
  totalLabel,
  hasNext: knownNext,
  shown,
  loading,
}: DataTablePagination & { loading: boolean; shown: number }) {
  const { from, to, hasPrevious, hasNext } = pageWindow({ page, pageSize, total, hasNext: knownNext, shown });
  return (
    <div
      data-slot="data-table-footer"
      className="flex flex-col items-center justify-between gap-3 sm:flex-row"
    >
      <div className="text-muted-foreground text-sm" aria-live="polite">
        {loading ? (
          <Skeleton className="h-4 w-40" />
        ) : (
          `Showing ${from} to ${to} of ${totalLabel ?? total} ${itemLabel}`
        )}
      </div>
      <nav aria-label="Pagination" className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={!hasPrevious} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </nav>
    </div>
  );
}
