// Test databases: each test file gets its own. With TEST_DATABASE_URL a fresh PostgreSQL database is
// cloned from a migrated template (created once per migration set) and dropped afterwards; otherwise an
// in-memory PGlite loaded from a migrated template data directory (made once per migration set and PGlite
// version, kept as a file in the system's temp folder, so every worker process of every run shares it).
import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { openDatabase, type Database } from './client.js';
import { PrismaClient } from './generated/prisma/client.js';
import { migrate, readMigrationList } from './migrations.js';
import { EMBEDDED_EXTENSIONS, startEmbeddedPostgres } from './pglite.js';
import { attachSql, poolSql } from './sql.js';

const TEMPLATE_LOCK = 723_451_010;

async function migrationsHash(): Promise<string> {
  const list = await readMigrationList();
  const h = createHash('sha256');
  for (const m of list.migrationDirectories) h.update(m.path).update(m.migrationFile.content.value);
  return h.digest('hex').slice(0, 12);
}

async function templateName(): Promise<string> {
  return `lnd_test_tpl_${await migrationsHash()}`;
}

/** Set in test runs whose files must not open a database (vitest's `unit` and `web` projects). */
export const NO_DATABASE_ENV = 'LND_TEST_NO_DATABASE';

function assertDatabaseAllowed() {
  if (process.env[NO_DATABASE_ENV])
    throw new Error(
      'This test opens a database but runs as a unit test: name its file *.db.test.ts (see CONTRIBUTING.md).',
    );
}

/** PGlite's version as pinned in this package (its own package.json is not exported). */
const pgliteVersion = (): string =>
  (createRequire(import.meta.url)('../package.json') as { dependencies: Record<string, string> })
    .dependencies['@electric-sql/pglite']!;

/**
 * Where the migrated PGlite template of this migration set, PGlite version and set of loaded extensions is kept
 * (the dump's catalog names the extensions the migrations created, whose files come with the instance, not the
 * dump).
 */
export async function pgliteTemplatePath(): Promise<string> {
  const extensions = Object.keys(EMBEDDED_EXTENSIONS).sort().join('+');
  return path.join(
    tmpdir(),
    `lnd-pglite-template-${await migrationsHash()}-${pgliteVersion()}-${extensions}.tar`,
  );
}

let templateBlob: Promise<Blob> | undefined;

/**
 * The migrated PGlite data directory (uncompressed tarball): read from the temp folder, or made (initdb and every
 * migration, ~3 s) and written there atomically. Two processes that both miss it each make one; the last rename
 * wins, and both files are the same schema. Vitest's global setup makes it before any worker starts.
 */
export function pgliteTemplate(): Promise<Blob> {
  templateBlob ??= (async () => {
    const file = await pgliteTemplatePath();
    const cached = await readFile(file).catch(() => null);
    if (cached) return new Blob([cached]);
    const embedded = await startEmbeddedPostgres();
    try {
      await migrate(embedded.connectionString);
      const blob = await embedded.dump();
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(tmp, new Uint8Array(await blob.arrayBuffer()));
      await rename(tmp, file);
      return blob;
    } finally {
      await embedded.close();
    }
  })();
  templateBlob.catch(() => (templateBlob = undefined));
  return templateBlob;
}

function withDb(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Ensures the migrated template exists (once, under a lock) and clones it. */
async function cloneFromTemplate(base: string, name: string) {
  const tpl = await templateName();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [tpl]);
    if (!exists.rowCount) {
      // Templates of older migration sets are no longer needed.
      const old = await admin.query(
        "SELECT datname FROM pg_database WHERE datname LIKE 'lnd_test_tpl_%' AND datname <> $1",
        [tpl],
      );
      for (const r of old.rows)
        await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`).catch(() => {});
      await admin.query(`CREATE DATABASE "${tpl}_tmp"`).catch(async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${tpl}_tmp" WITH (FORCE)`);
        await admin.query(`CREATE DATABASE "${tpl}_tmp"`);
      });
      await migrate(withDb(base, `${tpl}_tmp`));
      await admin.query(`ALTER DATABASE "${tpl}_tmp" RENAME TO "${tpl}"`);
    }
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${tpl}"`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => {});
    await admin.end();
  }
}

/** A fresh database (PGlite in memory, or a clone of the migrated template on TEST_DATABASE_URL). Tests use a
 * pool of 5; a benchmark passes the app's own size. */
export async function createTestDatabase(o: { poolSize?: number } = {}): Promise<Database> {
  assertDatabaseAllowed();
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openDatabase({ loadDataDir: await pgliteTemplate(), migrate: false });
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await cloneFromTemplate(base, name);
  const db = await openDatabase({
    databaseUrl: withDb(base, name),
    poolSize: o.poolSize ?? 5,
    migrate: false,
  });
  return {
    ...db,
    async close() {
      await db.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The application_name of a statement log's connections. */
export const STATEMENT_LOG_APP_NAME = 'statement-log';

/**
 * A second client on a test database that records each statement it sends (for tests that count round trips).
 * `max` connections (the app's own pool is larger; one keeps the order of the log the order of the calls).
 */
export async function openStatementLog(
  database: Pick<Database, 'connectionString'>,
  max = 1,
): Promise<{ db: PrismaClient; statements: string[]; direct: string[]; close(): Promise<void> }> {
  const pool = new pg.Pool({
    connectionString: database.connectionString,
    max,
    application_name: STATEMENT_LOG_APP_NAME,
  });
  // pool.end() resolves before its clients' sockets close: close() waits for each client's 'remove' (emitted once
  // it has ended), or a test database dropped right after terminates a still-open connection, whose error reaches
  // a pool without an error listener and ends the test run (the listener: a connection lost otherwise fails the
  // statement that used it, which is what a test sees).
  const open = new Set<unknown>();
  pool.on('connect', (client) => open.add(client));
  pool.on('remove', (client) => open.delete(client));
  pool.on('error', () => {});
  const db = new PrismaClient({ adapter: new PrismaPg(pool), log: [{ emit: 'event', level: 'query' }] });
  const statements: string[] = [];
  /** The statements that went the direct SQL path (sql.ts); `statements` has them too, in order. */
  const direct: string[] = [];
  const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
  db.$on('query', (e) => statements.push(tidy(e.query)));
  attachSql(
    db,
    poolSql(pool, (text) => {
      statements.push(tidy(text));
      direct.push(tidy(text));
    }),
  );
  await db.$connect();
  return {
    db,
    statements,
    direct,
    async close() {
      await db.$disconnect();
      await pool.end();
      await new Promise<void>((resolve) => {
        const check = () => open.size === 0 && resolve();
        pool.on('remove', check);
        check();
      });
    },
  };
}
