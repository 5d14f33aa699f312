// Embedded PostgreSQL: PGlite (Postgres compiled to WASM) behind pglite-socket's server, so Prisma's pg adapter,
// the migration engine and raw SQL all speak the ordinary wire protocol to it: the app's pool over an in-memory
// socket pair (`connect()`), the migration engine and tools over a loopback TCP port.
import { mkdir } from 'node:fs/promises';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketHandler, PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { memorySocketPair } from './memory-socket.js';

type HandlerInternals = { socket: Socket | null; handleData(data: Buffer): Promise<number> };

/**
 * pglite-socket answers each protocol message of a received chunk on its own, with a socket write per piece of
 * output: a prepared statement's Bind, Execute and Sync came back as three or more writes, each a system call
 * (in a profile of 500 sends at once on PGlite, ~8 % of the server's CPU was its `writeBuffer`). Corked while one
 * chunk is handled, its answers leave as one write when the chunk is done; the client reads nothing before its
 * Sync's ReadyForQuery anyway. Applied once per process; fails loudly if the library's handler changes shape.
 */
export function corkSocketAnswers(proto = PGLiteSocketHandler.prototype as unknown as HandlerInternals) {
  const original = proto.handleData;
  if (typeof original !== 'function')
    throw new Error('pglite-socket: handleData not found; revisit corkSocketAnswers');
  if ((original as { corked?: boolean }).corked) return;
  const corked = async function (this: HandlerInternals, data: Buffer) {
    const socket = this.socket;
    socket?.cork();
    try {
      return await original.call(this, data);
    } finally {
      // uncork() on a destroyed socket is harmless; nested calls (two chunks in flight) pair up.
      socket?.uncork();
    }
  };
  proto.handleData = Object.assign(corked, { corked: true });
}
corkSocketAnswers();

export interface EmbeddedPostgres {
  connectionString: string;
  /**
   * A new connection to the server without a TCP socket (an in-memory pair; the server treats it as any other
   * connection): give it to `pg` as its `stream`. The app's own pool uses it; tools use the connection string.
   */
  connect(): Duplex;
  close(): Promise<void>;
  /** The data directory as an uncompressed tarball (for `loadDataDir`); call with no statement in flight. */
  dump(): Promise<Blob>;
}

/**
 * The embedded server's settings beyond PGlite's own (its defaults, then these). Its Postgres runs as WebAssembly in
 * the app's process, so its buffer pool is the app's memory: PGlite's default of 128 MB counted in the server's RSS
 * (measured: a fresh instance at ~780 MB RSS, ~650 MB with 32 MB of buffers). An embedded install's database is
 * small, and a page not in the pool is one read from the operating system's file cache away.
 */
export const EMBEDDED_START_PARAMS = ['-c', 'shared_buffers=32MB'];

/**
 * Extensions the migrations create (`CREATE EXTENSION`), loaded into every embedded instance: PGlite keeps an
 * extension's files outside the data directory, so an instance (or a dumped data directory loaded into one) can
 * use an extension only when it was started with it. pg_trgm: the trigram indexes of the admin user search.
 */
export const EMBEDDED_EXTENSIONS = { pg_trgm };

export interface EmbeddedStartOptions {
  /**
   * A data directory dumped by `dumpEmbeddedDataDir` to start from (tests: a migrated template, so each test
   * database skips initdb and the migrations; ~0.5 s instead of ~3 s).
   */
  loadDataDir?: Blob;
}

/** dataDir undefined → in-memory database (used by tests). */
export async function startEmbeddedPostgres(
  dataDir?: string,
  o: EmbeddedStartOptions = {},
): Promise<EmbeddedPostgres> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(o.loadDataDir ? { loadDataDir: o.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_START_PARAMS],
    extensions: EMBEDDED_EXTENSIONS,
  });
  // PGlite is single-session: the server multiplexes sockets onto it, so callers keep their pools at
  // one connection and never interleave two transactions.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 8 });
  await server.start();
  const internals = server as unknown as {
    server: { address(): { port: number } };
    handleConnection?: (socket: Socket) => Promise<void>;
  };
  const addr = internals.server.address();
  if (typeof internals.handleConnection !== 'function')
    throw new Error('pglite-socket: handleConnection not found; revisit EmbeddedPostgres.connect');
  return {
    connectionString: `postgresql://postgres:postgres@127.0.0.1:${addr.port}/postgres?sslmode=disable`,
    connect() {
      const [client, serverEnd] = memorySocketPair();
      void internals.handleConnection!.call(server, serverEnd as unknown as Socket);
      return client;
    },
    async close() {
      await server.stop();
      await db.close();
    },
    dump: () => db.dumpDataDir('none'),
  };
}
