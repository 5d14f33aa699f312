// Embedded PostgreSQL: PGlite (Postgres compiled to WASM) behind a loopback socket, so Prisma's pg
// adapter, the migration engine and raw SQL all speak the ordinary wire protocol to it.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  connectionString: string;
  close(): Promise<void>;
}

/** dataDir undefined → in-memory database (used by tests). */
export async function startEmbeddedPostgres(dataDir?: string): Promise<EmbeddedPostgres> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  // PGlite is single-session: the server multiplexes sockets onto it, so callers keep their pools at
  // one connection and never interleave two transactions.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 8 });
  await server.start();
  const addr = (server as unknown as { server: { address(): { port: number } } }).server.address();
  return {
    connectionString: `postgresql://postgres:postgres@127.0.0.1:${addr.port}/postgres?sslmode=disable`,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}
