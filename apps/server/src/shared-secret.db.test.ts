// Generated secrets shared through the database (issue 18): without JWT_SECRET every instance on one database
// signs with the key kept in AppSecret 'jwt' — created once, atomically, by the first to start, a legacy
// DATA_DIR/jwt-secret moved into it — so tokens, refresh cookies and the billing simulator's signed checkout
// links of one instance work on another. An explicit JWT_SECRET still wins.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@app/api';
import { createTestUser, TEST_PASSWORD } from '@app/api/testing';
import { openDatabase, type Database } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { buildServer, type AppServer } from './app.js';
import { loadConfig, resolveJwtSecret } from './config.js';
import { refreshTokenOf } from './rest/auth-test-helpers.js';

let database: Database;
/** A second connection for the second instance (PostgreSQL); PGlite serves one client, so it is shared. */
let other: Database | undefined;
const dirs: string[] = [];
const servers: AppServer[] = [];
const legacy = 'legacy-secret-from-a-file-0123456789-abcdefghijkl';

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.kind === 'postgres')
    other = await openDatabase({ databaseUrl: database.connectionString, migrate: false, poolSize: 2 });
});
afterAll(async () => {
  for (const s of servers) await s.app.close();
  await other?.close();
  await database?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** What main.ts does: the environment without JWT_SECRET, then the key from the database. */
async function startInstance(db: Database, legacyFile?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-secret-'));
  dirs.push(dataDir);
  if (legacyFile) writeFileSync(path.join(dataDir, 'jwt-secret'), legacyFile + '\n');
  const env = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  expect(env.jwtSecretConfigured).toBe(false);
  const { config, source } = await resolveJwtSecret({ ...testConfig({ dataDir }), ...pick(env) }, db.prisma);
  const server = await buildServer({ config, db: db.prisma, logger: false });
  await server.app.ready();
  servers.push(server);
  return { ...server, source, config };
}
const pick = (c: ReturnType<typeof loadConfig>) => ({
  jwtSecret: c.jwtSecret,
  jwtSecretConfigured: c.jwtSecretConfigured,
});

describe('the JWT key kept in the database', () => {
  it('two instances without JWT_SECRET accept each other’s tokens, refresh cookies and checkout links', async () => {
    const a = await startInstance(database, legacy);
    const b = await startInstance(other ?? database);
    expect(a.source).toBe('database (moved from DATA_DIR/jwt-secret)'); // existing sessions survive
    expect(b.source).toBe('database');
    expect(a.config.jwtSecret).toBe(legacy);
    expect(b.config.jwtSecret).toBe(legacy);

    const { user } = await createTestUser(database.prisma);
    const login = await a.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const me = await b.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${login.json().accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    const refreshed = await b.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: `refreshToken=${refreshTokenOf(login)}` },
    });
    expect(refreshed.statusCode).toBe(200);
    const back = await a.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${refreshed.json().accessToken}` },
    });
    expect(back.statusCode).toBe(200);

    // The simulator signs its checkout session ids with a key derived from the same secret.
    type Simulator = {
      createCheckoutSession(i: object): Promise<{ id: string }>;
      decodeSession(id: string): { u: string };
    };
    const { id } = await (a.services.billing.provider as unknown as Simulator).createCheckoutSession({
      userId: user.id,
      priceId: 'price_pro_monthly',
      quantity: 1,
    });
    expect((b.services.billing.provider as unknown as Simulator).decodeSession(id).u).toBe(user.id);
  });

  it('is created once, atomically, when instances start together; JWT_SECRET wins', async () => {
    await database.prisma.appSecret.deleteMany({});
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-secret-')); // no legacy file
    dirs.push(dataDir);
    const first = await Promise.all(
      [0, 1, 2, 3].map(() =>
        resolveJwtSecret(testConfig({ dataDir, jwtSecretConfigured: false }), database.prisma),
      ),
    );
    expect(new Set(first.map((r) => r.config.jwtSecret)).size).toBe(1);
    expect(first.filter((r) => r.source === 'database (created)')).toHaveLength(1);
    expect(await database.prisma.appSecret.count()).toBe(1);

    const explicit = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) });
    const r = await resolveJwtSecret(explicit, database.prisma);
    expect(r).toMatchObject({ source: 'JWT_SECRET', config: { jwtSecret: 'x'.repeat(40) } });
  });
});
