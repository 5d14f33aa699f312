// The file storage interface (uploads): one contract, two implementations — the local disk under
// DATA_DIR/uploads (default) and S3-compatible object storage (S3_BUCKET). Keys are '/'-separated paths
// checked by keys.ts; the key layout the app uses is in keys.ts too (`storageKeys`).
import type { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';

export type StorageDriver = 'local' | 's3';

/** What `put` accepts: a Node stream, a web stream (e.g. `Request.body`) or bytes. Length need not be known. */
export type StorageBody =
  Readable | NodeWebReadableStream<Uint8Array> | globalThis.ReadableStream<Uint8Array> | Uint8Array;

export interface PutOptions {
  /** Stored as the object's Content-Type on S3; the local disk keeps no metadata (the database has the type). */
  contentType?: string;
  /** Fail with `StorageTooLargeError` (and store nothing) as soon as the body grows past this many bytes. */
  maxBytes?: number;
  /** Aborting stops the write; nothing is stored and `put` rejects with an `AbortError`. */
  signal?: AbortSignal;
}

export interface PutResult {
  key: string;
  /** Bytes written. */
  size: number;
}

export interface StoredObjectInfo {
  key: string;
  size: number;
  lastModified: Date;
}

export interface ReadResult extends StoredObjectInfo {
  /** The bytes; consume or destroy it. */
  body: Readable;
}

/** What the admin health endpoint shows. `check()` never throws. */
export interface StorageHealth {
  ok: boolean;
  driver: StorageDriver;
  /** Where files go: the local directory, or `s3://bucket` (+ endpoint). No credentials. */
  location: string;
  latencyMs: number;
  error?: string;
}

export interface Storage {
  readonly driver: StorageDriver;
  readonly location: string;
  /**
   * Stores the body under `key`, replacing what was there. Atomic: until the body has been read completely
   * nothing changes, and a failed, aborted or too large body leaves no partial file (and the previous
   * version, if any, in place). The body is always consumed or destroyed.
   */
  put(key: string, body: StorageBody, options?: PutOptions): Promise<PutResult>;
  /** Opens the object for reading; `StorageNotFoundError` when there is none. */
  read(key: string, options?: { signal?: AbortSignal }): Promise<ReadResult>;
  /** Size and modification time, or null when there is no such object. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object under the folder `prefix` (whole path segments: `users/a` and `users/a/` both mean
   * everything below `users/a/`, never `users/ab/…` nor the object `users/a` itself).
   */
  deleteByPrefix(prefix: string): Promise<void>;
  /** A cheap round trip to the backend (write/remove a probe file; HeadBucket). Never throws. */
  check(): Promise<StorageHealth>;
  /** Releases connections (S3) and background work. */
  close(): Promise<void>;
}

export type StorageErrorCode = 'NOT_FOUND' | 'INVALID_KEY' | 'TOO_LARGE' | 'DELETE_FAILED';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StorageError';
  }
}

export class StorageNotFoundError extends StorageError {
  constructor(
    readonly key: string,
    options?: { cause?: unknown },
  ) {
    super('NOT_FOUND', `No stored file under the key "${key}"`, options);
    this.name = 'StorageNotFoundError';
  }
}

export class InvalidStorageKeyError extends StorageError {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super('INVALID_KEY', `Invalid storage key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export class StorageTooLargeError extends StorageError {
  constructor(readonly maxBytes: number) {
    super('TOO_LARGE', `The file is larger than ${maxBytes} bytes`);
    this.name = 'StorageTooLargeError';
  }
}
