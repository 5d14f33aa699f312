import { describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/trpc', () => ({ refreshAccessToken: vi.fn() }));

import { uploadFile, UploadError, uploadUrl, type UploadDeps } from './upload';

/** A scripted XMLHttpRequest: records what was sent and answers with the next queued response. */
class FakeXhr {
  static responses: { status: number; body: unknown; progress?: [number, number][] }[] = [];
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    const r = FakeXhr.responses.shift();
    if (!r) return; // stays pending (for abort)
    queueMicrotask(() => {
      for (const [loaded, total] of r.progress ?? [])
        this.upload.onprogress?.({ lengthComputable: true, loaded, total });
      this.status = r.status;
      this.responseText = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
      if (r.status === 0) this.onerror?.();
      else this.onload?.();
    });
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

function deps(o: Partial<UploadDeps> = {}): UploadDeps {
  FakeXhr.sent = [];
  return {
    createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
    getToken: () => 'tok-1',
    isExpiring: () => false,
    refresh: vi.fn(async () => 'tok-2'),
    expired: vi.fn(),
    ...o,
  };
}

const file = () => new File(['- check the guard\n- wear gloves'], 'checklist.txt', { type: 'text/plain' });
const stored = { id: 'f1', filename: 'checklist.txt', fileSize: 30, status: 'PROCESSING' };

describe('uploadFile', () => {
  it('posts the file as multipart field "file" with the bearer token and reports progress', async () => {
    FakeXhr.responses = [
      {
        status: 201,
        body: { file: stored, files: [stored] },
        progress: [
          [10, 40],
          [40, 40],
        ],
      },
    ];
    const d = deps();
    const progress: number[] = [];
    const result = await uploadFile('s 1', file(), { onProgress: (l, t) => progress.push(l / t) }, d);
    expect(result).toEqual(stored);
    const x = FakeXhr.sent[0]!;
    expect(x.method).toBe('POST');
    expect(x.url).toBe(uploadUrl('s 1'));
    expect(x.url).toBe('/api/assistant/sessions/s%201/files');
    expect(x.headers.Authorization).toBe('Bearer tok-1');
    expect(x.withCredentials).toBe(true);
    const sent = x.body!.get('file') as File;
    expect(sent.name).toBe('checklist.txt');
    expect(progress).toEqual([0.25, 1]);
  });

  it('refreshes an expired token before uploading', async () => {
    FakeXhr.responses = [{ status: 201, body: { file: stored } }];
    const d = deps({ isExpiring: (t) => t === 'tok-1' });
    await uploadFile('s1', file(), {}, d);
    expect(d.refresh).toHaveBeenCalledWith('tok-1');
    expect(FakeXhr.sent[0]!.headers.Authorization).toBe('Bearer tok-2');
  });

  it('on 401 refreshes once and retries with the new token', async () => {
    FakeXhr.responses = [
      { status: 401, body: { error: 'Not authenticated', code: 'UNAUTHORIZED' } },
      { status: 201, body: { file: stored } },
    ];
    const d = deps();
    await expect(uploadFile('s1', file(), {}, d)).resolves.toEqual(stored);
    expect(FakeXhr.sent.map((x) => x.headers.Authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(d.expired).not.toHaveBeenCalled();
  });

  it('signs out when the refresh fails', async () => {
    FakeXhr.responses = [{ status: 401, body: { error: 'Not authenticated' } }];
    const d = deps({ refresh: vi.fn(async () => null) });
    await expect(uploadFile('s1', file(), {}, d)).rejects.toMatchObject({ status: 401 });
    expect(d.expired).toHaveBeenCalledOnce();
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it("rejects with the server's error and code", async () => {
    FakeXhr.responses = [
      {
        status: 415,
        body: { error: 'tool.docx: the content is not a Word document', code: 'UNSUPPORTED_FILE_TYPE' },
      },
    ];
    const err = await uploadFile('s1', file(), {}, deps()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadError);
    expect(err).toMatchObject({
      message: 'tool.docx: the content is not a Word document',
      status: 415,
      code: 'UNSUPPORTED_FILE_TYPE',
    });
  });

  it('has a text for answers without a JSON body and for a failed connection', async () => {
    FakeXhr.responses = [
      { status: 413, body: '<html>too big</html>' },
      { status: 0, body: '' },
    ];
    await expect(uploadFile('s1', file(), {}, deps())).rejects.toMatchObject({
      message: 'The file is too large.',
      status: 413,
    });
    await expect(uploadFile('s1', file(), {}, deps())).rejects.toMatchObject({ status: 0 });
  });

  it('aborts with the signal', async () => {
    FakeXhr.responses = [];
    const ac = new AbortController();
    const p = uploadFile('s1', file(), { signal: ac.signal }, deps());
    await Promise.resolve();
    await Promise.resolve();
    ac.abort();
    await expect(p).rejects.toMatchObject({ code: 'ABORTED' });
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
  });
});
