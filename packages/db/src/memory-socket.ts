// Two connected in-memory socket ends: what one writes, the other reads. The app's own connection to its embedded
// PGlite uses a pair instead of a loopback TCP socket: each message then costs a function call rather than a
// system call on each side and the kernel's loopback in between (issue 15: socket writes were the largest frames
// of a burst on PGlite). Each end offers the few net.Socket methods `pg` and pglite-socket call.
import { Duplex } from 'node:stream';

export class MemorySocket extends Duplex {
  peer: MemorySocket | null = null;
  readonly remoteAddress = 'memory';
  readonly remotePort = 0;

  constructor() {
    // Ending one direction ends the other, so an end closes both and `close` follows, as for a TCP socket.
    super({ allowHalfOpen: false });
  }

  // pg calls connect() on the stream it was given and waits for 'connect'.
  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    this.peer?.push(chunk);
    done();
  }

  // Corked writes (pglite-socket's answers to one chunk) reach the peer as one buffer.
  override _writev(chunks: { chunk: Buffer }[], done: (err?: Error | null) => void): void {
    this.peer?.push(chunks.length === 1 ? chunks[0]!.chunk : Buffer.concat(chunks.map((c) => c.chunk)));
    done();
  }

  override _final(done: (err?: Error | null) => void): void {
    this.peer?.push(null);
    done();
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    const peer = this.peer;
    this.peer = null;
    // The other end sees the connection go, as a TCP peer sees a reset or a close.
    if (peer && !peer.destroyed) peer.destroy();
    done(err);
  }
}

/** [client end, server end]. */
export function memorySocketPair(): [MemorySocket, MemorySocket] {
  const a = new MemorySocket();
  const b = new MemorySocket();
  a.peer = b;
  b.peer = a;
  return [a, b];
}
