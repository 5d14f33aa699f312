// S3-compatible object storage (AWS S3, MinIO, Ceph, R2, …) through @aws-sdk/client-s3. Uploads stream
// through @aws-sdk/lib-storage's Upload (multipart in `partSize` pieces, so bodies of unknown length work and
// memory stays at most queueSize × partSize); an object only appears when the upload completes, so a failed
// or aborted body leaves nothing (the multipart upload is aborted; a bucket lifecycle rule that aborts
// incomplete multipart uploads cleans up after crashes). Delete by prefix lists and deletes in pages.
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { addAbortSignal, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, normalizePrefix } from './keys.js';
import { ByteCounter, discard, toReadable } from './streams.js';
import {
  StorageError,
  StorageNotFoundError,
  type PutOptions,
  type Storage,
  type StorageBody,
  type StoredObjectInfo,
} from './types.js';

export interface S3StorageOptions {
  bucket: string;
  /** S3-compatible endpoint URL; absent for AWS S3. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither uses the SDK's default credential chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most self-hosted). */
  forcePathStyle?: boolean;
  /** Multipart part size (≥ 5 MiB). Default 8 MiB. */
  partSize?: number;
  /** Parts uploaded in parallel per upload. Default 4. */
  queueSize?: number;
  /** Keys per ListObjectsV2/DeleteObjects page in deleteByPrefix (≤ 1000). Default 1000. */
  listPageSize?: number;
  /** Timeout of the health probe. Default 5 s. */
  checkTimeoutMs?: number;
}

interface S3ErrorLike {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

/** A missing object — but not a missing bucket, which is a configuration error and must surface. */
function isMissingObject(err: unknown): boolean {
  const e = err as S3ErrorLike | undefined;
  if (!e || e.name === 'NoSuchBucket' || e.Code === 'NoSuchBucket') return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

const isPrematureClose = (err: unknown) =>
  (err as NodeJS.ErrnoException | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE';

/** The endpoint without any user:password it may carry, for logs and the health page. */
function shownEndpoint(endpoint: string): string {
  const url = new URL(endpoint);
  return url.origin + (url.pathname === '/' ? '' : url.pathname);
}

export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  const config: S3ClientConfig = {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  };
  if (options.endpoint) {
    // Third-party S3 servers (older MinIO, Ceph, s3rver, …) reject or mangle the CRC checksums the SDK adds by
    // default since 3.729; send and verify checksums only where the API requires them (e.g. DeleteObjects).
    config.requestChecksumCalculation = 'WHEN_REQUIRED';
    config.responseChecksumValidation = 'WHEN_REQUIRED';
  }
  const client = new S3Client(config);
  const partSize = options.partSize ?? 8 * 1024 * 1024;
  const queueSize = options.queueSize ?? 4;
  const listPageSize = Math.min(options.listPageSize ?? 1000, 1000);
  const location = options.endpoint
    ? `s3://${bucket} at ${shownEndpoint(options.endpoint)}`
    : `s3://${bucket}`;

  const storage: Storage = {
    driver: 's3',
    location,

    async put(key: string, body: StorageBody, opts: PutOptions = {}) {
      try {
        assertValidKey(key);
      } catch (err) {
        discard(body);
        throw err;
      }
      const counter = new ByteCounter(opts.maxBytes);
      // The body runs through the counter; its first error (the client went away, too large, aborted) is
      // the one to report, rather than whatever the upload makes of its truncated input.
      let inputError: unknown;
      const feeding = pipeline(toReadable(body), counter, { signal: opts.signal }).catch((err: unknown) => {
        inputError = err;
      });
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: counter, ContentType: opts.contentType },
        partSize,
        queueSize,
        leavePartsOnError: false,
      });
      const onAbort = () => void upload.abort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        await upload.done();
        await feeding;
      } catch (err) {
        counter.destroy(); // the upload failed on its own: stop reading the body
        await feeding;
        throw inputError && !isPrematureClose(inputError) ? inputError : err;
      } finally {
        opts.signal?.removeEventListener('abort', onAbort);
      }
      return { key, size: counter.bytes };
    },

    async read(key, opts = {}) {
      assertValidKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }), {
          abortSignal: opts.signal,
        });
        const body = out.Body as Readable;
        if (opts.signal) addAbortSignal(opts.signal, body);
        return { key, size: out.ContentLength ?? 0, lastModified: out.LastModified ?? new Date(0), body };
      } catch (err) {
        if (isMissingObject(err)) throw new StorageNotFoundError(key, { cause: err });
        throw err;
      }
    },

    async stat(key): Promise<StoredObjectInfo | null> {
      assertValidKey(key);
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { key, size: out.ContentLength ?? 0, lastModified: out.LastModified ?? new Date(0) };
      } catch (err) {
        if (isMissingObject(err)) return null;
        throw err;
      }
    },

    async exists(key) {
      return (await storage.stat(key)) !== null;
    },

    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })); // S3 answers 204 for missing keys
    },

    async deleteByPrefix(prefix) {
      const folder = normalizePrefix(prefix);
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: folder,
            MaxKeys: listPageSize,
            ContinuationToken: token,
          }),
        );
        const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (objects.length > 0) {
          const res = await client.send(
            new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }),
          );
          if (res.Errors?.length) {
            const first = res.Errors[0];
            throw new StorageError(
              'DELETE_FAILED',
              `Could not delete ${res.Errors.length} object(s) under "${folder}": ${first?.Key} ${first?.Code} ${first?.Message}`,
            );
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async check() {
      const started = performance.now();
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), {
          abortSignal: AbortSignal.timeout(options.checkTimeoutMs ?? 5000),
        });
        return { ok: true, driver: 's3', location, latencyMs: Math.round(performance.now() - started) };
      } catch (err) {
        const e = err as S3ErrorLike & { message?: string };
        const status = e.$metadata?.httpStatusCode;
        return {
          ok: false,
          driver: 's3',
          location,
          latencyMs: Math.round(performance.now() - started),
          error: [e.name, status && `HTTP ${status}`, e.message].filter(Boolean).join(': ') || String(err),
        };
      }
    },

    async close() {
      client.destroy();
    },
  };
  return storage;
}
