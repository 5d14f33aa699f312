// Background text extraction of uploaded files: a queue in this process feeding a piscina worker pool.
// Each file is claimed with a lease (`processingAt`, one attempt counted), read from storage, extracted in a
// worker under a time limit (the worker is terminated when it passes) and a heap limit, chunked, and stored:
// chunks + READY in one transaction, or FAILED with a reason. A file left PROCESSING by a crash is claimed
// again once its lease has run out (at start and every minute, by any instance), and FAILED after
// MAX_ATTEMPTS attempts, so a file that kills its worker cannot loop forever.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Prisma, type Db } from '@app/db';
import { Piscina } from 'piscina';
import type { Logger } from '../logger.js';
import type { Storage } from '../storage/index.js';
import type { ExtractKind } from './extractors.js';
import type { ExtractOutcome, ExtractTask } from './extract-worker.js';

export const MAX_ATTEMPTS = 2;
/** Zip-based files (docx/xlsx/pptx) may unpack to at most this much. */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
const CHUNK_INSERT_BATCH = 500;

export interface FileProcessorOptions {
  db: Db;
  storage: Storage;
  log: Logger;
  /** Per-file time limit (the worker running it is terminated). */
  timeoutMs: number;
  /** Extracted text kept per file (characters). */
  maxChars: number;
  workers: number;
  /** Heap limit of each worker thread (MB): a file that needs more fails instead of taking the server down. */
  memoryMb: number;
  /** Largest file read back from storage (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** Another worker module (tests); default extractWorkerFile(). */
  workerFile?: string;
}

export interface FileProcessor {
  /** Queues files for extraction (their rows exist, status PROCESSING). */
  enqueue(fileIds: string[]): void;
  /** Queues PROCESSING files whose lease ran out (a crash mid-extraction); returns how many. */
  recover(): Promise<number>;
  /** recover() now and every `intervalMs` (main.ts; not in tests). */
  start(intervalMs?: number): void;
  /** Resolves when the queue is empty and nothing runs (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const KIND_BY_MIME: Record<string, ExtractKind | 'image'> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
};

/**
 * The worker module: dist/extract-worker.js next to the bundled server, else the TypeScript source through
 * its tsx bootstrap (development, tests).
 */
export function extractWorkerFile(): string {
  const bundled = new URL('./extract-worker.js', import.meta.url);
  if (bundled.protocol === 'file:' && existsSync(fileURLToPath(bundled))) return bundled.href;
  return new URL('./extract-worker.dev.mjs', import.meta.url).href;
}

interface Claimed {
  id: string;
  storageKey: string;
  mimeType: string;
  attempts: number;
  processingAt: Date;
}

async function readAll(storage: Storage, key: string, maxBytes: number): Promise<Buffer> {
  const { body } = await storage.read(key);
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      body.destroy();
      throw new Error(`stored file larger than ${maxBytes} bytes`);
    }
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

function isAbort(err: unknown) {
  return (err as { name?: string } | null)?.name === 'AbortError';
}

/** Claims a PROCESSING file whose lease is free or ran out (one attempt more); null: gone, done or held. */
async function claim(db: Db, id: string, leaseMs: number): Promise<Claimed | null> {
  const rows = await db.$queryRaw<Claimed[]>(Prisma.sql`
    UPDATE "SessionFile"
    SET "processingAt" = now(), "attempts" = "attempts" + 1
    WHERE "id" = ${id} AND "status" = 'PROCESSING'
      AND ("processingAt" IS NULL OR "processingAt" < now() - ${leaseMs}::int * interval '1 millisecond')
    RETURNING "id", "storageKey", "mimeType", "attempts", "processingAt"`);
  return rows[0] ?? null;
}

/** Writes the outcome if this attempt still holds the file (not deleted, not taken over). */
async function finish(
  db: Db,
  file: Claimed,
  outcome: ExtractOutcome | { ok: true; image: true },
): Promise<void> {
  const mine = { id: file.id, status: 'PROCESSING' as const, processingAt: file.processingAt };
  if (!outcome.ok) {
    await db.sessionFile.updateMany({
      where: mine,
      data: { status: 'FAILED', failureReason: outcome.reason, processedAt: new Date() },
    });
    return;
  }
  if ('image' in outcome) {
    await db.sessionFile.updateMany({
      where: mine,
      data: { status: 'READY', textLength: 0, chunkCount: 0, processedAt: new Date() },
    });
    return;
  }
  const sessionRow = await db.sessionFile.findUnique({
    where: { id: file.id },
    select: { sessionId: true },
  });
  if (!sessionRow) return;
  await db.$transaction(
    async (tx) => {
      const updated = await tx.sessionFile.updateMany({
        where: mine,
        data: {
          status: 'READY',
          textLength: outcome.textLength,
          textTruncated: outcome.truncated,
          chunkCount: outcome.chunks.length,
          processedAt: new Date(),
        },
      });
      if (updated.count === 0) return;
      await tx.fileChunk.deleteMany({ where: { fileId: file.id } });
      for (let i = 0; i < outcome.chunks.length; i += CHUNK_INSERT_BATCH) {
        await tx.fileChunk.createMany({
          data: outcome.chunks.slice(i, i + CHUNK_INSERT_BATCH).map((c, j) => ({
            fileId: file.id,
            sessionId: sessionRow.sessionId,
            ordinal: i + j,
            text: c.text,
            startOffset: c.start,
            endOffset: c.end,
          })),
        });
      }
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}

export function createFileProcessor(o: FileProcessorOptions): FileProcessor {
  const leaseMs = o.timeoutMs + 60_000;
  let pool: Piscina<ExtractTask, ExtractOutcome> | undefined;
  const getPool = () =>
    (pool ??= new Piscina<ExtractTask, ExtractOutcome>({
      filename: o.workerFile ?? extractWorkerFile(),
      minThreads: 0,
      maxThreads: o.workers,
      idleTimeout: 30_000,
      resourceLimits: {
        maxOldGenerationSizeMb: o.memoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(16, Math.floor(o.memoryMb / 8))),
      },
    }));

  const queue: string[] = [];
  const queued = new Set<string>();
  let running = 0;
  let closed = false;
  let idleWaiters: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;

  const settleIdle = () => {
    if (running === 0 && queue.length === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  };

  async function processFile(id: string): Promise<void> {
    const file = await claim(o.db, id, leaseMs);
    if (!file) return; // gone, done, or another attempt holds the lease
    if (file.attempts > MAX_ATTEMPTS) {
      await finish(o.db, file, {
        ok: false,
        reason: 'Reading this file was interrupted repeatedly. Delete it and upload it again.',
      });
      return;
    }
    const kind = KIND_BY_MIME[file.mimeType];
    if (kind === 'image') return finish(o.db, file, { ok: true, image: true });
    if (!kind) return finish(o.db, file, { ok: false, reason: 'This file type cannot be read.' });
    let bytes: Buffer;
    try {
      bytes = await readAll(o.storage, file.storageKey, o.maxBytes);
    } catch (err) {
      o.log.warn({ err, fileId: id }, 'files: could not read the stored file');
      return finish(o.db, file, { ok: false, reason: 'The stored file could not be read. Upload it again.' });
    }
    // A standalone ArrayBuffer (Buffers of small reads share a pool), moved to the worker without a copy.
    const ab = new ArrayBuffer(bytes.length);
    new Uint8Array(ab).set(bytes);
    const started = performance.now();
    let outcome: ExtractOutcome;
    try {
      outcome = await getPool().run(
        { kind, bytes: ab, maxChars: o.maxChars, maxUnpackedBytes: MAX_UNPACKED_BYTES },
        { transferList: [ab], signal: AbortSignal.timeout(o.timeoutMs) },
      );
    } catch (err) {
      // Shutting down: leave the file PROCESSING; its lease runs out and the next start reads it again.
      if (closed) return;
      if (isAbort(err)) {
        outcome = {
          ok: false,
          reason: `Reading this file took longer than ${Math.round(o.timeoutMs / 1000)} s; it is too large or too complex. Try a smaller file.`,
        };
      } else if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        outcome = { ok: false, reason: 'Reading this file needed too much memory. Try a smaller file.' };
      } else {
        o.log.error({ err, fileId: id }, 'files: extraction worker failed');
        outcome = { ok: false, reason: `Could not read this .${kind} file.` };
      }
    }
    if (!outcome.ok && outcome.detail)
      o.log.warn({ fileId: id, kind, detail: outcome.detail }, 'files: extraction failed');
    o.log.info(
      { fileId: id, kind, ok: outcome.ok, ms: Math.round(performance.now() - started) },
      'files: extracted',
    );
    await finish(o.db, file, outcome);
  }

  function pump() {
    while (!closed && running < o.workers && queue.length > 0) {
      const id = queue.shift()!;
      queued.delete(id);
      running++;
      processFile(id)
        .catch((err) => o.log.error({ err, fileId: id }, 'files: processing failed'))
        .finally(() => {
          running--;
          pump();
          settleIdle();
        });
    }
    settleIdle();
  }

  async function recover(): Promise<number> {
    const rows = await o.db.$queryRaw<{ id: string }[]>(Prisma.sql`
      SELECT "id" FROM "SessionFile"
      WHERE "status" = 'PROCESSING'
        AND ("processingAt" IS NULL OR "processingAt" < now() - ${leaseMs}::int * interval '1 millisecond')
      ORDER BY "createdAt"
      LIMIT 500`);
    processor.enqueue(rows.map((r) => r.id));
    return rows.length;
  }

  const processor: FileProcessor = {
    enqueue(ids) {
      for (const id of ids) {
        if (queued.has(id)) continue;
        queued.add(id);
        queue.push(id);
      }
      // After the current I/O callbacks: the upload's answer goes out first.
      setImmediate(pump);
    },
    recover,
    start(intervalMs = 60_000) {
      const run = () =>
        void recover().catch((err) => o.log.warn({ err }, 'files: recovering PROCESSING files failed'));
      run();
      timer = setInterval(run, intervalMs);
      timer.unref();
    },
    idle() {
      if (running === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      queue.length = 0;
      queued.clear();
      await pool?.destroy();
      pool = undefined;
      settleIdle();
    },
  };
  return processor;
}
