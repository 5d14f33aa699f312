// Reads the environment once at start. JWT_SECRET, when not given, is generated on first start and
// kept in DATA_DIR so tokens survive restarts.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseConfig, type AppConfig } from '@app/api';

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  let secret: string | undefined;
  if (!env.JWT_SECRET) {
    const file = path.join(dataDir, 'jwt-secret');
    try {
      secret = readFileSync(file, 'utf8').trim();
    } catch {
      mkdirSync(dataDir, { recursive: true });
      secret = randomBytes(48).toString('base64url');
      writeFileSync(file, secret + '\n', { mode: 0o600 });
    }
  }
  return parseConfig({ ...env, DATA_DIR: dataDir }, secret);
}
