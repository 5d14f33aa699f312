// One client factory for both databases: PostgreSQL when a URL is given, otherwise embedded PGlite
// persisted under dataDir. Migrations are applied before the client is handed out.
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client.js';
import { migrate } from './migrations.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './pglite.js';
import { attachCopy, poolCopy } from './copy-out.js';
import { attachSql, poolSql } from './sql.js';

export type Db = PrismaClient;

/** Connections per process on PostgreSQL (PGlite has one). */
export const DEFAULT_POOL_SIZE = 10;

/**
 * A transaction waits up to 15 s for a connection (Prisma's default is 2 s): under a burst — hundreds of sends
 * at once on a pool of 10, or on PGlite's single connection — waiting its turn is right, failing the send with
 * P2028 is not. An interactive transaction may then run 10 s (default 5 s) on a loaded database.
 */
export const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 10_000 } as const;

export interface DatabaseOptions {
  /** PostgreSQL connection string; absent → embedded PGlite. */
  databaseUrl?: string;
  /** Where PGlite keeps its files (DATA_DIR/db); absent with no URL → in-memory. */
  dataDir?: string;
  /** Apply pending migrations first (default true). */
  migrate?: boolean;
  /** Pool size for PostgreSQL (PGlite always uses 1). */
  poolSize?: number;
  /** PGlite only: start from this dumped data directory (a migrated template, in tests). */
  loadDataDir?: Blob;
  log?: (msg: string) => void;
}

export interface Database {
  prisma: PrismaClient;
  kind: 'postgres' | 'pglite';
  connectionString: string;
  close(): Promise<void>;
}

export async function openDatabase(opts: DatabaseOptions = {}): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let connectionString = opts.databaseUrl;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres(opts.dataDir ? path.resolve(opts.dataDir) : undefined, {
      loadDataDir: opts.loadDataDir,
    });
    connectionString = embedded.connectionString;
  }
  try {
    if (opts.migrate !== false) {
      const applied = await migrate(connectionString);
      if (applied.length) opts.log?.(`applied migrations: ${applied.join(', ')}`);
    }
    // One pool for Prisma and the direct SQL path (sql.ts), so both share its connections (PGlite's one).
    // PGlite's one connection stays open while idle: its session outlives a connection and keeps the statements
    // that connection prepared (sql.ts), so a replacement every idle spell would pile them up. It is an in-memory
    // pair rather than a loopback socket (pglite.ts: about a third less CPU per statement).
    const pool = new pg.Pool(
      embedded
        ? { connectionString, max: 1, idleTimeoutMillis: 0, stream: embedded.connect }
        : { connectionString, max: opts.poolSize ?? DEFAULT_POOL_SIZE },
    );
    // An idle connection the server ends (a restart, a dropped test database) must not crash the process; the
    // pool replaces it on the next query.
    pool.on('error', (err) => opts.log?.(`database connection lost: ${err.message}`));
    const adapter = new PrismaPg(pool);
    const prisma = new PrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS });
    attachSql(prisma, poolSql(pool));
    // COPY for bulk exports on PostgreSQL only: PGlite's one connection would be held from every other request.
    if (!embedded) attachCopy(prisma, poolCopy(pool));
    await prisma.$connect();
    return {
      prisma,
      kind: embedded ? 'pglite' : 'postgres',
      connectionString,
      async close() {
        await prisma.$disconnect();
        await pool.end();
        await embedded?.close();
      },
    };
  } catch (err) {
    await embedded?.close();
    throw err;
  }
}
