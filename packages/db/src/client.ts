// One client factory for both databases: PostgreSQL when a URL is given, otherwise embedded PGlite
// persisted under dataDir. Migrations are applied before the client is handed out.
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.js';
import { migrate } from './migrations.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './pglite.js';

export type Db = PrismaClient;

export interface DatabaseOptions {
  /** PostgreSQL connection string; absent → embedded PGlite. */
  databaseUrl?: string;
  /** Where PGlite keeps its files (DATA_DIR/db); absent with no URL → in-memory. */
  dataDir?: string;
  /** Apply pending migrations first (default true). */
  migrate?: boolean;
  /** Pool size for PostgreSQL (PGlite always uses 1). */
  poolSize?: number;
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
    embedded = await startEmbeddedPostgres(opts.dataDir ? path.resolve(opts.dataDir) : undefined);
    connectionString = embedded.connectionString;
  }
  try {
    if (opts.migrate !== false) {
      const applied = await migrate(connectionString);
      if (applied.length) opts.log?.(`applied migrations: ${applied.join(', ')}`);
    }
    const adapter = new PrismaPg({ connectionString, max: embedded ? 1 : (opts.poolSize ?? 10) });
    const prisma = new PrismaClient({ adapter });
    await prisma.$connect();
    return {
      prisma,
      kind: embedded ? 'pglite' : 'postgres',
      connectionString,
      async close() {
        await prisma.$disconnect();
        await embedded?.close();
      },
    };
  } catch (err) {
    await embedded?.close();
    throw err;
  }
}
