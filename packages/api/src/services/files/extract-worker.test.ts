// The extraction worker's outcome for files that are large in rows (issue 37) and the reason it gives when a
// reader fails for a cause other than the file's content.
import { afterEach, describe, expect, it, vi } from 'vitest';
import extract from './extract-worker.js';

const failWith = vi.hoisted(() => ({ error: undefined as Error | undefined }));
vi.mock('./extractors.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./extractors.js')>();
  return {
    ...real,
    extractText: (...args: Parameters<typeof real.extractText>) => {
      if (failWith.error) throw failWith.error;
      return real.extractText(...args);
    },
  };
});
afterEach(() => {
  failWith.error = undefined;
});

const UPLOAD_MAX_BYTES = 20 * 1024 * 1024; // the default limit (config.ts)
const task = (kind: 'csv' | 'txt', bytes: Buffer, maxChars = 1_000_000) => ({
  kind,
  bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer,
  maxChars,
  maxUnpackedBytes: 50 * 1024 * 1024,
});

describe('extraction worker', () => {
  it('reads a valid 1,000,000-row CSV within the upload limit, cut at maxChars like other files', async () => {
    const rows = ['Name,Role,Score'];
    for (let i = 0; i < 1_000_000; i++) rows.push(`P${i},R${i % 7},${i % 100}`);
    const bytes = Buffer.from(rows.join('\n'));
    expect(bytes.length).toBeLessThan(UPLOAD_MAX_BYTES);
    const r = await extract(task('csv', bytes));
    expect(r).toMatchObject({ ok: true, truncated: true });
    if (!r.ok) return;
    expect(r.textLength).toBeLessThanOrEqual(1_000_000);
    expect(r.textLength).toBeGreaterThan(900_000);
    expect(r.chunks[0]!.text).toContain('| Name | Role | Score |');
  });

  it('reads a 20 MB CSV of millions of tiny rows: it stops at the text limit instead of holding every row', async () => {
    const bytes = Buffer.from('n\n' + '7\n'.repeat(9_000_000));
    expect(bytes.length).toBeLessThan(UPLOAD_MAX_BYTES);
    const r = await extract(task('csv', bytes));
    expect(r).toMatchObject({ ok: true, truncated: true });
    if (!r.ok) return;
    expect(r.textLength).toBeLessThanOrEqual(1_000_000);
    expect(r.textLength).toBeGreaterThan(900_000);
  });

  it('names the real cause: a reader hitting an engine limit is "too large or too complex", not damage', async () => {
    failWith.error = new RangeError('Maximum call stack size exceeded');
    const r = await extract(task('csv', Buffer.from('a,b\n1,2\n')));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toBe('This .csv file is too large or too complex to read. Try a smaller file.');
    expect(r.reason).not.toMatch(/damaged/);
    expect(r.detail).toBe('RangeError: Maximum call stack size exceeded');
  });
});
