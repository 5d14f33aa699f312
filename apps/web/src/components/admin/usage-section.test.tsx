// @vitest-environment happy-dom
// Issue 37 item 6: the Usage Logs screen (admin and team) has the SPEC's one 'Export CSV' button, and it exports
// every row matching the filters through the server's streamed CSV — not the 10 rows on screen.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import type { AdminLogsPage, AdminUsageAnalytics } from './types';
import type { UsageSource } from './usage-source';

const downloadServerCsv = vi.hoisted(() => vi.fn(async () => 'usage_logs_2026-11-28.csv'));
const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('./download', () => ({ downloadServerCsv, saveBlob }));
vi.mock('../../lib/trpc', () => ({
  useTRPC: () => ({
    admin: {
      clearTestUsage: { mutationOptions: () => ({ mutationFn: async () => ({ deletedCount: 0 }) }) },
      logs: { queryKey: () => ['logs'] },
      usageAnalytics: { queryKey: () => ['analytics'] },
    },
  }),
}));

import { UsageSection } from './usage-section';

afterEach(cleanup);

const entry = (i: number) => ({
  id: `log${i}`,
  user: { email: `u${i}@example.com`, firstName: null, lastName: null },
  actor: null,
  action: 'CHAT_MESSAGE',
  timestamp: new Date(2026, 10, 1, 10, i),
  usage: 1,
  status: 'success',
  endpoint: '/api/chat',
  details: null,
});

const result = <T,>(data: T) =>
  ({
    data,
    isPending: false,
    isError: false,
    isFetching: false,
    errorUpdatedAt: 0,
    refetch: vi.fn(),
  }) as unknown as UseQueryResult<T, unknown>;

function source(
  kind: UsageSource['kind'],
  pagination: object = { page: 1, limit: 10, total: 300, pages: 30 },
): UsageSource {
  return {
    kind,
    subtitle: 'Monitor and export user activity logs',
    exportPath:
      kind === 'platform' ? '/api/admin/logs/export.csv' : '/api/workspaces/current/usage/export.csv',
    useLogs: () =>
      result({
        logs: Array.from({ length: 10 }, (_, i) => entry(i)),
        pagination,
      } as unknown as AdminLogsPage),
    useAnalytics: () =>
      result({
        totalRequests: 300,
        totalUsage: 300,
        successRate: 100,
        perDay: [],
      } as unknown as AdminUsageAnalytics),
  };
}

function renderSection(kind: UsageSource['kind'], pagination?: object) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <UsageSection source={source(kind, pagination)} />
    </QueryClientProvider>,
  );
}

describe('Usage Logs export', () => {
  it.each(['platform', 'workspace'] as const)(
    '%s: one "Export CSV" button exports every matching row from the server, never the page on screen',
    async (kind) => {
      renderSection(kind);
      expect(screen.queryByRole('button', { name: /export all/i })).toBeNull();
      const buttons = screen.getAllByRole('button', { name: /export csv/i });
      expect(buttons).toHaveLength(1);
      fireEvent.click(buttons[0]!);
      await waitFor(() => expect(downloadServerCsv).toHaveBeenCalledTimes(1));
      expect(downloadServerCsv).toHaveBeenCalledWith(
        source(kind).exportPath,
        expect.objectContaining({ action: undefined, search: undefined }),
        expect.stringMatching(/^usage_logs_\d{4}-\d{2}-\d{2}\.csv$/),
      );
      expect(saveBlob).not.toHaveBeenCalled();
      downloadServerCsv.mockClear();
    },
  );
});

describe('Usage Logs total (issue 40)', () => {
  it('shows the exact total, or "10,000+" when the server stopped counting at its cap', () => {
    renderSection('platform');
    expect(screen.getByText('Showing 1 to 10 of 300 logs')).toBeTruthy();
    cleanup();
    renderSection('platform', { page: 1, limit: 10, total: 10_000, pages: 1000, totalCapped: true });
    expect(screen.getByText('Showing 1 to 10 of 10,000+ logs')).toBeTruthy();
  });
});

describe('Usage Logs pages are keyset positions (issue 40)', () => {
  it('Next sends the page’s nextCursor, Previous returns to a known position, and pages go on past "10,000+"', () => {
    const inputs: { page: number; cursor?: string }[] = [];
    const paged: UsageSource = {
      ...source('platform'),
      useLogs: (input: { page?: number; cursor?: string }) => {
        inputs.push({ page: input.page ?? 1, cursor: input.cursor });
        const page = input.page ?? 1;
        return result({
          logs: Array.from({ length: 10 }, (_, i) => entry(i)),
          pagination: {
            page,
            limit: 10,
            total: 10_000,
            pages: 1000,
            totalCapped: true,
            nextCursor: `17000000000${page}.log${page}`,
          },
        } as unknown as AdminLogsPage);
      },
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <UsageSection source={paged} />
      </QueryClientProvider>,
    );
    expect(inputs.at(-1)).toEqual({ page: 1, cursor: undefined });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(inputs.at(-1)).toEqual({ page: 2, cursor: '170000000001.log1' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(inputs.at(-1)).toEqual({ page: 3, cursor: '170000000002.log2' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(inputs.at(-1)).toEqual({ page: 2, cursor: '170000000001.log1' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(inputs.at(-1)).toEqual({ page: 1, cursor: undefined });
  });

  it('the last page (no nextCursor) disables Next even when the count was capped', () => {
    renderSection('platform', {
      page: 1,
      limit: 10,
      total: 10_000,
      pages: 1000,
      totalCapped: true,
      nextCursor: null,
    });
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
