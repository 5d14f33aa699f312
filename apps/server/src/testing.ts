// A real server on a fresh test database (PGlite, or PostgreSQL with TEST_DATABASE_URL) for API tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testConfig, type AppConfig } from '@app/api';
import { createTestDatabase } from '@app/db/testing';
import { buildServer, type AppServer } from './app.js';

export interface TestServer extends AppServer {
  config: AppConfig;
  close(): Promise<void>;
}

export async function createTestServer(overrides: Partial<AppConfig> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-test-'));
  const database = await createTestDatabase();
  const config = testConfig({ dataDir, ...overrides });
  const server = await buildServer({ config, db: database.prisma, logger: false });
  await server.app.ready();
  return {
    ...server,
    config,
    async close() {
      await server.app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
