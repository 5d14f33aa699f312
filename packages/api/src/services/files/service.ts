// The assistant's session files: upload (streamed into storage after a look at the first bytes), list, delete,
// and the background extraction (processing.ts). An upload request is all or nothing: when any of its files is
// refused, the files already stored by that request are deleted again and no row is written.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '@app/db';
import type { AppConfig } from '../../config.js';
import { appError, badRequest, notFound } from '../../errors.js';
import {
  FILE_ERROR_CODES,
  MAX_FILES_PER_UPLOAD,
  type FileStatus,
  type SessionFileView,
} from '../../schemas/files.js';
import type { Logger } from '../logger.js';
import type { RateLimiter } from '../rate-limit.js';
import { storageKeys, StorageTooLargeError, type Storage } from '../storage/index.js';
import { sanitizeFilename } from './names.js';
import { createFileProcessor, type FileProcessor } from './processing.js';
import { SNIFF_BYTES, sniffUpload } from './sniff.js';

export const SESSION_NOT_FOUND = 'Assistant session not found';
export const FILE_NOT_FOUND = 'File not found';

/** One file part of a multipart upload. `stream` ends early with `truncated` set when a parser limit cut it. */
export interface UploadPart {
  filename: string;
  stream: Readable & { truncated?: boolean };
}

export interface FilesService {
  /** Stores the parts (≤ 10) of one request; rows are written and extraction queued only if all are accepted. */
  upload(params: {
    userId: string;
    sessionId: string;
    parts: AsyncIterable<UploadPart>;
    signal?: AbortSignal;
  }): Promise<SessionFileView[]>;
  list(userId: string, sessionId: string): Promise<SessionFileView[]>;
  /** Deletes the row (and its chunks) and the stored bytes. */
  remove(userId: string, sessionId: string, fileId: string): Promise<void>;
  processor: FileProcessor;
}

const VIEW_SELECT = {
  id: true,
  filename: true,
  fileSize: true,
  mimeType: true,
  status: true,
  failureReason: true,
  textTruncated: true,
  openaiFileId: true,
  messageId: true,
  createdAt: true,
} as const;

export function toFileView(row: {
  id: string;
  filename: string;
  fileSize: number;
  mimeType: string;
  status: string;
  failureReason: string | null;
  textTruncated: boolean;
  openaiFileId: string | null;
  messageId: string | null;
  createdAt: Date;
}): SessionFileView {
  return { ...row, status: row.status as FileStatus };
}

export const fileTooLarge = (maxBytes: number) =>
  appError('PAYLOAD_TOO_LARGE', `The file is larger than the ${formatBytes(maxBytes)} limit.`, {
    appCode: FILE_ERROR_CODES.FILE_TOO_LARGE,
    extra: { maxBytes },
  });
export const tooManyFiles = () =>
  badRequest(`Upload at most ${MAX_FILES_PER_UPLOAD} files at a time.`, FILE_ERROR_CODES.TOO_MANY_FILES);
export const noFile = () =>
  badRequest('Send the files as multipart/form-data in the field "file".', FILE_ERROR_CODES.NO_FILE);
const unsupported = (filename: string, reason: string) =>
  appError('UNSUPPORTED_MEDIA_TYPE', `${filename}: ${reason}`, {
    appCode: FILE_ERROR_CODES.UNSUPPORTED_FILE_TYPE,
  });

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}

/** A row id that is also a valid storage key segment (cuid-like: letters and digits). */
const newFileId = () => `f${Date.now().toString(36)}${randomBytes(10).toString('hex')}`;

/** Reads up to `n` bytes from the start of the stream; `rest` continues where it stopped. */
async function peek(stream: AsyncIterable<Buffer>, n: number) {
  const it = stream[Symbol.asyncIterator]();
  const parts: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < n) {
    const next = await it.next();
    if (next.done) {
      ended = true;
      break;
    }
    parts.push(next.value);
    size += next.value.length;
  }
  return { head: Buffer.concat(parts), ended, it };
}

export function createFilesService(deps: {
  db: Db;
  storage: Storage;
  rateLimiter: RateLimiter;
  config: AppConfig;
  log: Logger;
}): FilesService {
  const { db, storage, config, log } = deps;
  const processor = createFileProcessor({
    db,
    storage,
    log,
    maxBytes: config.uploadMaxBytes,
    ...config.extraction,
  });

  async function ownedSession(userId: string, sessionId: string) {
    const session = await db.assistantSession.findFirst({
      where: { id: sessionId, userId },
      select: { id: true },
    });
    if (!session) throw notFound(SESSION_NOT_FOUND);
  }

  /** Streams one part into storage; returns what the row needs. Nothing is stored when it throws. */
  async function storePart(userId: string, sessionId: string, part: UploadPart, signal?: AbortSignal) {
    const filename = sanitizeFilename(part.filename);
    const { head, ended, it } = await peek(part.stream, SNIFF_BYTES);
    if (head.length === 0) {
      part.stream.resume();
      throw badRequest(`${filename} is empty.`, FILE_ERROR_CODES.EMPTY_FILE);
    }
    const sniffed = await sniffUpload(filename, head, ended);
    if (!sniffed.ok) {
      part.stream.resume();
      throw unsupported(filename, sniffed.reason);
    }
    const id = newFileId();
    const key = storageKeys.sessionFile(userId, sessionId, id);
    const hash = createHash('sha256');
    const maxBytes = config.uploadMaxBytes;
    async function* body() {
      hash.update(head);
      yield head;
      if (!ended) {
        for (let next = await it.next(); !next.done; next = await it.next()) {
          hash.update(next.value);
          yield next.value;
        }
      }
      // The multipart parser ends a file cut at its size limit normally, only flagging it: fail the write.
      if (part.stream.truncated) throw new StorageTooLargeError(maxBytes);
    }
    let size: number;
    try {
      ({ size } = await storage.put(key, Readable.from(body()), {
        maxBytes,
        contentType: sniffed.mimeType,
        signal,
      }));
    } catch (err) {
      part.stream.resume();
      if (err instanceof StorageTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw fileTooLarge(maxBytes);
      throw err;
    }
    return { id, key, filename, mimeType: sniffed.mimeType, size, sha256: hash.digest('hex') };
  }

  return {
    processor,

    async upload({ userId, sessionId, parts, signal }) {
      await ownedSession(userId, sessionId);
      const stored: Awaited<ReturnType<typeof storePart>>[] = [];
      try {
        let count = 0;
        for await (const part of parts) {
          if (++count > MAX_FILES_PER_UPLOAD) {
            part.stream.resume();
            throw tooManyFiles();
          }
          await deps.rateLimiter.consume('upload', userId);
          stored.push(await storePart(userId, sessionId, part, signal));
        }
        if (stored.length === 0) throw noFile();
        const rows = await db.$transaction(async (tx) => {
          await tx.sessionFile.createMany({
            data: stored.map((f) => ({
              id: f.id,
              sessionId,
              userId,
              filename: f.filename,
              mimeType: f.mimeType,
              fileSize: f.size,
              storageKey: f.key,
              sha256: f.sha256,
            })),
          });
          return tx.sessionFile.findMany({
            where: { id: { in: stored.map((f) => f.id) } },
            select: VIEW_SELECT,
          });
        });
        const byId = new Map(rows.map((r) => [r.id, r]));
        processor.enqueue(stored.map((f) => f.id));
        return stored.map((f) => toFileView(byId.get(f.id)!));
      } catch (err) {
        for (const f of stored)
          await storage
            .delete(f.key)
            .catch((e) => log.warn({ err: e, key: f.key }, 'files: clean-up failed'));
        // The session was deleted while its files were uploading (foreign key): same answer as a missing one.
        if ((err as { code?: string }).code === 'P2003') throw notFound(SESSION_NOT_FOUND);
        throw err;
      }
    },

    async list(userId, sessionId) {
      await ownedSession(userId, sessionId);
      const rows = await db.sessionFile.findMany({
        where: { sessionId, userId },
        select: VIEW_SELECT,
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      return rows.map(toFileView);
    },

    async remove(userId, sessionId, fileId) {
      await ownedSession(userId, sessionId);
      const file = await db.sessionFile.findFirst({
        where: { id: fileId, sessionId, userId },
        select: { id: true, storageKey: true },
      });
      if (!file) throw notFound(FILE_NOT_FOUND);
      await db.sessionFile.deleteMany({ where: { id: file.id } });
      // The row goes first: a storage failure leaves unreachable bytes under the session's prefix (removed
      // with the session or the account), never a row without bytes.
      await storage
        .delete(file.storageKey)
        .catch((err) => log.warn({ err, key: file.storageKey }, 'files: could not delete stored bytes'));
    },
  };
}
