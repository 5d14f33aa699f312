// Reads the environment once at start. Without JWT_SECRET the signing key is kept in the database (AppSecret
// 'jwt'), created once, atomically, by the first instance to start, so every instance that shares the database
// agrees (tokens and the billing simulator's signed checkout links work on all of them); an older
// DATA_DIR/jwt-secret file is moved into it on the first start so existing sessions survive. An explicit
// JWT_SECRET always wins.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Prisma, type Db } from '@app/db';
import { parseConfig, type AppConfig } from '@app/api';

/**
 * Validates the environment. Without JWT_SECRET, `jwtSecret` is a random per-process placeholder
 * (`jwtSecretConfigured: false`) until resolveJwtSecret replaces it with the database-kept one.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return parseConfig({ ...env, DATA_DIR: dataDir }, randomBytes(48).toString('base64url'));
}

export const JWT_SECRET_NAME = 'jwt';

export type JwtSecretSource =
  'JWT_SECRET' | 'database' | 'database (created)' | 'database (moved from DATA_DIR/jwt-secret)';

/** The file generated secrets lived in before they were kept in the database. */
export const legacySecretFile = (dataDir: string) => path.join(dataDir, 'jwt-secret');

function readLegacySecret(dataDir: string): string | undefined {
  try {
    const v = readFileSync(legacySecretFile(dataDir), 'utf8').trim();
    return v.length >= 32 ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The signing key every instance on this database uses: JWT_SECRET when set; else AppSecret 'jwt'; else one
 * created now — the DATA_DIR/jwt-secret file's value if there is one, else 48 random bytes — with
 * `INSERT … ON CONFLICT DO NOTHING` and read back, so of instances starting together the first insert wins
 * and all read the same value.
 */
export async function resolveJwtSecret(
  config: AppConfig,
  db: Db,
): Promise<{ config: AppConfig; source: JwtSecretSource }> {
  if (config.jwtSecretConfigured) return { config, source: 'JWT_SECRET' };
  const kept = await db.appSecret.findUnique({ where: { name: JWT_SECRET_NAME } });
  if (kept) return { config: { ...config, jwtSecret: kept.value }, source: 'database' };
  const fromFile = readLegacySecret(config.dataDir);
  const candidate = fromFile ?? randomBytes(48).toString('base64url');
  await db.$executeRaw(Prisma.sql`
    INSERT INTO "AppSecret" ("name", "value") VALUES (${JWT_SECRET_NAME}, ${candidate})
    ON CONFLICT ("name") DO NOTHING`);
  const row = await db.appSecret.findUniqueOrThrow({ where: { name: JWT_SECRET_NAME } });
  const source: JwtSecretSource =
    row.value !== candidate
      ? 'database' // another instance created it a moment earlier
      : fromFile
        ? 'database (moved from DATA_DIR/jwt-secret)'
        : 'database (created)';
  return { config: { ...config, jwtSecret: row.value }, source };
}
