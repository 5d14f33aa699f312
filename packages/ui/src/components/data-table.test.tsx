// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DataTable, pageWindow, type DataTableColumn } from './data-table';

afterEach(cleanup);

type Log = { id: number; email: string; credits: number };
const columns: DataTableColumn<Log>[] = [
  { id: 'user', header: 'User', cell: (r) => r.email },
  { id: 'usage', header: 'Usage', cell: (r) => `${r.credits} credits`, align: 'right' },
];
const rows = (n: number, start = 1): Log[] =>
  Array.from({ length: n }, (_, i) => ({ id: start + i, email: `u${start + i}@x.test`, credits: i }));

describe('pageWindow', () => {
  it.each([
    [
      { page: 1, pageSize: 10, total: 42 },
      { from: 1, to: 10, lastPage: 5, hasPrevious: false, hasNext: true },
    ],
    [
      { page: 5, pageSize: 10, total: 42 },
      { from: 41, to: 42, lastPage: 5, hasPrevious: true, hasNext: false },
    ],
    [
      { page: 1, pageSize: 10, total: 10 },
      { from: 1, to: 10, lastPage: 1, hasPrevious: false, hasNext: false },
    ],
    [
      { page: 1, pageSize: 10, total: 0 },
      { from: 0, to: 0, lastPage: 1, hasPrevious: false, hasNext: false },
    ],
    // A capped total (10,000+): the pages go on past it, and the last row shown is counted from the rows.
    [
      { page: 1001, pageSize: 10, total: 10000, hasNext: true, shown: 10 },
      { from: 10001, to: 10010, lastPage: 1000, hasPrevious: true, hasNext: true },
    ],
    [
      { page: 1002, pageSize: 10, total: 10000, hasNext: false, shown: 3 },
      { from: 10011, to: 10013, lastPage: 1000, hasPrevious: true, hasNext: false },
    ],
  ])('%o', (input, expected) => {
    expect(pageWindow(input)).toEqual(expected);
  });
});

describe('DataTable', () => {
  it('renders the columns and rows', () => {
    render(<DataTable aria-label="Usage Activity" columns={columns} rows={rows(2)} getRowId={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Usage Activity' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['User', 'Usage']);
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['u1@x.test', '0 credits', 'u2@x.test', '1 credits']);
    expect(cells[1]!.className).toContain('text-right');
  });

  it('shows skeleton rows while loading, one per page row', () => {
    const { container } = render(
      <DataTable
        columns={columns}
        rows={[]}
        loading
        pagination={{ page: 1, pageSize: 10, total: 0, onPageChange: () => {}, itemLabel: 'logs' }}
      />,
    );
    expect(container.querySelectorAll('[data-slot=data-table-skeleton-row]').length).toBe(10);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(container.textContent).not.toContain('No results');
    expect(container.textContent).not.toContain('Showing');
  });

  it('shows the empty state across all columns', () => {
    render(<DataTable columns={columns} rows={[]} empty="No logs found" />);
    const cell = screen.getByText('No logs found');
    expect(cell.getAttribute('colspan')).toBe('2');
  });

  it("pages with 'Showing X to Y of Z' and Previous/Next", () => {
    const onPageChange = vi.fn();
    const { rerender } = render(
      <DataTable
        columns={columns}
        rows={rows(10)}
        pagination={{ page: 1, pageSize: 10, total: 25, onPageChange, itemLabel: 'logs' }}
      />,
    );
    expect(screen.getByText('Showing 1 to 10 of 25 logs')).toBeTruthy();
    const prev = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(prev.disabled).toBe(true);
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(onPageChange).toHaveBeenLastCalledWith(2);

    rerender(
      <DataTable
        columns={columns}
        rows={rows(5, 21)}
        pagination={{ page: 3, pageSize: 10, total: 25, onPageChange, itemLabel: 'logs' }}
      />,
    );
    expect(screen.getByText('Showing 21 to 25 of 25 logs')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('disables both buttons when everything fits on one page', () => {
    render(
      <DataTable
        columns={columns}
        rows={[]}
        pagination={{ page: 1, pageSize: 10, total: 0, onPageChange: () => {} }}
      />,
    );
    expect(screen.getByText('Showing 0 to 0 of 0 results')).toBeTruthy();
    for (const name of ['Previous', 'Next'])
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Table scroll container', () => {
  it('is a focusable, named region only while the table overflows it', async () => {
    const { Table, TableBody, TableRow, TableCell } = await import('./table');
    const widths = { scroll: 300, client: 300 };
    const observers: (() => void)[] = [];
    const original = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(private cb: () => void) {
        observers.push(() => this.cb());
      }
      observe() {}
      disconnect() {}
      unobserve() {}
    } as unknown as typeof ResizeObserver;
    const { container } = render(
      <Table aria-label="Usage Activity">
        <TableBody>
          <TableRow>
            <TableCell>x</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    const box = container.querySelector('[data-slot="table-container"]') as HTMLElement;
    Object.defineProperty(box, 'scrollWidth', { get: () => widths.scroll });
    Object.defineProperty(box, 'clientWidth', { get: () => widths.client });
    const { act } = await import('@testing-library/react');
    act(() => observers.forEach((o) => o()));
    expect(box.getAttribute('tabindex')).toBeNull();
    expect(box.getAttribute('role')).toBeNull();
    widths.scroll = 600;
    act(() => observers.forEach((o) => o()));
    expect(box.getAttribute('tabindex')).toBe('0');
    expect(box.getAttribute('role')).toBe('region');
    expect(box.getAttribute('aria-label')).toBe('Usage Activity');
    globalThis.ResizeObserver = original;
  });
});
