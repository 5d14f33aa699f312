// Local-disk storage: one file per key under `root` (DATA_DIR/uploads). Writes go to `root/.tmp/` and are
// renamed into place once complete and flushed, so readers never see a partial file and a failed or aborted
// upload leaves nothing behind. Keys are checked by assertValidKey and the resolved path must stay inside
// the root. Emptied directories are pruned after deletes.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { addAbortSignal } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, normalizePrefix } from './keys.js';
import { ByteCounter, discard, toReadable } from './streams.js';
import {
  InvalidStorageKeyError,
  StorageNotFoundError,
  type PutOptions,
  type Storage,
  type StorageBody,
  type StoredObjectInfo,
} from './types.js';

export interface LocalStorageOptions {
  /** The directory holding the files (created on first write). */
  root: string;
  /** Temporary files older than this are removed at start (left by a crash mid-upload). Default 24 h. */
  staleTempMs?: number;
}

const TMP_DIR = '.tmp';

function errnoCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}
const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes(errnoCode(err) ?? '');

export function createLocalStorage(options: LocalStorageOptions): Storage {
  const root = path.resolve(options.root);
  const tmpDir = path.join(root, TMP_DIR);

  /** The absolute path of a key, never outside the root. */
  function pathOf(key: string): string {
    assertValidKey(key);
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(root + path.sep))
      throw new InvalidStorageKeyError(key, 'outside the storage root');
    return resolved;
  }

  /** Removes empty directories from `dir` up to (not including) the root; stops at the first non-empty one. */
  async function pruneEmptyParents(dir: string): Promise<void> {
    for (let d = dir; d.startsWith(root + path.sep) && d !== tmpDir; d = path.dirname(d)) {
      try {
        await rmdir(d);
      } catch {
        return; // not empty (or already gone / raced with a write): leave it
      }
    }
  }

  async function moveIntoPlace(tmp: string, target: string): Promise<void> {
    // A concurrent delete may prune the directory between mkdir and rename: make it again once.
    for (let attempt = 0; ; attempt++) {
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(tmp, target);
        return;
      } catch (err) {
        if (attempt > 0 || errnoCode(err) !== 'ENOENT') throw err;
      }
    }
  }

  // Temporary files a crashed process left behind; best effort, in the background.
  const staleTempMs = options.staleTempMs ?? 24 * 60 * 60 * 1000;
  const sweeping = (async () => {
    const names = await readdir(tmpDir).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(tmpDir, name);
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > staleTempMs)
        await rm(file, { force: true }).catch(() => undefined);
    }
  })();

  const storage: Storage = {
    driver: 'local',
    location: root,

    async put(key: string, body: StorageBody, opts: PutOptions = {}) {
      let tmp: string | undefined;
      try {
        const target = pathOf(key);
        await mkdir(tmpDir, { recursive: true });
        tmp = path.join(tmpDir, `${randomUUID()}.part`);
        const counter = new ByteCounter(opts.maxBytes);
        await pipeline(toReadable(body), counter, createWriteStream(tmp, { flags: 'wx', flush: true }), {
          signal: opts.signal,
        });
        await moveIntoPlace(tmp, target);
        return { key, size: counter.bytes };
      } catch (err) {
        discard(body);
        if (tmp) await rm(tmp, { force: true }).catch(() => undefined);
        throw err;
      }
    },

    async read(key, opts = {}) {
      const file = pathOf(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (err) {
        if (isMissing(err) || errnoCode(err) === 'EISDIR')
          throw new StorageNotFoundError(key, { cause: err });
        throw err;
      }
      const info = await handle.stat().catch(async (err) => {
        await handle.close();
        throw err;
      });
      if (!info.isFile()) {
        await handle.close();
        throw new StorageNotFoundError(key);
      }
      const body = handle.createReadStream(); // closes the handle when it ends or is destroyed
      if (opts.signal) addAbortSignal(opts.signal, body);
      return { key, size: info.size, lastModified: info.mtime, body };
    },

    async stat(key): Promise<StoredObjectInfo | null> {
      const file = pathOf(key);
      try {
        const info = await stat(file);
        return info.isFile() ? { key, size: info.size, lastModified: info.mtime } : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async exists(key) {
      return (await storage.stat(key)) !== null;
    },

    async delete(key) {
      const file = pathOf(key);
      try {
        await unlink(file);
      } catch (err) {
        if (isMissing(err)) return;
        // A directory is a prefix of other keys, not an object: nothing to delete (EPERM on macOS).
        if (['EISDIR', 'EPERM'].includes(errnoCode(err) ?? '') && (await lstat(file)).isDirectory()) return;
        throw err;
      }
      await pruneEmptyParents(path.dirname(file));
    },

    async deleteByPrefix(prefix) {
      const folder = normalizePrefix(prefix);
      const dir = pathOf(folder.slice(0, -1));
      // Only a directory is a folder: a file at the same path is the object `users/a`, not under `users/a/`.
      const info = await lstat(dir).catch((err) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (!info?.isDirectory()) return;
      await rm(dir, { recursive: true, force: true });
      await pruneEmptyParents(path.dirname(dir));
    },

    async check() {
      const started = performance.now();
      const result = { driver: 'local' as const, location: root };
      try {
        await mkdir(tmpDir, { recursive: true });
        const probe = path.join(tmpDir, `health-${randomUUID()}`);
        await writeFile(probe, 'ok');
        await rm(probe, { force: true });
        return { ...result, ok: true, latencyMs: Math.round(performance.now() - started) };
      } catch (err) {
        return {
          ...result,
          ok: false,
          latencyMs: Math.round(performance.now() - started),
          error: err instanceof Error ? err.message : String(err),
        };
      }
    },

    async close() {
      await sweeping.catch(() => undefined);
    },
  };
  return storage;
}
