import { describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/trpc', () => ({ refreshAccessToken: vi.fn() }));

import { exportQuery, fetchWithAuth, fileNameFrom, type FetchWithAuthDeps } from './download';

function deps(statuses: number[], token: string | null = 'old', refreshed: string | null = 'new') {
  const calls: { url: string; auth?: string }[] = [];
  const d: FetchWithAuthDeps = {
    fetch: vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ url: String(url), auth: headers.authorization });
      return new Response('x', { status: statuses.shift() ?? 200 });
    }) as unknown as typeof fetch,
    getToken: () => token,
    isExpiring: (t) => t === 'expired',
    refresh: vi.fn(async () => refreshed),
  };
  return { d, calls };
}

describe('server CSV download', () => {
  it('sends the bearer token', async () => {
    const { d, calls } = deps([200]);
    const res = await fetchWithAuth('/api/admin/logs/export.csv', d);
    expect(res.status).toBe(200);
    expect(calls).toEqual([{ url: '/api/admin/logs/export.csv', auth: 'Bearer old' }]);
    expect(d.refresh).not.toHaveBeenCalled();
  });

  it('refreshes an expired token first', async () => {
    const { d, calls } = deps([200], 'expired');
    await fetchWithAuth('/x', d);
    expect(calls.map((c) => c.auth)).toEqual(['Bearer new']);
  });

  it('on 401 refreshes once and retries', async () => {
    const { d, calls } = deps([401, 200]);
    const res = await fetchWithAuth('/x', d);
    expect(res.status).toBe(200);
    expect(calls.map((c) => c.auth)).toEqual(['Bearer old', 'Bearer new']);
    expect(d.refresh).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh leaves the 401', async () => {
    const { d, calls } = deps([401], 'old', null);
    const res = await fetchWithAuth('/x', d);
    expect(res.status).toBe(401);
    expect(calls).toHaveLength(1);
  });

  it('query string of the set filters only, and the file name from the response', () => {
    expect(exportQuery({ action: 'CHAT_MESSAGE', search: undefined, from: '2026-01-01', to: '' })).toBe(
      '?action=CHAT_MESSAGE&from=2026-01-01',
    );
    expect(exportQuery({})).toBe('');
    expect(fileNameFrom('attachment; filename="usage_logs_2026-01-02.csv"', 'f.csv')).toBe(
      'usage_logs_2026-01-02.csv',
    );
    expect(fileNameFrom(null, 'f.csv')).toBe('f.csv');
  });
});
