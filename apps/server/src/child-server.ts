// Test helper: the real server (src/main.ts under tsx) as a child process on a data directory (PGlite under
// DATA_DIR/db) or a PostgreSQL database, for tests that kill or stop the process (crash-safety, shutdown).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@app/db';
import { pgliteTemplate } from '@app/db/testing';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = new Set<ChildProcess>();

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ChildServer {
  base: string;
  child: ChildProcess;
  /** Everything the server logged so far. */
  output(): string;
  exited: Promise<number | null>;
}

export interface ChildServerOptions {
  dataDir: string;
  /** PostgreSQL; without it the embedded PGlite under DATA_DIR/db. */
  databaseUrl?: string;
  /** Extra environment (undefined removes a variable). */
  env?: Record<string, string | undefined>;
}

/**
 * Starts the server and waits until /api/health answers. A first start on PGlite finds DATA_DIR/db already made
 * from the run's migrated template (initdb and every migration in the child took 5 s alone and over 30 s on a
 * loaded machine); the child still runs its migrations step, which finds nothing to apply.
 */
export async function startChildServer(o: ChildServerOptions): Promise<ChildServer> {
  const dbDir = path.join(o.dataDir, 'db');
  if (!o.databaseUrl && !existsSync(dbDir)) {
    const seeded = await openDatabase({
      dataDir: dbDir,
      loadDataDir: await pgliteTemplate(),
      migrate: false,
    });
    await seeded.close();
  }
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: o.dataDir,
    DATABASE_URL: o.databaseUrl,
    WEB_DIST: path.join(o.dataDir, 'no-web'),
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: undefined,
    ADMIN_PASSWORD: undefined,
    JWT_SECRET: undefined,
    OPENAI_API_KEY: undefined, // the offline provider: ~12-character chunks every 12 ms
    ...o.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  // 'close', not 'exit': the process has ended and its output has been read to the end.
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  // A start transpiles the app (tsx): a few seconds alone, much longer beside other test workers on 2 cores.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${out}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, child, output: () => out, exited };
}

/** SIGKILLs every child still running (afterAll). */
export function killChildServers() {
  for (const c of children) c.kill('SIGKILL');
}
