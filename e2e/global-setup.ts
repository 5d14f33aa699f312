import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromiumPath } from './support/browser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, ms = 90_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('server did not become healthy in time');
}

interface E2EServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The production build on a free port with its own DATA_DIR (and its own PostgreSQL database with TEST_DATABASE_URL). */
async function startServer(main: string, extra: Record<string, string>): Promise<E2EServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-e2e-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    APP_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: 'admin@e2e.test',
    ADMIN_PASSWORD: 'Admin-e2e-Pass1!',
    // Specs give each browser its own X-Forwarded-For so per-IP login limits don't couple unrelated tests.
    TRUST_PROXY: 'true',
    // Streamed deltas joined as in production (NODE_ENV=test would send each one).
    STREAM_COALESCE_MS: process.env.STREAM_COALESCE_MS ?? '40',
    ...extra,
  };
  delete env.DATABASE_URL;
  let dbName: string | undefined;
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    dbName = `e2e_${process.pid}_${port}_${Date.now()}`;
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`CREATE DATABASE "${dbName}"`);
    await c.end();
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    env.DATABASE_URL = u.toString();
  }
  const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child).catch((e: unknown) => {
    child.kill('SIGKILL');
    throw e;
  });
  return {
    url,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
      if (dbName && base) {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
        await c.end();
      }
    },
  };
}

/**
 * Two servers of the same build: most specs run against one whose offline model streams without pauses; specs
 * tagged @paced watch an answer while it streams (Stop, a second tab following it) and run against one at a
 * slower reading pace. Workers read the URLs and data folders from the environment set here.
 */
export default async function globalSetup() {
  const chromium = chromiumPath();
  if (!existsSync(chromium)) {
    throw new Error(`Chromium not found at ${chromium}. Install it with: sudo apt-get install -y chromium`);
  }
  const main = process.env.E2E_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error('Server not built: run `npm run build` first (npm test does this).');

  const started = await Promise.allSettled([
    startServer(main, { OFFLINE_STREAM_DELAY_MS: '0' }),
    // 40 ms a chunk (production: 12): a learning plan then streams for about 8 s instead of 2.5, so a loaded
    // 2-core CI machine still sees it live before it ends (stop 43: Stop was clicked after the answer had ended).
    startServer(main, { OFFLINE_STREAM_DELAY_MS: '40' }),
  ]);
  // One that came up is stopped when the other did not: a left-over server would hold its port and a core.
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)));
    throw failed.reason;
  }
  const [fast, paced] = started.map((r) => (r as PromiseFulfilledResult<E2EServer>).value) as [
    E2EServer,
    E2EServer,
  ];
  process.env.E2E_BASE_URL = fast.url;
  process.env.E2E_DATA_DIR = fast.dataDir;
  process.env.E2E_PACED_BASE_URL = paced.url;
  process.env.E2E_PACED_DATA_DIR = paced.dataDir;
  return async () => {
    await Promise.all([fast.stop(), paced.stop()]);
  };
}
