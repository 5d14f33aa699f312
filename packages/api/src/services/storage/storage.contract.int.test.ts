// One contract, run against both implementations: the local disk (a temp directory) and S3 through s3rver,
// a local S3-compatible server this file starts itself (127.0.0.1, random port, temp directory) — never a
// remote service.
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createLocalStorage,
  createS3Storage,
  InvalidStorageKeyError,
  StorageNotFoundError,
  StorageTooLargeError,
  type Storage,
} from './index.js';

const MiB = 1024 * 1024;
/** The S3 run uses 5 MiB parts (S3's minimum), so bodies above that go multipart. */
const PART_SIZE = 5 * MiB;

interface Harness {
  storage: Storage;
  /** Every file or object left anywhere in the backend (local: also temp files, and outside the root). */
  leftovers(): Promise<string[]>;
  stop(): Promise<void>;
}

interface Driver {
  name: string;
  start(): Promise<Harness>;
}

const localDriver: Driver = {
  name: 'local disk',
  async start() {
    const dir = await mkdtemp(path.join(tmpdir(), 'lnd-storage-'));
    const storage = createLocalStorage({ root: path.join(dir, 'uploads') });
    return {
      storage,
      async leftovers() {
        const entries = await readdir(dir, { recursive: true, withFileTypes: true });
        return entries
          .filter((e) => !e.isDirectory())
          .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
      },
      async stop() {
        await storage.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
};

const s3Driver: Driver = {
  name: 'S3 (s3rver)',
  async start() {
    const dir = await mkdtemp(path.join(tmpdir(), 'lnd-s3rver-'));
    const script = fileURLToPath(new URL('./testing/s3rver-process.mjs', import.meta.url));
    const child: ChildProcess = fork(script, [dir], {
      execArgv: ['--openssl-legacy-provider'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m) => resolve((m as { port: number }).port));
      child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}: ${stderr}`)));
    });
    const endpoint = `http://127.0.0.1:${port}`;
    const bucket = 'storage-contract';
    const common = {
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    };
    const admin = new S3Client(common);
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    const storage = createS3Storage({
      bucket,
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      partSize: PART_SIZE,
      listPageSize: 3, // so deleteByPrefix goes through several pages
    });
    return {
      storage,
      async leftovers() {
        const out = await admin.send(new ListObjectsV2Command({ Bucket: bucket }));
        return (out.Contents ?? []).map((o) => o.Key ?? '');
      },
      async stop() {
        await storage.close();
        admin.destroy();
        const exited = once(child, 'exit');
        child.disconnect();
        await exited;
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
};

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function readAll(storage: Storage, key: string): Promise<Buffer> {
  const { body } = await storage.read(key);
  return buffer(body);
}

/** A body of unknown length: `chunks` random chunks of `chunkSize` bytes, hashed as it goes. */
function randomStream(chunks: number, chunkSize: number) {
  const hash = createHash('sha256');
  let size = 0;
  const stream = Readable.from(
    (function* () {
      for (let i = 0; i < chunks; i++) {
        const chunk = randomBytes(chunkSize);
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    })(),
  );
  return { stream, digest: () => hash.digest('hex'), size: () => size };
}

/** Sends `bytes`, then fails the way a dropped client connection does. */
function failingStream(bytes: number, error = new Error('client went away')) {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(Buffer.alloc(bytes, 7));
      } else setTimeout(() => this.destroy(error), 5);
    },
  });
}

describe.each([localDriver, s3Driver])('storage contract: $name', (driver) => {
  let h: Harness;
  let storage: Storage;
  let p: string; // each test writes under its own prefix

  beforeAll(async () => {
    h = await driver.start();
    storage = h.storage;
  });
  afterAll(async () => {
    await h?.stop();
  });
  beforeEach(() => {
    p = `t/${randomUUID()}`;
  });

  const leftoversUnder = async (prefix: string) =>
    (await h.leftovers()).filter((k) => k.includes(prefix) || k.includes('.tmp'));

  it('round-trips binary bytes and reports size and time', async () => {
    const bytes = new Uint8Array(4096).map((_, i) => i % 256);
    const key = `${p}/bin`;
    expect(await storage.put(key, bytes)).toEqual({ key, size: 4096 });
    const read = await storage.read(key);
    expect(read.size).toBe(4096);
    expect(read.lastModified).toBeInstanceOf(Date);
    expect(Buffer.compare(await buffer(read.body), Buffer.from(bytes))).toBe(0);
    expect(await storage.stat(key)).toMatchObject({ key, size: 4096 });
    expect(await storage.exists(key)).toBe(true);
  });

  it('streams a multi-megabyte body of unknown length', async () => {
    const src = randomStream(12 * 16 + 3, 64 * 1024); // 12.2 MiB: several multipart parts on S3
    const key = `${p}/big`;
    const put = await storage.put(key, src.stream, { contentType: 'application/octet-stream' });
    expect(put.size).toBe(src.size());
    expect(put.size).toBeGreaterThan(2 * PART_SIZE);
    expect(sha256(await readAll(storage, key))).toBe(src.digest());
    expect((await storage.stat(key))?.size).toBe(src.size());
  });

  it('accepts a web ReadableStream and an empty body', async () => {
    const web = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('hello '));
        c.enqueue(new TextEncoder().encode('web'));
        c.close();
      },
    });
    expect((await storage.put(`${p}/web`, web)).size).toBe(9);
    expect((await readAll(storage, `${p}/web`)).toString()).toBe('hello web');
    expect((await storage.put(`${p}/empty`, Readable.from([]))).size).toBe(0);
    expect((await readAll(storage, `${p}/empty`)).length).toBe(0);
  });

  it('overwrites an existing key', async () => {
    const key = `${p}/doc`;
    await storage.put(key, Buffer.from('the first, longer version'));
    await storage.put(key, Buffer.from('v2'));
    expect((await readAll(storage, key)).toString()).toBe('v2');
    expect((await storage.stat(key))?.size).toBe(2);
  });

  it('reading a missing key is a clear not-found error', async () => {
    const key = `${p}/missing`;
    const err = await storage.read(key).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageNotFoundError);
    expect(err).toMatchObject({ code: 'NOT_FOUND', key });
    expect((err as Error).message).toContain(key);
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    // a "folder" is not an object either
    await storage.put(`${p}/dir/file`, Buffer.from('x'));
    await expect(storage.read(`${p}/dir`)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage.stat(`${p}/dir`)).toBeNull();
  });

  it('deletes; deleting a missing key is not an error', async () => {
    const key = `${p}/a/b/file`;
    await storage.put(key, Buffer.from('bye'));
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.read(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete(`${p}/never/was`)).resolves.toBeUndefined();
    expect(await leftoversUnder(p)).toEqual([]);
  });

  it('deletes by prefix: only that folder, across several list pages', async () => {
    const mine = [
      `${p}/users/u1/avatar`,
      ...[1, 2, 3, 4].map((i) => `${p}/users/u1/sessions/s1/f${i}`),
      ...[1, 2, 3].map((i) => `${p}/users/u1/sessions/s2/f${i}`),
    ];
    const others = [`${p}/users/u10/sessions/s1/f1`, `${p}/users/u2/f1`, `${p}/users/u1x`];
    for (const key of [...mine, ...others]) await storage.put(key, Buffer.from(key));

    await storage.deleteByPrefix(`${p}/users/u1/sessions/s1`); // without the trailing slash
    for (const key of mine.slice(1, 5)) expect(await storage.exists(key)).toBe(false);
    expect(await storage.exists(`${p}/users/u1/sessions/s2/f1`)).toBe(true);

    await storage.deleteByPrefix(`${p}/users/u1/`);
    for (const key of mine) expect(await storage.exists(key)).toBe(false);
    for (const key of others) expect((await readAll(storage, key)).toString()).toBe(key);

    await expect(storage.deleteByPrefix(`${p}/users/nobody/`)).resolves.toBeUndefined();
    await expect(storage.deleteByPrefix('')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.deleteByPrefix('/')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect((await leftoversUnder(p)).sort()).toEqual(
      others.map((k) => (driver === localDriver ? `uploads/${k}` : k)).sort(),
    );
  });

  it('refuses keys that escape the root or are malformed', async () => {
    const bad = [
      '',
      '../escape',
      `${p}/../../escape`,
      '..',
      './x',
      '/etc/passwd',
      `${p}/a\0b`,
      `${p}/a\nb`,
      `${p}\\..\\..\\escape`,
      `${p}//double`,
      `${p}/trailing/`,
      '.tmp/x',
      `${p}/.hidden`,
      `${p}/${'x'.repeat(256)}`,
    ];
    for (const key of bad) {
      const body = Readable.from([Buffer.from('nope')]);
      await expect(storage.put(key, body), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      expect(body.destroyed, 'the body is released').toBe(true);
      await expect(storage.read(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.stat(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    for (const prefix of ['../', '..', '/abs/', `${p}/../..`, 'a\0/'])
      await expect(storage.deleteByPrefix(prefix), prefix).rejects.toBeInstanceOf(InvalidStorageKeyError);
    const err = await storage.put('../escape', Buffer.from('x')).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'INVALID_KEY' });
    expect((await h.leftovers()).filter((k) => k.includes('escape') || k.includes('passwd'))).toEqual([]);
  });

  it.each([
    ['a small body (one request)', 1 * MiB],
    ['a body past the first part (multipart started)', PART_SIZE + MiB],
  ])('an erroring input stream leaves nothing behind: %s', async (_label, bytes) => {
    const key = `${p}/broken`;
    const failure = new Error('client went away');
    await expect(storage.put(key, failingStream(bytes, failure))).rejects.toBe(failure);
    expect(await storage.exists(key)).toBe(false);
    expect(await leftoversUnder(p)).toEqual([]);
  });

  it('a failed overwrite keeps the previous version', async () => {
    const key = `${p}/kept`;
    await storage.put(key, Buffer.from('good'));
    await expect(storage.put(key, failingStream(64 * 1024))).rejects.toThrow('client went away');
    expect((await readAll(storage, key)).toString()).toBe('good');
  });

  it('an aborted upload leaves nothing behind', async () => {
    const key = `${p}/aborted`;
    const controller = new AbortController();
    const endless = new Readable({
      read() {
        setTimeout(() => this.push(Buffer.alloc(256 * 1024, 1)), 2);
      },
    });
    setTimeout(() => controller.abort(), 100);
    const err = await storage.put(key, endless, { signal: controller.signal }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'AbortError' });
    expect(endless.destroyed).toBe(true);
    expect(await storage.exists(key)).toBe(false);
    expect(await leftoversUnder(p)).toEqual([]);
  });

  it('enforces maxBytes while streaming and stores nothing past it', async () => {
    const key = `${p}/limited`;
    const err = await storage
      .put(key, randomStream(20, 64 * 1024).stream, { maxBytes: 1000 * 1000 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageTooLargeError);
    expect(err).toMatchObject({ code: 'TOO_LARGE', maxBytes: 1000 * 1000 });
    expect(await storage.exists(key)).toBe(false);
    expect(await leftoversUnder(p)).toEqual([]);
    expect((await storage.put(key, Buffer.alloc(1000), { maxBytes: 1000 })).size).toBe(1000);
  });

  it('check() reports a healthy backend', async () => {
    const health = await storage.check();
    expect(health).toMatchObject({ ok: true, driver: storage.driver, location: storage.location });
    expect(health.latencyMs).toBeGreaterThanOrEqual(0);
    expect(await leftoversUnder('health')).toEqual([]);
  });
});

describe('storage health when the backend is unreachable', () => {
  it('S3: check() answers ok: false with the reason instead of throwing', async () => {
    const storage = createS3Storage({
      bucket: 'nowhere',
      endpoint: 'http://127.0.0.1:9', // discard port: connection refused
      region: 'us-east-1',
      accessKeyId: 'x',
      secretAccessKey: 'y',
      forcePathStyle: true,
      checkTimeoutMs: 2000,
    });
    const health = await storage.check();
    await storage.close();
    expect(health).toMatchObject({ ok: false, driver: 's3' });
    expect(health.error).toBeTruthy();
  });

  it('local: check() answers ok: false when the root cannot be created', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lnd-storage-'));
    const blocker = path.join(dir, 'file');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(blocker, 'x');
    const storage = createLocalStorage({ root: path.join(blocker, 'uploads') });
    const health = await storage.check();
    await storage.close();
    await rm(dir, { recursive: true, force: true });
    expect(health).toMatchObject({ ok: false, driver: 'local' });
    expect(health.error).toMatch(/ENOTDIR|EEXIST/);
  });
});
