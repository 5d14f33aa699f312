// Apply the committed SQL migrations once each, recorded in _prisma_migrations exactly as
// `prisma migrate deploy` records them. A PostgreSQL advisory lock serialises concurrent starts.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { migrationsDir, schemaPath } from './paths.js';
import { openSchemaEngine, type ShadowDb } from './schema-engine.js';

const MIGRATE_LOCK_KEY = 723_451_009; // arbitrary, distinct from the engine's own lock id

export interface MigrationList {
  baseDir: string;
  lockfile: { path: string; content: string | null };
  shadowDbInitScript: string;
  migrationDirectories: {
    path: string;
    migrationFile: { path: string; content: { tag: 'ok'; value: string } };
  }[];
}

export async function readMigrationList(dir = migrationsDir): Promise<MigrationList> {
  const entries = (await readdir(dir, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrationDirectories = await Promise.all(
    entries.map(async (name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: await readFile(path.join(dir, name, 'migration.sql'), 'utf8') },
      },
    })),
  );
  const lock = await readFile(path.join(dir, 'migration_lock.toml'), 'utf8').catch(() => null);
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: lock },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

/**
 * The newest committed migration: the head a database this build can serve has applied (migrate() applies them
 * in name order at start). Null when there are none.
 */
export async function migrationHead(dir = migrationsDir): Promise<string | null> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  return names.sort().at(-1) ?? null;
}

const filters = { externalTables: [], externalEnums: [] };

/** Applies pending migrations; returns the names just applied. */
export async function migrate(connectionString: string): Promise<string[]> {
  const lockClient = new pg.Client({ connectionString });
  await lockClient.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATE_LOCK_KEY]);
    const schemaText = await readFile(schemaPath, 'utf8');
    const { engine, dispose } = await openSchemaEngine(connectionString, schemaText);
    try {
      const out = await engine.applyMigrations({ migrationsList: await readMigrationList(), filters });
      return out.appliedMigrationNames;
    } finally {
      await dispose();
    }
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATE_LOCK_KEY]).catch(() => {});
    await lockClient.end().catch(() => {});
  }
}

/** SQL that takes the committed migrations to the current schema.prisma (empty when in sync). */
export async function diffSchemaAgainstMigrations(
  connectionString: string,
  shadow?: () => Promise<ShadowDb>,
): Promise<string> {
  const schemaText = await readFile(schemaPath, 'utf8');
  const list = await readMigrationList();
  const { engine, dispose } = await openSchemaEngine(connectionString, schemaText, shadow);
  try {
    const from = list.migrationDirectories.length
      ? ({ tag: 'migrations', ...list } as const)
      : ({ tag: 'empty' } as const);
    const res = await engine.diff({
      from,
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: schemaText }] },
      script: true,
      exitCode: null,
      filters,
    } as never);
    return (res.stdout ?? '').trim();
  } finally {
    await dispose();
  }
}

export function isEmptyDiff(sql: string): boolean {
  return (
    sql === '' ||
    (/^--\s*This is an empty migration\.?$/m.test(sql) &&
      sql.split('\n').every((l) => !l.trim() || l.startsWith('--')))
  );
}
