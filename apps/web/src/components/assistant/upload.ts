// Uploads one file to an assistant session (SPEC §7: POST /api/assistant/sessions/{id}/files, multipart field
// `file`) with XMLHttpRequest, the one browser API that reports upload progress. The bearer token is the one
// the tRPC link uses: refreshed first when it has expired, and on a 401 refreshed once and the upload retried
// (SPEC §4); a failed refresh signs the user out like the link does.
import type { SessionFileView } from '@app/api/schemas';
import { refreshAccessToken } from '../../lib/trpc';
import {
  getAccessToken,
  isTokenExpiring,
  SESSION_EXPIRED_EVENT,
  setAccessToken,
} from '../../lib/token-store';

/** A refused or failed upload: the server's `{error, code}` and the HTTP status (0: no answer). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface UploadOptions {
  /** Bytes sent so far of `total` (the whole multipart body). */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** The seams a test replaces: the XHR, the token source and the refresh. */
export interface UploadDeps {
  createXhr: () => XMLHttpRequest;
  getToken: () => string | null;
  isExpiring: (token: string) => boolean;
  refresh: (failedToken: string | null) => Promise<string | null>;
  /** The refresh failed: the session is over. */
  expired: () => void;
}

const defaultDeps: UploadDeps = {
  createXhr: () => new XMLHttpRequest(),
  getToken: getAccessToken,
  isExpiring: (t) => isTokenExpiring(t),
  refresh: refreshAccessToken,
  expired: () => {
    setAccessToken(null);
    window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
  },
};

export const uploadUrl = (sessionId: string) =>
  `/api/assistant/sessions/${encodeURIComponent(sessionId)}/files`;

const GENERIC = 'The upload failed. Please try again.';

function errorOf(xhr: XMLHttpRequest): UploadError {
  let body: { error?: unknown; code?: unknown } | null;
  try {
    body = JSON.parse(xhr.responseText) as { error?: unknown; code?: unknown };
  } catch {
    body = null;
  }
  const message =
    typeof body?.error === 'string' && body.error.trim()
      ? body.error
      : xhr.status === 413
        ? 'The file is too large.'
        : xhr.status === 429
          ? 'Too many uploads. Please wait a moment and try again.'
          : GENERIC;
  return new UploadError(message, xhr.status, typeof body?.code === 'string' ? body.code : undefined);
}

function sendOnce(
  deps: UploadDeps,
  sessionId: string,
  file: File,
  token: string | null,
  o: UploadOptions,
): Promise<SessionFileView> {
  return new Promise((resolve, reject) => {
    const xhr = deps.createXhr();
    const onAbort = () => xhr.abort();
    const done = () => o.signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', uploadUrl(sessionId));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) o.onProgress?.(e.loaded, e.total);
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const body = JSON.parse(xhr.responseText) as { file?: SessionFileView };
          if (body.file) return resolve(body.file);
        } catch {
          // fall through
        }
        return reject(new UploadError(GENERIC, xhr.status));
      }
      reject(errorOf(xhr));
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError('The connection failed. Please check your network and try again.', 0));
    };
    xhr.onabort = () => {
      done();
      reject(new UploadError('Upload cancelled', 0, 'ABORTED'));
    };
    if (o.signal?.aborted) {
      reject(new UploadError('Upload cancelled', 0, 'ABORTED'));
      return;
    }
    o.signal?.addEventListener('abort', onAbort);
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Uploads `file` into session `sessionId` and resolves with the stored file (status PROCESSING first). */
export async function uploadFile(
  sessionId: string,
  file: File,
  o: UploadOptions = {},
  deps: UploadDeps = defaultDeps,
): Promise<SessionFileView> {
  let token = deps.getToken();
  if (token && deps.isExpiring(token)) token = (await deps.refresh(token)) ?? token;
  try {
    return await sendOnce(deps, sessionId, file, token, o);
  } catch (err) {
    if (!(err instanceof UploadError) || err.status !== 401 || !token) throw err;
    const fresh = await deps.refresh(token);
    if (!fresh) {
      deps.expired();
      throw err;
    }
    return sendOnce(deps, sessionId, file, fresh, o);
  }
}
