// Saving a file from the browser, and the server-side CSV export (GET /api/admin/logs/export.csv, or a team's), which needs
// the bearer token — so it is fetched (token refreshed first when expired, and once more on a 401, like the
// tRPC link) and saved from a blob rather than opened as a plain link.
import { refreshAccessToken } from '../../lib/trpc';
import { getAccessToken, isTokenExpiring } from '../../lib/token-store';

/** Saves `blob` as `fileName` through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `filename="…"` of a Content-Disposition header, or `fallback`. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const m = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  if (!m?.[1]) return fallback;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

/** The query string of the export: only the filters that are set. */
export function exportQuery(filters: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export class ExportError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ExportError';
  }
}

export interface FetchWithAuthDeps {
  fetch: typeof fetch;
  getToken: () => string | null;
  isExpiring: (token: string) => boolean;
  refresh: (failedToken: string | null) => Promise<string | null>;
}

const defaultDeps: FetchWithAuthDeps = {
  fetch: (...args) => fetch(...args),
  getToken: getAccessToken,
  isExpiring: (t) => isTokenExpiring(t),
  refresh: refreshAccessToken,
};

/** GET `url` with the bearer token; on a 401 the token is refreshed once and the request retried. */
export async function fetchWithAuth(url: string, deps: FetchWithAuthDeps = defaultDeps): Promise<Response> {
  let token = deps.getToken();
  if (token && deps.isExpiring(token)) token = (await deps.refresh(token)) ?? token;
  const send = (t: string | null) =>
    deps.fetch(url, {
      credentials: 'include',
      headers: t ? { authorization: `Bearer ${t}` } : {},
    });
  let res = await send(token);
  if (res.status === 401 && token) {
    const fresh = await deps.refresh(token);
    if (fresh) res = await send(fresh);
  }
  return res;
}

/** Downloads the server's CSV (at `path`) of every log matching `filters`; returns the saved file's name. */
export async function downloadServerCsv(
  path: string,
  filters: Record<string, string | undefined>,
  fallbackName: string,
  deps?: FetchWithAuthDeps,
): Promise<string> {
  const res = await fetchWithAuth(`${path}${exportQuery(filters)}`, deps);
  if (!res.ok) {
    let message = `Export failed (${res.status})`;
    try {
      const body = (await res.json()) as { error?: unknown };
      if (typeof body.error === 'string' && body.error) message = body.error;
    } catch {
      // not JSON
    }
    throw new ExportError(message, res.status);
  }
  const name = fileNameFrom(res.headers.get('content-disposition'), fallbackName);
  saveBlob(await res.blob(), name);
  return name;
}
