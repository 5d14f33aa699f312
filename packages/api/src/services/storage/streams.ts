// Stream helpers shared by the implementations: any accepted body as a Node Readable, and a pass-through
// that counts bytes and enforces `maxBytes`.
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import { StorageTooLargeError, type StorageBody } from './types.js';

function isNodeReadable(body: StorageBody): body is Readable {
  return body instanceof Readable || typeof (body as { pipe?: unknown }).pipe === 'function';
}

export function toReadable(body: StorageBody): Readable {
  // Readable.from(bytes) would iterate byte by byte; wrap it as one chunk.
  if (body instanceof Uint8Array) return Readable.from([body], { objectMode: false });
  if (isNodeReadable(body)) return body;
  return Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>);
}

/** For bodies that will not be read (e.g. an invalid key): free the producer instead of leaving it hanging. */
export function discard(body: StorageBody): void {
  if (body instanceof Uint8Array) return;
  if (isNodeReadable(body)) body.destroy();
  else void (body as globalThis.ReadableStream<Uint8Array>).cancel().catch(() => undefined);
}

/** Passes bytes through, counting them; errors with StorageTooLargeError past `maxBytes`. */
export class ByteCounter extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes?: number) {
    super();
  }

  override _transform(chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback): void {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
    this.bytes += buf.length;
    if (this.maxBytes !== undefined && this.bytes > this.maxBytes)
      callback(new StorageTooLargeError(this.maxBytes));
    else callback(null, buf);
  }
}
