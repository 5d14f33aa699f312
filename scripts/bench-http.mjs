#!/usr/bin/env node
// npm run bench:http — request-path throughput of the production build against bare references, in one run
// so the ratios are fair on a shared machine (issue 15). Not part of npm test.
//
// It builds the server into a private folder (so a concurrent build cannot pull dist/ away), creates a fresh
// PostgreSQL database (dropped at the end), starts the app there and, as separate processes, the references:
// Fastify answering a constant JSON object and Fastify running `SELECT 1` through a plain `pg` pool of 10.
// With --pglite the app runs on its embedded default instead, and two more references are started: Fastify
// running `SELECT 1` on an in-process PGlite, and the same through PGlite's socket server with a `pg` pool of 1
// (the app's own path), so the socket hop can be told apart from PGlite itself.
// A user signs up through the API; each target is then driven by autocannon for a fixed duration.
//
//   node scripts/bench-http.mjs [--pglite] [--duration 10] [--warmup 2] [--connections 50] [--json out.json]
//        [--only <substring of a route name>] [--cpu-prof <dir>] [--server-main <built main.js>]
//   node scripts/bench-http.mjs --analyse <file.cpuprofile> [--top 30] [--skip <s>] [--until <s>]   self time,
//        grouped (--skip leaves out the first seconds: start-up, sign-up, warm-up; --until the samples after
//        that second of the profile, e.g. to look at a burst's first phase only)
//
// On PostgreSQL the table also shows the statements per request (committed transactions of the fresh database,
// from pg_stat_database: transactions that touch no table are published late, so SELECT 1 counts as ~0).
// --cpu-prof starts the app under `node --cpu-prof` and writes its profile into <dir> at shutdown (use it with
// --only to profile one route). PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// postgresql://postgres@127.0.0.1:5432/postgres (the server where the fresh database is created).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------------------ options

function parseArgs(argv) {
  const flags = new Set(['pglite']);
  const opts = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const name = a.slice(2);
    if (flags.has(name)) opts[name] = true;
    else {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      opts[name] = v;
    }
  }
  return opts;
}

function positiveNumber(v, name, fallback) {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got ${v}`);
  return n;
}

// -------------------------------------------------------------------------- the references (children)

/** Child mode: one bare reference server on PORT. Bare means no logger, no hooks, no plugins. */
async function runReference(kind) {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  let close = async () => {};
  if (kind === 'const') {
    const body = { status: 'ok', db: 'ok' };
    app.get('/', async () => body);
  } else if (kind === 'pg') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.REF_DATABASE_URL, max: 10 });
    app.get('/', async () => {
      await pool.query('SELECT 1');
      return { status: 'ok', db: 'ok' };
    });
    close = () => pool.end();
  } else if (kind === 'pglite' || kind === 'pglite-socket') {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create();
    if (kind === 'pglite') {
      app.get('/', async () => {
        await db.query('SELECT 1');
        return { status: 'ok', db: 'ok' };
      });
      close = () => db.close();
    } else {
      const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
      const { default: pg } = await import('pg');
      const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 8 });
      await server.start();
      // PGlite's own socket server over loopback TCP, as the app's embedded mode connected before it used an
      // in-memory pair (packages/db/src/pglite.ts); migrations and tools still connect this way.
      const { port } = server.server.address();
      const pool = new pg.Pool({
        connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
        max: 1,
      });
      app.get('/', async () => {
        await pool.query('SELECT 1');
        return { status: 'ok', db: 'ok' };
      });
      close = async () => {
        await pool.end();
        await server.stop();
        await db.close();
      };
    }
  } else throw new Error(`unknown reference ${kind}`);
  const stop = async () => {
    await app.close();
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

// ------------------------------------------------------------------------------------- processes

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const children = new Set();
/** The fresh database and the server it lives on, dropped at the end (also on Ctrl-C). */
const fresh = { dbName: undefined, baseDbUrl: undefined };
async function dropFreshDatabase() {
  if (!fresh.dbName) return;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: fresh.baseDbUrl });
  await admin.connect().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS "${fresh.dbName}" WITH (FORCE)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
  fresh.dbName = undefined;
}

/** Starts a child whose output goes to a log file (written by the child itself: no CPU spent here). */
async function startChild(name, args, env, work) {
  const port = await freePort();
  const logFile = path.join(work, `${name}.log`);
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', fd, fd],
  });
  const proc = {
    name,
    base: `http://127.0.0.1:${port}`,
    child,
    logFile,
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
  };
  children.add(proc);
  proc.exited.then(() => children.delete(proc));
  return proc;
}

function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function waitFor(proc, urlPath, ms = 120_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited at start:\n${tail(proc.logFile)}`);
    try {
      if ((await fetch(`${proc.base}${urlPath}`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${proc.name} not ready:\n${tail(proc.logFile)}`);
    await sleep(200);
  }
}

/** SIGTERM (the app's graceful shutdown; also what flushes a --cpu-prof profile), SIGKILL after 20 s. */
async function stop(proc) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const killer = setTimeout(() => proc.child.kill('SIGKILL'), 20_000);
  await proc.exited;
  clearTimeout(killer);
}

// ------------------------------------------------------------------------------------- the app

async function api(base, method, url, { token, body } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Signs up through the API (trial on Pro via the payments simulator) and creates a few chat sessions. */
async function signUp(base, runId, n = 0) {
  const reg = await api(base, 'POST', '/api/auth/register', {
    body: {
      email: `bench-${runId}${n ? `-${n}` : ''}@example.com`,
      password: 'Bench-Http-2026!',
      firstName: 'Bench',
      lastName: 'Runner',
      paymentMethodId: 'pm_card_visa',
      selectedPriceId: 'price_pro_monthly',
    },
  });
  for (let i = 1; i <= 3; i++)
    await api(base, 'POST', '/api/chat/sessions', { token: reg.accessToken, body: { title: `Bench ${i}` } });
  return reg.accessToken;
}

// -------------------------------------------------------------------------------------- the runs

/**
 * Database statements per request: the fresh database's committed transactions (each autocommitted statement is
 * one) over the run, read from pg_stat_database. PostgreSQL publishes a backend's counts when it goes idle, at
 * most once a second, hence the pauses around the measured run.
 */
async function committedTransactions(statsClient, dbName) {
  try {
    await statsClient.query('SELECT pg_stat_clear_snapshot()');
    const r = await statsClient.query('SELECT xact_commit FROM pg_stat_database WHERE datname = $1', [
      dbName,
    ]);
    return Number(r.rows[0]?.xact_commit ?? 0);
  } catch {
    return null;
  }
}

async function drive(autocannon, target, { duration, warmup, connections, stats }) {
  const run = (seconds) =>
    autocannon({
      url: target.url,
      headers: target.headers ?? {},
      connections,
      duration: seconds,
      // Another user's bearer on each request, in turn.
      ...(target.bearers && {
        requests: [
          {
            setupRequest: (req) => {
              req.headers = { ...req.headers, authorization: target.bearers[turn++ % target.bearers.length] };
              return req;
            },
          },
        ],
      }),
    });
  let turn = 0;
  if (warmup > 0) await run(warmup);
  const counted = stats && target.kind === 'app';
  if (counted) await sleep(1500);
  const before = counted ? await stats.read() : null;
  const load = os.loadavg()[0];
  const r = await run(duration);
  if (counted) await sleep(1500);
  const after = counted ? await stats.read() : null;
  return {
    name: target.name,
    kind: target.kind,
    reqPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    dbTransactionsPerRequest:
      before !== null && after !== null && r.requests.total > 0
        ? Number(((after - before) / r.requests.total).toFixed(2))
        : null,
    load1: Number(load.toFixed(2)),
  };
}

/** Users besides the first behind the many-users route (sign-ups are limited to 20 an hour per address). */
const MANY_USERS = 16;

const pct = (a, b) => (b > 0 ? `${Math.round((100 * a) / b)} %` : '—');

function printTable(rows, base, constRef) {
  const head = [
    'target',
    'req/s',
    'p99 ms',
    'non-2xx',
    'errors',
    `% of ${base?.ref === 'pglite' ? 'PGlite' : 'pg'} SELECT 1 ref`,
    '% of constant ref',
    'db tx/req',
    'load',
  ];
  const lines = rows.map((r) => [
    r.name,
    r.reqPerSec.toLocaleString('en-US'),
    String(r.p99Ms),
    String(r.non2xx),
    String(r.errors),
    pct(r.reqPerSec, base?.reqPerSec ?? 0),
    pct(r.reqPerSec, constRef?.reqPerSec ?? 0),
    r.dbTransactionsPerRequest === null ? '—' : String(r.dbTransactionsPerRequest),
    r.load1.toFixed(2),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(fmt(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmt(l));
}

async function bench(opts) {
  const { default: autocannon } = await import('autocannon');
  const duration = positiveNumber(opts.duration, 'duration', 10);
  const warmup = opts.warmup === '0' ? 0 : positiveNumber(opts.warmup, 'warmup', 2);
  const connections = positiveNumber(opts.connections, 'connections', 50);
  const pglite = Boolean(opts.pglite);
  const runId = randomBytes(4).toString('hex');
  const work = mkdtempSync(path.join(os.tmpdir(), 'lnd-bench-http-'));
  const baseDbUrl =
    process.env.BENCH_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgresql://postgres@127.0.0.1:5432/postgres';
  const { default: pg } = await import('pg');
  let dbName;
  let pgVersion;
  let failed = false;

  try {
    let serverMain;
    if (opts['server-main']) serverMain = path.resolve(opts['server-main']);
    else {
      // A private build: others' builds of apps/server/dist cannot remove it mid-run.
      const out = path.join(root, 'apps/server/.e2e-builds/bench-http/server');
      console.log(`building the server into ${path.relative(root, out)}…`);
      mkdirSync(out, { recursive: true });
      execFileSync(process.execPath, ['build.mjs'], {
        cwd: path.join(root, 'apps/server'),
        env: { ...process.env, SERVER_OUT: out },
        stdio: 'inherit',
      });
      serverMain = path.join(out, 'main.js');
    }
    if (!existsSync(serverMain)) throw new Error(`no server build at ${serverMain}`);

    const admin = new pg.Client({ connectionString: baseDbUrl });
    await admin.connect();
    pgVersion = (await admin.query('SHOW server_version')).rows[0].server_version;
    dbName = `lnd_bench_http_${runId}`;
    await admin.query(`CREATE DATABASE "${dbName}"`);
    Object.assign(fresh, { dbName, baseDbUrl });
    await admin.end();
    const dbUrl = new URL(baseDbUrl);
    dbUrl.pathname = `/${dbName}`;

    // The app as `npm start` runs it: production, default log level (request logs included, written to a file).
    const env = Object.fromEntries(
      Object.entries({
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        DATA_DIR: path.join(work, 'data'),
        DATABASE_URL: pglite ? undefined : dbUrl.toString(),
        APP_URL: undefined,
        JWT_SECRET: undefined,
        REDIS_URL: undefined,
        ADMIN_EMAIL: undefined,
        ADMIN_PASSWORD: undefined,
        SMTP_URL: undefined,
        S3_BUCKET: undefined,
        STRIPE_SECRET_KEY: undefined,
        OPENAI_API_KEY: undefined,
        TEST_DATABASE_URL: undefined,
        TRUST_PROXY: undefined,
      }).filter(([, v]) => v !== undefined),
    );
    // The flags `npm start` gives the server.
    const nodeArgs = [...SERVER_NODE_FLAGS];
    if (opts['cpu-prof']) {
      mkdirSync(path.resolve(opts['cpu-prof']), { recursive: true });
      nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(opts['cpu-prof'])}`);
    }
    const appProc = await startChild('app', [...nodeArgs, serverMain], env, work);
    // The pg reference queries the server's base database, not the app's: its SELECT 1s must not show up in
    // the app's statements per request.
    const refEnv = { ...process.env, REF_DATABASE_URL: baseDbUrl };
    const refs = [
      { kind: 'const', name: 'Fastify constant JSON (reference)' },
      { kind: 'pg', name: 'Fastify + pg SELECT 1 (reference)' },
      ...(pglite
        ? [
            { kind: 'pglite', name: 'Fastify + PGlite in-process SELECT 1 (reference)' },
            { kind: 'pglite-socket', name: 'Fastify + PGlite socket, pg pool 1, SELECT 1 (reference)' },
          ]
        : []),
    ];
    for (const ref of refs)
      ref.proc = await startChild(`ref-${ref.kind}`, [self, '--reference', ref.kind], refEnv, work);
    await waitFor(appProc, '/api/health/ready');
    for (const ref of refs) await waitFor(ref.proc, '/');

    const token = await signUp(appProc.base, runId);
    const bearer = { authorization: `Bearer ${token}` };
    // The session list of many users at once: the server reads concurrent lists in one statement (a user's
    // repeated requests in one turn are read once), so one user alone would flatter it. Sign-ups from one
    // address are limited to 20 an hour: 16 more users, one per request in turn.
    const others = [];
    for (let n = 1; n <= MANY_USERS; n++) others.push(await signUp(appProc.base, runId, n));
    const manyBearers = [token, ...others].map((t) => `Bearer ${t}`);
    const batch = `/trpc/auth.me,subscriptions.current,chat.listSessions?batch=1&input=${encodeURIComponent('{}')}`;
    const routes = [
      { name: 'GET /api/config', path: '/api/config' },
      { name: 'GET /api/health', path: '/api/health' },
      { name: 'GET /trpc/system.health', path: '/trpc/system.health' },
      { name: 'GET /api/auth/me (bearer)', path: '/api/auth/me', headers: bearer },
      { name: 'GET /trpc/auth.me (bearer)', path: '/trpc/auth.me', headers: bearer },
      { name: 'GET /api/chat/sessions (bearer)', path: '/api/chat/sessions', headers: bearer },
      { name: 'GET /trpc/chat.listSessions (bearer)', path: '/trpc/chat.listSessions', headers: bearer },
      {
        name: `GET /api/chat/sessions (${MANY_USERS + 1} users in turn)`,
        path: '/api/chat/sessions',
        headers: bearer,
        bearers: manyBearers,
      },
      {
        name: 'GET /api/subscriptions/current (bearer)',
        path: '/api/subscriptions/current',
        headers: bearer,
      },
      {
        name: 'GET /trpc/subscriptions.current (bearer)',
        path: '/trpc/subscriptions.current',
        headers: bearer,
      },
      {
        name: 'GET /trpc batch of 3 (auth.me, subscriptions.current, chat.listSessions)',
        path: batch,
        headers: bearer,
      },
    ];
    // Each route must answer 200 before it is measured: a benchmark of error pages would mislead.
    for (const r of routes) {
      const res = await fetch(`${appProc.base}${r.path}`, { headers: r.headers });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${r.name} answered ${res.status}: ${text.slice(0, 300)}`);
    }
    const targets = [
      ...refs.map((ref) => ({ name: ref.name, kind: 'reference', ref: ref.kind, url: `${ref.proc.base}/` })),
      ...routes.map((r) => ({
        name: r.name,
        kind: 'app',
        url: `${appProc.base}${r.path}`,
        headers: r.headers,
        bearers: r.bearers,
      })),
    ].filter((t) => !opts.only || t.kind === 'reference' || t.name.includes(opts.only));
    // With --only, skip the references (a profile run only needs load on the app).
    const selected = opts.only ? targets.filter((t) => t.kind === 'app') : targets;
    if (selected.length === 0) throw new Error(`--only ${opts.only} matches no route`);

    const machine = {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      postgres: pgVersion,
    };
    const startLoad = os.loadavg().map((l) => Number(l.toFixed(2)));
    console.log(
      `\n${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, PostgreSQL ${pgVersion}; ` +
        `app on ${pglite ? 'PGlite (embedded)' : 'PostgreSQL'}; autocannon ${connections} connections, ` +
        `${warmup} s warm-up + ${duration} s per target; load average at start ${startLoad.join(' ')}\n`,
    );
    // Statements per request are counted on PostgreSQL only (PGlite keeps no such statistics).
    let statsClient;
    if (!pglite) {
      statsClient = new pg.Client({ connectionString: baseDbUrl });
      await statsClient.connect();
    }
    const stats = statsClient && { read: () => committedTransactions(statsClient, dbName) };
    const rows = [];
    for (const t of selected) {
      const row = await drive(autocannon, t, { duration, warmup, connections, stats });
      row.ref = t.ref;
      rows.push(row);
      console.log(
        `  ${t.name}: ${row.reqPerSec} req/s, p99 ${row.p99Ms} ms` +
          (row.non2xx || row.errors ? `, ${row.non2xx} non-2xx, ${row.errors} errors` : ''),
      );
    }
    await statsClient?.end();
    const constRef = rows.find((r) => r.ref === 'const');
    const base = rows.find((r) => r.ref === (pglite ? 'pglite' : 'pg'));
    const endLoad = os.loadavg().map((l) => Number(l.toFixed(2)));
    console.log(`\nload average at end ${endLoad.join(' ')}\n`);
    printTable(rows, base, constRef);

    if (opts.json) {
      const report = {
        date: new Date().toISOString(),
        machine,
        database: pglite ? 'pglite' : 'postgresql',
        connections,
        durationS: duration,
        warmupS: warmup,
        loadAverage: { start: startLoad, end: endLoad },
        reference: base?.name ?? null,
        rows: rows.map((r) => ({
          ...r,
          shareOfSelect1Ref: base ? Number((r.reqPerSec / base.reqPerSec).toFixed(3)) : null,
          shareOfConstRef: constRef ? Number((r.reqPerSec / constRef.reqPerSec).toFixed(3)) : null,
        })),
      };
      writeFileSync(path.resolve(opts.json), `${JSON.stringify(report, null, 2)}\n`);
      console.log(`\nwritten to ${opts.json}`);
    }
    if (rows.some((r) => r.non2xx > 0 || r.errors > 0)) {
      failed = true;
      console.log('\nsome requests failed: see the non-2xx and errors columns');
    }
  } catch (err) {
    failed = true;
    console.error(`bench:http stopped: ${err?.stack ?? err}`);
    for (const proc of children) console.error(`--- last lines of ${proc.name}\n${tail(proc.logFile, 15)}`);
  } finally {
    await Promise.all([...children].map(stop));
    await dropFreshDatabase();
    rmSync(work, { recursive: true, force: true });
    if (opts['cpu-prof']) console.log(`CPU profile written into ${opts['cpu-prof']}`);
  }
  process.exit(failed ? 1 : 0);
}

// ------------------------------------------------------------------------- the profile analysis

/** esbuild marks each bundled module with a `// <path>` line: line number → source module of the bundle. */
const bundleMaps = new Map();
function bundleModuleAt(url, line) {
  if (!bundleMaps.has(url)) {
    const marks = [];
    try {
      readFileSync(fileURLToPath(url), 'utf8')
        .split('\n')
        .forEach((l, i) => {
          const m = /^\/\/ ((?:\.\.\/)*(?:packages|apps|src|node_modules)\/\S+)$/.exec(l);
          if (m) marks.push([i, m[1].replace(/^(\.\.\/)+/, '').replace(/^src\//, 'apps/server/src/')]);
        });
    } catch {
      // the bundle is gone: group by file only
    }
    bundleMaps.set(url, marks);
  }
  let found = null;
  for (const [l, mod] of bundleMaps.get(url)) {
    if (l > line) break;
    found = mod;
  }
  return found;
}

/** Which layer a frame belongs to, from its script URL (the server bundle is split by its module marks). */
function groupOf(node, detail) {
  const { url, functionName, lineNumber } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native/builtin)';
  if (url.startsWith('node:')) return 'node core';
  if (url.startsWith('wasm://')) return 'wasm (Prisma query compiler)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('file:') && url.endsWith('.js')) {
    const mod = bundleModuleAt(url, lineNumber);
    if (mod) {
      if (mod.startsWith('node_modules/')) return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(mod)[1];
      return detail ? `ours: ${mod}` : 'ours (apps/server, packages/*)';
    }
  }
  return url;
}

const VM = new Set(['node core', '(native/builtin)', '(program)', '(garbage collector)', '(idle)', '(root)']);

function analyse(file, top, skipS, untilS) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  /** The nearest frame (self or caller) that belongs to a library or to our code: who asked for the work. */
  const ownerCache = new Map();
  const ownerOf = (id) => {
    if (ownerCache.has(id)) return ownerCache.get(id);
    let cur = id;
    let owner = groupOf(byId.get(id), true);
    while (VM.has(owner) && parent.has(cur)) {
      cur = parent.get(cur);
      const g = groupOf(byId.get(cur), true);
      if (!VM.has(g)) owner = `${g} (incl. node/native it called)`;
    }
    if (VM.has(groupOf(byId.get(cur), true)) && !parent.has(cur)) owner = groupOf(byId.get(id), true);
    ownerCache.set(id, owner);
    return owner;
  };
  const selfUs = new Map();
  // timeDeltas[i] is the time before samples[i]; samples in the first skipS seconds (start-up) are left out.
  let t = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t < skipS * 1e6 || t > untilS * 1e6) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  const groups = new Map();
  const owners = new Map();
  const frames = new Map();
  for (const [id, us] of selfUs) {
    const n = byId.get(id);
    add(groups, groupOf(n, false), us);
    add(owners, ownerOf(id), us);
    const { functionName, url, lineNumber } = n.callFrame;
    const where = url.startsWith('file:') ? groupOf(n, true) : url.replace(/^.*node_modules\//, '');
    add(frames, `${functionName || '(anonymous)'}  ${url ? `${where}:${lineNumber + 1}` : ''}`, us);
  }
  const share = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  const list = (title, map) => {
    console.log(`\n${title}:`);
    for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`  ${share(us)}  ${k}`);
  };
  const window = Number.isFinite(untilS)
    ? `between ${skipS} s and ${untilS} s`
    : `after the first ${skipS} s`;
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled ${window}`);
  list('self time by package/layer', groups);
  list(
    'self time by owner (node core and native time given to the nearest library or our module up the stack)',
    owners,
  );
  list(`top ${top} frames by self time`, frames);
}

// ------------------------------------------------------------------------------------------- main

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (err) {
  console.error(`${err.message}\nusage: see the header of scripts/bench-http.mjs`);
  process.exit(2);
}
if (opts.reference) await runReference(opts.reference);
else if (opts.analyse)
  analyse(
    opts.analyse,
    positiveNumber(opts.top, 'top', 30),
    opts.skip === undefined ? 0 : positiveNumber(opts.skip, 'skip', 0),
    opts.until === undefined ? Infinity : positiveNumber(opts.until, 'until', Infinity),
  );
else {
  process.on('SIGINT', async () => {
    await Promise.all([...children].map(stop));
    await dropFreshDatabase();
    process.exit(130);
  });
  await bench(opts);
}
