// npm run bench:logs [-- --rows N] [--users N] [--runs N] [--reuse]: the usage-log screens at two table sizes
// (issue 40). For 50,000 rows and for N (default 5,000,000) it makes a database `lnd_bench_logs_<rows>` on the
// PostgreSQL server of DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres), seeds the users, a
// team and the log rows over the last year with SQL, and times each admin and team usage call (median of --runs,
// through the real server's routes) beside the plain SQL of the same work run with pg, and the CSV exports' rows
// per second beside psql's \copy of the same rows joined to users. The last column is the call's time at N over
// its time at 50,000 rows. --reuse keeps a database already seeded for that size.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { testConfig } from '@app/api';
import { openDatabase } from '@app/db';
import { buildServer } from '../apps/server/src/app.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]!.replace(/_/g, '')) : def;
};
const ROWS = arg('rows', 5_000_000);
const USERS = arg('users', 50_000);
const RUNS = arg('runs', 11);
const SMALL = 50_000;
const WORKSPACES = 500;
const serverUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REUSE = process.argv.includes('--reuse');
let benchUrl = '';
const dbName = (rows: number) => `lnd_bench_logs_${rows}`;
function urlOf(rows: number) {
  const u = new URL(serverUrl);
  u.pathname = `/${dbName(rows)}`;
  return u.toString();
}

const execFileAsync = promisify(execFile);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** Median of RUNS after WARM calls (the server's code paths compile on their first calls). */
const WARM = 10;
async function timed(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARM; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

/** A fresh database for `rows`; with --reuse an existing one that has them is kept (returns false: no seeding). */
async function prepareDatabase(rows: number): Promise<boolean> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    const name = dbName(rows);
    const exists = (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
    if (REUSE && exists) return false;
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
    return true;
  } finally {
    await c.end();
  }
}

async function seed(sql: pg.Client, rows: number) {
  await sql.query(
    `INSERT INTO "User" ("id", "email", "passwordHash", "firstName", "lastName", "isEmailVerified", "updatedAt")
     SELECT 'u' || g, 'user' || g || '@bench-co.com', 'x', 'First' || g, 'Last' || g, true, now()
     FROM generate_series(1, $1) g`,
    [USERS],
  );
  await sql.query(`UPDATE "User" SET "isAdmin" = true WHERE "id" = 'u1'`);
  // Team workspaces: w1 is owned by u2; its members are every 100th user.
  await sql.query(
    `INSERT INTO "Workspace" ("id", "name", "ownerId", "updatedAt")
     SELECT 'w' || g, 'Team ' || g, 'u' || (g + 1), now() FROM generate_series(1, $1) g`,
    [WORKSPACES],
  );
  await sql.query(
    `INSERT INTO "WorkspaceMember" ("id", "workspaceId", "userId", "role")
     SELECT 'm' || g, 'w' || (1 + (g / 100) % ${WORKSPACES}), 'u' || g, CASE WHEN g = 2 THEN 'OWNER' ELSE 'MEMBER' END::"WorkspaceRole"
     FROM generate_series(2, $1) g WHERE g = 2 OR g % 100 = 0`,
    [USERS],
  );
  await sql.query(`UPDATE "WorkspaceMember" SET "workspaceId" = 'w1' WHERE "userId" = 'u2'`);
  // The months the rows fall in, then the rows: over the last 365 days, one action in six, one status in three
  // (a sixth of them BILLING), a user on most, a workspace on one in ten.
  await sql.query(`SELECT "usage_log_ensure_partition"(m::date)
    FROM generate_series(date_trunc('month', now() - interval '366 days'), now(), interval '1 month') m`);
  const batch = 1_000_000;
  for (let from = 1; from <= rows; from += batch) {
    const to = Math.min(rows, from + batch - 1);
    await sql.query(
      `INSERT INTO "UsageLog" ("id", "userId", "actorId", "workspaceId", "action", "endpoint", "procedure", "status",
                               "usage", "durationMs", "ip", "details", "timestamp")
       SELECT 'bl' || g, CASE WHEN g % 20 <> 0 THEN 'u' || (1 + g % ${USERS}) END,
              CASE WHEN g % 20 <> 0 THEN 'u' || (1 + g % ${USERS}) END,
              CASE WHEN g % 10 = 0 THEN 'w' || (1 + (g / 10) % ${WORKSPACES}) END,
              (ARRAY['CHAT_MESSAGE','STREAMING_CHAT','USER_LOGIN','SUBSCRIPTION','ADMIN_ACCESS','BILLING'])[1 + g % 6],
              '/api/bench', 'bench.call', (ARRAY['success','success','error','warning'])[1 + (g / 6) % 4],
              (g % 2), 40 + g % 300, '10.0.0.' || (g % 250), CASE WHEN g % 3 = 0 THEN 'note ' || g END,
              now() - (g::float8 / $3) * interval '365 days'
       FROM generate_series($1::int, $2::int) g`,
      [from, to, rows],
    );
  }
  await sql.query('VACUUM ANALYZE');
}

interface Call {
  name: string;
  path: string;
  token: 'admin' | 'team';
  /** The statements the call runs, as plain SQL. */
  plain: string[];
  csv?: { copy: string };
}

function calls(): Call[] {
  const page = (where: string) =>
    `SELECT l.*, u."email", a."email" FROM (SELECT * FROM "UsageLog" l WHERE ${where}
       ORDER BY l."timestamp" DESC, l."id" DESC LIMIT 11) l
     LEFT JOIN "User" u ON u."id" = l."userId" LEFT JOIN "User" a ON a."id" = l."actorId"
     ORDER BY l."timestamp" DESC, l."id" DESC`;
  const rollupTotal = (where: string) =>
    `SELECT COALESCE(sum("requests"), 0) FROM "UsageRollup" WHERE ${where}`;
  const capped = (where: string) =>
    `SELECT count(*) FROM (SELECT 1 FROM "UsageLog" l WHERE ${where} LIMIT 10001) c`;
  const days = (where: string) =>
    `SELECT "day", sum("requests"), sum("usage"), sum("requests") FILTER (WHERE "status" = 'error')
     FROM "UsageRollup" WHERE ${where} GROUP BY "day" ORDER BY "day"`;
  const csvSelect = (where: string) =>
    `SELECT u."email", l."action", l."timestamp", l."usage", l."status", l."endpoint", l."details"
     FROM "UsageLog" l LEFT JOIN "User" u ON u."id" = l."userId" WHERE ${where}
     ORDER BY l."timestamp" DESC, l."id" DESC`;
  return [
    {
      name: 'GET /api/admin/logs?page=1&limit=10',
      path: '/api/admin/logs?page=1&limit=10',
      token: 'admin',
      plain: [page('TRUE'), rollupTotal(`"scope" = ''`)],
    },
    {
      name: 'GET /api/admin/logs?action=BILLING',
      path: '/api/admin/logs?action=BILLING&limit=10',
      token: 'admin',
      plain: [page(`l."action" = 'BILLING'`), rollupTotal(`"scope" = '' AND "action" = 'BILLING'`)],
    },
    {
      name: 'GET /api/admin/logs?status=error',
      path: '/api/admin/logs?status=error&limit=10',
      token: 'admin',
      plain: [page(`l."status" = 'error'`), rollupTotal(`"scope" = '' AND "status" = 'error'`)],
    },
    {
      name: 'GET /api/admin/logs?userId=u77 (capped count)',
      path: '/api/admin/logs?userId=u77&limit=10',
      token: 'admin',
      plain: [page(`l."userId" = 'u77'`), capped(`l."userId" = 'u77'`)],
    },
    {
      name: 'GET /api/admin/logs?search=user77@',
      path: '/api/admin/logs?search=user77%40&limit=10',
      token: 'admin',
      plain: [
        `SELECT "id" FROM "User" WHERE "email" ILIKE '%user77@%' OR "firstName" ILIKE '%user77@%'
           OR "lastName" ILIKE '%user77@%' LIMIT 501`,
        page(`l."userId" = 'u77'`),
        capped(`l."userId" = 'u77'`),
      ],
    },
    {
      name: 'GET /api/admin/analytics/usage (all time)',
      path: '/api/admin/analytics/usage',
      token: 'admin',
      plain: [days(`"scope" = ''`)],
    },
    {
      name: 'GET /api/admin/analytics/usage (30 days)',
      path: `/api/admin/analytics/usage?from=${isoDay(-30)}&to=${isoDay(0)}`,
      token: 'admin',
      plain: [days(`"scope" = '' AND "day" >= '${isoDay(-30)}' AND "day" <= '${isoDay(0)}'`)],
    },
    {
      name: 'GET /api/workspaces/current/usage',
      path: '/api/workspaces/current/usage?page=1&limit=10',
      token: 'team',
      plain: [page(`l."workspaceId" = 'w1'`), rollupTotal(`"scope" = 'w1'`)],
    },
    {
      name: 'GET /api/workspaces/current/usage/analytics',
      path: '/api/workspaces/current/usage/analytics',
      token: 'team',
      plain: [days(`"scope" = 'w1'`)],
    },
    {
      name: 'GET /api/admin/logs/export.csv?action=BILLING',
      path: '/api/admin/logs/export.csv?action=BILLING',
      token: 'admin',
      plain: [],
      csv: { copy: csvSelect(`l."action" = 'BILLING'`) },
    },
    {
      name: 'GET /api/workspaces/current/usage/export.csv',
      path: '/api/workspaces/current/usage/export.csv',
      token: 'team',
      plain: [],
      csv: { copy: csvSelect(`l."workspaceId" = 'w1'`) },
    },
  ];
}

function isoDay(offset: number) {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** GET over a real socket, reading the whole body; returns its size. */
function get(port: number, p: string, token: string) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: p, headers: { authorization: `Bearer ${token}` } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode!, bytes }));
      })
      .on('error', reject);
  });
}

/**
 * A download by curl, a process of its own as psql is for \copy (reading the body in this process would take the
 * server's one thread for the client's work): seconds, as curl reports them.
 */
async function downloadSeconds(port: number, p: string, token: string): Promise<number> {
  const { stdout } = await execFileAsync('curl', [
    '-sS',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code} %{time_total}',
    '-H',
    `authorization: Bearer ${token}`,
    `http://127.0.0.1:${port}${p}`,
  ]);
  const [status, seconds] = stdout.trim().split(' ');
  if (status !== '200') throw new Error(`${p}: HTTP ${status}`);
  return Number(seconds);
}

/** psql's \copy of the same rows to /dev/null: seconds, as psql's \timing reports it (no process start-up). */
function copySeconds(select: string): number {
  const r = spawnSync(
    'psql',
    [
      benchUrl,
      '-q',
      '-c',
      '\\timing on',
      '-c',
      `\\copy (${select.replace(/\s+/g, ' ')}) TO '/dev/null' WITH CSV`,
    ],
    { encoding: 'utf8' },
  );
  const ms = /Time: ([\d.]+) ms/.exec(r.stdout);
  if (r.status !== 0 || !ms) throw new Error(`psql failed: ${r.stderr}`);
  return Number(ms[1]) / 1000;
}

interface Result {
  name: string;
  apiMs: number;
  sqlMs: number;
  rowsPerS?: number;
  copyRowsPerS?: number;
}

async function measure(rows: number): Promise<Result[]> {
  benchUrl = urlOf(rows);
  const fresh = await prepareDatabase(rows);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-logs-'));
  const database = await openDatabase({ databaseUrl: benchUrl });
  const sql = new pg.Client({ connectionString: benchUrl });
  await sql.connect();
  if (fresh) {
    const t0 = performance.now();
    await seed(sql, rows);
    console.log(
      `seeded ${rows.toLocaleString('en')} rows in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
  }
  // Usage-log entries are written as in production, in batches off the request path (tests write them before
  // answering), so a call's time is its own reads.
  const config = testConfig({ dataDir });
  config.usageLog = { ...config.usageLog, flushMs: 1_000 };
  const server = await buildServer({ config, db: database.prisma, logger: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (server.app.server.address() as AddressInfo).port;
  const tokens = {
    admin: await server.services.accessTokens.sign('u1'),
    team: await server.services.accessTokens.sign('u2'),
  };
  const out: Result[] = [];
  for (const c of calls()) {
    const first = await get(port, c.path, tokens[c.token]);
    if (first.status !== 200) throw new Error(`${c.path}: HTTP ${first.status}`);
    if (c.csv) {
      const [{ n }] = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${c.csv.copy}) q`))
        .rows as [{ n: number }];
      // Interleaved with \copy, three rounds each, so both see the same load (the machine is shared).
      const apiRuns: number[] = [];
      const copyRuns: number[] = [];
      for (let round = 0; round < 3; round++) {
        apiRuns.push(await downloadSeconds(port, c.path, tokens[c.token]));
        copyRuns.push(copySeconds(c.csv.copy));
      }
      const apiS = median(apiRuns);
      const copyS = median(copyRuns);
      out.push({
        name: `${c.name} (${n.toLocaleString('en')} rows)`,
        apiMs: apiS * 1000,
        sqlMs: copyS * 1000,
        rowsPerS: n / apiS,
        copyRowsPerS: n / copyS,
      });
    } else {
      const apiMs = await timed(() => get(port, c.path, tokens[c.token]));
      const sqlMs = await timed(async () => {
        for (const q of c.plain) await sql.query(q);
      });
      out.push({ name: c.name, apiMs, sqlMs });
    }
  }
  await server.app.close();
  await sql.end();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  return out;
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
const rate = (r?: number) => (r ? `${Math.round(r).toLocaleString('en')} rows/s` : '');

const small = await measure(SMALL);
const large = ROWS === SMALL ? small : await measure(ROWS);
console.log(
  `\nUsage logs, ${USERS.toLocaleString('en')} users, median of ${RUNS} (exports: of 3, interleaved with \\copy)\n`,
);
console.log(
  `| Call | ${SMALL.toLocaleString('en')} rows | plain SQL | ${ROWS.toLocaleString('en')} rows | plain SQL | growth |`,
);
console.log('|---|---|---|---|---|---|');
for (let i = 0; i < large.length; i++) {
  const s = small[i]!;
  const l = large[i]!;
  if (l.rowsPerS) {
    console.log(
      `| ${l.name.replace(/ \(.*\)$/, '')} | ${rate(s.rowsPerS)} | \\copy ${rate(s.copyRowsPerS)} | ${rate(l.rowsPerS)} | \\copy ${rate(l.copyRowsPerS)} | ${((l.rowsPerS / l.copyRowsPerS!) * 100).toFixed(0)} % of \\copy |`,
    );
  } else {
    console.log(
      `| ${l.name} | ${fmt(s.apiMs)} | ${fmt(s.sqlMs)} | ${fmt(l.apiMs)} | ${fmt(l.sqlMs)} | ${(l.apiMs / s.apiMs).toFixed(2)}× |`,
    );
  }
}
