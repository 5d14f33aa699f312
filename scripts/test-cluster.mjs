#!/usr/bin/env node
// npm run test:cluster: two production instances on one fresh PostgreSQL database and one Redis, started
// together with the same DATABASE_URL, REDIS_URL and APP_URL and no JWT_SECRET, checked across instances:
// migrations applied once, the signing key kept in the database, tokens and refresh rotation, the quota, the
// one-send-per-session lock, Stop and watchers from the other instance, a SIGKILL of the streaming instance
// (its watchers elsewhere end with the interrupted error, the sweep undoes the exchange) and a SIGTERM that
// the other instance carries on through. The model is a local fake OpenAI-compatible server, so replies last
// as long as a check needs (a message with "[slow:N]" streams for N seconds).
//
// Settings: CLUSTER_DATABASE_URL (else TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/postgres)
// names the server where a fresh database is created and dropped; REDIS_URL (else redis://127.0.0.1:6379);
// CLUSTER_SERVER_MAIN runs an existing build instead of building apps/server/dist (turbo, cached).
// The last line is `N passed, N failed`; the exit code is 1 when a check failed.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, existsSync, rmSync, createWriteStream, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseDbUrl =
  process.env.CLUSTER_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const runId = randomBytes(4).toString('hex');
// Rate limits live in Redis and outlast a run: every run comes from its own client address (TRUST_PROXY).
const clientIp = `10.${1 + (randomBytes(1)[0] % 250)}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
const work = mkdtempSync(path.join(tmpdir(), 'lnd-cluster-'));
const INTERRUPTED = 'The answer was interrupted, please retry';
const RESTARTING = 'The server is restarting, please retry';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------------------ checks

let passed = 0;
let failed = 0;
// Repeated after the instances' log tails, so the end of the output (all a CI summary may keep) names them.
const failures = [];
async function check(name, fn) {
  const started = Date.now();
  try {
    await fn();
    passed++;
    console.log(`  ✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (err) {
    failed++;
    const line = `  ✗ ${name}\n      ${String(err?.stack ?? err)
      .split('\n')
      .slice(0, 3)
      .join('\n      ')}`;
    failures.push(line);
    console.log(line);
  }
}
function assert(cond, message) {
  if (!cond) throw new Error(message);
}
function equal(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}
async function eventually(fn, what, ms = 10_000) {
  const deadline = Date.now() + ms;
  let last;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`${what} (not within ${ms / 1000} s)${last ? `: ${last}` : ''}`);
    await sleep(100);
  }
}

// --------------------------------------------------------------------------- the fake model server

/** An OpenAI-compatible chat completions endpoint: "[slow:N]" streams a word every 100 ms for N seconds. */
function startFakeModel() {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', async () => {
      let messages = [];
      try {
        messages = JSON.parse(body).messages ?? [];
      } catch {
        // an empty prompt
      }
      const last = [...messages].reverse().find((m) => m.role === 'user');
      const text = typeof last?.content === 'string' ? last.content : '';
      const slow = /\[slow:(\d+)\]/.exec(text);
      const chunks = slow ? Number(slow[1]) * 10 : 5;
      const gap = slow ? 100 : 10;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      let closed = false;
      res.on('close', () => (closed = true));
      const chunk = (delta, extra = {}) =>
        `data: ${JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model: 'fake',
          choices: [{ index: 0, delta, finish_reason: null }],
          ...extra,
        })}\n\n`;
      for (let i = 0; i < chunks && !closed; i++) {
        res.write(chunk({ ...(i === 0 ? { role: 'assistant' } : {}), content: `word${i} ` }));
        await sleep(gap);
      }
      if (closed) return;
      res.write(chunk({}, { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
      res.write(
        `data: ${JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model: 'fake',
          choices: [],
          usage: { prompt_tokens: 10, completion_tokens: chunks, total_tokens: 10 + chunks },
        })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// ------------------------------------------------------------------------------------ the instances

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

const instances = new Set();
let serverMain;
let sharedEnv;

/** Starts one instance (its own DATA_DIR and port; everything else shared). */
async function startInstance(name) {
  const port = await freePort();
  const dataDir = path.join(work, `${name}-${port}`);
  const logFile = path.join(work, `${name}-${port}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: { ...sharedEnv, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const s of [child.stdout, child.stderr])
    s.on('data', (d) => {
      output += d.toString();
      log.write(d);
    });
  const inst = {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    logFile,
    output: () => output,
    // 'close': ended, and its output read to the end (the log file holds its last lines).
    exited: new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal }))),
  };
  instances.add(inst);
  inst.exited.then(() => instances.delete(inst));
  return inst;
}

async function waitReady(inst, ms = 120_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (inst.child.exitCode !== null)
      throw new Error(`${inst.name} exited at start:\n${inst.output().slice(-3000)}`);
    try {
      if ((await fetch(`${inst.base}/api/health/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${inst.name} not ready:\n${inst.output().slice(-3000)}`);
    await sleep(200);
  }
}

// --------------------------------------------------------------------------------------- clients

function call(inst, method, url, { token, body, cookie } = {}) {
  const headers = { 'x-forwarded-for': clientIp };
  if (token) headers.authorization = `Bearer ${token}`;
  if (cookie) headers.cookie = `refreshToken=${cookie}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${inst.base}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const json = async (res) => ({ status: res.status, body: await res.json().catch(() => ({})) });
const refreshCookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => /^refreshToken=([^;]*)/.exec(c)?.[1])
    .find(Boolean);

let users = 0;
/** Signs up through the simulator (trial, Pro): {token, cookie, userId}. */
async function signUp(inst) {
  const res = await call(inst, 'POST', '/api/auth/register', {
    body: {
      email: `cluster-${runId}-${++users}@example.com`,
      password: 'Cluster-Check-2024!',
      firstName: 'Cluster',
      paymentMethodId: 'pm_card_visa',
      selectedPriceId: 'price_pro_monthly',
    },
  });
  const cookie = refreshCookieOf(res);
  const { status, body } = await json(res);
  equal(status, 201, 'sign-up status');
  return { token: body.accessToken, cookie, userId: body.user.id };
}
async function newSession(inst, user) {
  const { status, body } = await json(
    await call(inst, 'POST', '/api/chat/sessions', { token: user.token, body: {} }),
  );
  equal(status, 201, 'session creation');
  return body.session.id;
}

/** Reads a streamed body as it comes. */
function follow(res) {
  const reader = res.body.getReader();
  let text = '';
  let ended = false;
  const done = (async () => {
    for (;;) {
      const { value, done: end } = await reader.read().catch(() => ({ done: true }));
      if (end) break;
      text += new TextDecoder().decode(value);
    }
    ended = true;
  })();
  return {
    status: res.status,
    text: () => text,
    ended: () => ended,
    done,
    until: (re, what, ms = 10_000) => eventually(() => re.test(text) || (ended && re.test(text)), what, ms),
    cancel: () => reader.cancel().catch(() => undefined),
  };
}
const sendStream = async (inst, user, sessionId, message) =>
  follow(
    await call(inst, 'POST', `/api/chat/sessions/${sessionId}/messages/stream`, {
      token: user.token,
      body: { message },
    }),
  );
const watch = async (inst, user, sessionId) => {
  const input = encodeURIComponent(JSON.stringify({ json: { sessionId } }));
  return follow(await call(inst, 'GET', `/trpc/chat.watch?input=${input}`, { token: user.token }));
};
const sessionView = async (inst, user, id) =>
  (await json(await call(inst, 'GET', `/api/chat/sessions/${id}/messages`, { token: user.token }))).body;
/** The data lines of a REST SSE body. */
const dataEvents = (text) =>
  text
    .split('\n\n')
    .filter((b) => b.startsWith('data: '))
    .map((b) => b.slice(6));

// ------------------------------------------------------------------------------------------ the run

let db;
let dbName;
let fakeModel;

async function main() {
  console.log('### npm run test:cluster: two instances, one PostgreSQL database, one Redis');
  if (process.env.CLUSTER_SERVER_MAIN) serverMain = path.resolve(process.env.CLUSTER_SERVER_MAIN);
  else {
    console.log('building the server (turbo, cached)…');
    execFileSync('npx', ['turbo', 'run', 'build', '--filter=@app/server', '--output-logs=errors-only'], {
      cwd: root,
      stdio: 'inherit',
    });
    serverMain = path.join(root, 'apps/server/dist/main.js');
  }
  assert(existsSync(serverMain), `no server build at ${serverMain}`);

  dbName = `lnd_cluster_${runId}`;
  const admin = new pg.Client({ connectionString: baseDbUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const dbUrl = new URL(baseDbUrl);
  dbUrl.pathname = `/${dbName}`;
  db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  fakeModel = await startFakeModel();

  sharedEnv = Object.fromEntries(
    Object.entries({
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: redisUrl,
      APP_URL: 'http://localhost:8080',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(work, 'no-web'),
      OPENAI_API_KEY: 'sk-cluster-fake',
      OPENAI_BASE_URL: `http://127.0.0.1:${fakeModel.address().port}/v1`,
      OPENAI_MODEL: 'fake',
      // Sweep a dead instance's exchange soon after its lease lapses (every 5 s for exchanges ≥ 10 s old).
      PENDING_EXCHANGE_MAX_AGE_MS: '10000',
      JWT_SECRET: undefined,
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      SMTP_URL: undefined,
      S3_BUCKET: undefined,
      STRIPE_SECRET_KEY: undefined,
      TEST_DATABASE_URL: undefined,
    }).filter(([, v]) => v !== undefined),
  );

  // Started together on the empty database.
  let a = await startInstance('A');
  let b = await startInstance('B');
  console.log(`instances A :${a.port} and B :${b.port}, database ${dbName}, logs in ${work}`);

  await check(
    'both instances start together on an empty database and are ready (/api/health/live, /ready)',
    async () => {
      await Promise.all([waitReady(a), waitReady(b)]);
      for (const inst of [a, b]) {
        equal((await fetch(`${inst.base}/api/health/live`)).status, 200, `${inst.name} live`);
        const ready = await json(await fetch(`${inst.base}/api/health/ready`));
        equal(ready.status, 200, `${inst.name} ready`);
      }
    },
  );

  await check('migrations are applied once', async () => {
    const dirs = readdirSync(path.join(root, 'packages/db/prisma/migrations')).filter((d) =>
      existsSync(path.join(root, 'packages/db/prisma/migrations', d, 'migration.sql')),
    );
    const rows = (
      await db.query(
        'SELECT migration_name, count(*)::int AS n, bool_and(finished_at IS NOT NULL AND rolled_back_at IS NULL) AS ok FROM _prisma_migrations GROUP BY 1',
      )
    ).rows;
    equal(rows.length, dirs.length, 'migrations recorded');
    assert(
      rows.every((r) => r.n === 1 && r.ok),
      `a migration recorded twice or unfinished: ${JSON.stringify(rows)}`,
    );
  });

  await check(
    'without JWT_SECRET the signing key is created once in the database and both use it',
    async () => {
      const n = (await db.query(`SELECT count(*)::int AS n FROM "AppSecret" WHERE name = 'jwt'`)).rows[0].n;
      equal(n, 1, 'AppSecret rows');
      const logs = a.output() + b.output();
      equal(
        (logs.match(/a key generated now and kept in the database/g) ?? []).length,
        1,
        'instances that created it',
      );
      equal(
        (logs.match(/the key kept in the database \(AppSecret 'jwt'\)/g) ?? []).length,
        1,
        'instances that read it',
      );
    },
  );

  const alice = await signUp(a);
  await check('a token from A works on B', async () => {
    const me = await json(await call(b, 'GET', '/api/auth/me', { token: alice.token }));
    equal(me.status, 200, 'GET /api/auth/me on B');
    equal(me.body.user.id, alice.userId, 'user');
  });

  await check('refresh rotation across instances (and reuse detection)', async () => {
    const r1 = await call(b, 'POST', '/api/auth/refresh', { cookie: alice.cookie });
    equal(r1.status, 200, 'refresh on B with the cookie from A');
    const c1 = refreshCookieOf(r1);
    const t1 = (await r1.json()).accessToken;
    equal((await call(a, 'GET', '/api/auth/me', { token: t1 })).status, 200, "B's token on A");
    const r2 = await call(a, 'POST', '/api/auth/refresh', { cookie: c1 });
    equal(r2.status, 200, 'refresh on A with the cookie from B');
    const c2 = refreshCookieOf(r2);
    // Within the reuse grace (sessions.ts) a rotated cookie is a client racing itself: B lets it in too.
    const raced = await call(b, 'POST', '/api/auth/refresh', { cookie: c1 });
    equal(raced.status, 200, 'rotated cookie presented again on B within the grace');
    // Past the grace it is reuse: the whole family ends, on either instance.
    await db.query(
      `UPDATE "RefreshToken" SET "replacedAt" = now() - interval '1 minute' WHERE "userId" = $1 AND "replacedAt" IS NOT NULL`,
      [alice.userId],
    );
    const reuse = await json(await call(b, 'POST', '/api/auth/refresh', { cookie: c1 }));
    equal(
      [reuse.status, reuse.body.code],
      [401, 'REFRESH_TOKEN_REUSED'],
      'rotated cookie presented again on B past the grace',
    );
    equal((await call(a, 'POST', '/api/auth/refresh', { cookie: c2 })).status, 401, 'family revoked on A');
  });

  await check('logout on B ends the access token on A at once (token version)', async () => {
    const u = await signUp(b);
    equal((await call(a, 'GET', '/api/auth/me', { token: u.token })).status, 200, 'before logout');
    equal((await call(b, 'POST', '/api/auth/logout', { cookie: u.cookie })).status, 200, 'logout on B');
    equal((await call(a, 'GET', '/api/auth/me', { token: u.token })).status, 401, 'after logout, on A');
  });

  await check('quota: 20 sends over both instances with 1 message left → exactly one succeeds', async () => {
    const u = await signUp(a);
    await db.query(`UPDATE "Subscription" SET "messageLimit" = 1 WHERE "userId" = $1`, [u.userId]);
    const sessions = await Promise.all(Array.from({ length: 20 }, (_, i) => newSession(i % 2 ? a : b, u)));
    const results = await Promise.all(
      sessions.map(async (id, i) =>
        json(
          await call(i % 2 ? b : a, 'POST', `/api/chat/sessions/${id}/messages`, {
            token: u.token,
            body: { message: 'Three objectives for onboarding' },
          }),
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    equal(statuses.filter((s) => s === 200).length, 1, `successful sends (statuses ${statuses.join(',')})`);
    equal(statuses.filter((s) => s === 402).length, 19, 'refused sends (402)');
    const used = (
      await db.query(
        `SELECT coalesce(sum(c.used), 0)::int AS used FROM "UsageCounter" c JOIN "Subscription" s ON s.id = c."subscriptionId" WHERE s."userId" = $1`,
        [u.userId],
      )
    ).rows[0].used;
    equal(used, 1, 'messages counted');
  });

  // One user streams on A while B is asked to send, watch and stop.
  const w = await signUp(a);
  const s1 = await newSession(a, w);
  let stream1;
  let watcher1;
  await check('one send per session: 409 on B while A streams; B says generating', async () => {
    stream1 = await sendStream(a, w, s1, '[slow:30] A long learning plan');
    equal(stream1.status, 200, 'stream on A');
    await stream1.until(/"type":"content"/, 'first content on A');
    const second = await json(
      await call(b, 'POST', `/api/chat/sessions/${s1}/messages`, {
        token: w.token,
        body: { message: 'Me too' },
      }),
    );
    equal([second.status, second.body.code], [409, 'SEND_IN_PROGRESS'], 'send on B');
    equal((await sessionView(b, w, s1)).generating, true, 'generating on B');
  });

  await check('watcher fan-out: a watcher on B follows the reply streaming on A', async () => {
    watcher1 = await watch(b, w, s1);
    equal(watcher1.status, 200, 'watch on B');
    await watcher1.until(/"type":"progress"/, 'progress on B', 5_000);
  });

  // Issue 17: Stop after some text keeps the exchange with its partial answer, marked stopped, and charges it.
  await check(
    'Stop from B ends the stream on A; the partial answer is kept, stopped, and counted',
    async () => {
      equal(
        (await call(b, 'POST', `/api/chat/sessions/${s1}/stop`, { token: w.token, body: {} })).status,
        200,
        'stop on B',
      );
      await eventually(() => stream1.ended(), 'the stream on A ends', 5_000);
      const events = dataEvents(stream1.text());
      equal(events.at(-1), '[DONE]', 'last event on A');
      const complete = JSON.parse(events.at(-2));
      equal([complete.type, complete.message?.stopped], ['complete', true], 'the kept answer on A');
      await eventually(() => watcher1?.ended(), 'the watcher on B ends', 5_000);
      assert(
        /"type":"end"/.test(watcher1.text()),
        `the watcher on B got no end: ${watcher1.text().slice(-300)}`,
      );
      await eventually(
        async () => (await sessionView(b, w, s1)).generating === false,
        'generating cleared',
        5_000,
      );
      const view = await sessionView(a, w, s1);
      equal(view.messages.length, 2, 'messages kept');
      equal(view.messages[1].content, complete.message.content, 'the partial answer stored');
      const used = (
        await db.query(
          `SELECT coalesce(sum(c.used), 0)::int AS used FROM "UsageCounter" c JOIN "Subscription" s ON s.id = c."subscriptionId" WHERE s."userId" = $1`,
          [w.userId],
        )
      ).rows[0].used;
      equal(used, 1, 'messages counted');
    },
  );

  await check(
    'SIGKILL of the streaming instance: the watcher on B ends as interrupted, the sweep undoes the exchange',
    async () => {
      const k = await signUp(b);
      const s2 = await newSession(a, k);
      const stream = await sendStream(a, k, s2, '[slow:60] A very long answer');
      await stream.until(/"type":"content"/, 'first content on A');
      const watcher = await watch(b, k, s2);
      await watcher.until(/"type":"progress"/, 'progress on B', 5_000);
      const pending = async () =>
        (await db.query(`SELECT count(*)::int AS n FROM "PendingExchange" WHERE "sessionId" = $1`, [s2]))
          .rows[0].n;
      equal(await pending(), 1, 'pending exchange while streaming');
      const killedAt = Date.now();
      a.child.kill('SIGKILL');
      await a.exited;
      stream.cancel();
      await watcher.until(/serialized-error/, 'the watcher on B ends with an error', 25_000);
      const after = (Date.now() - killedAt) / 1000;
      assert(watcher.text().includes(INTERRUPTED), `watcher error: ${watcher.text().slice(-300)}`);
      assert(after <= 22, `the watcher ended ${after.toFixed(1)} s after the kill`);
      console.log(`      (watcher ended ${after.toFixed(1)} s after the kill)`);
      await eventually(
        async () => (await sessionView(b, k, s2)).generating === false,
        'the lease lapsed',
        10_000,
      );
      await eventually(async () => (await pending()) === 0, 'the sweep undid the exchange', 30_000);
      const rows = (
        await db.query(`SELECT count(*)::int AS n FROM "ChatMessage" WHERE "sessionId" = $1`, [s2])
      ).rows;
      equal(rows[0].n, 0, 'messages left by the half exchange');
      const used = (
        await db.query(
          `SELECT coalesce(sum(c.used), 0)::int AS used FROM "UsageCounter" c JOIN "Subscription" s ON s.id = c."subscriptionId" WHERE s."userId" = $1`,
          [k.userId],
        )
      ).rows[0].used;
      equal(used, 0, 'messages counted after the sweep');
      console.log(`      (swept ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill)`);
      const again = await json(
        await call(b, 'POST', `/api/chat/sessions/${s2}/messages`, {
          token: k.token,
          body: { message: 'Once more' },
        }),
      );
      equal(again.status, 200, 'a new send in that session on B');
    },
  );

  a = await startInstance('A');
  await waitReady(a);

  await check('SIGTERM on B: its client is told to retry, B exits cleanly, A carries on', async () => {
    const t = await signUp(a);
    const onA = await newSession(a, t);
    const onB = await newSession(b, t);
    const streamA = await sendStream(a, t, onA, '[slow:6] Keep going on A');
    const streamB = await sendStream(b, t, onB, '[slow:60] Cut on B');
    await streamA.until(/"type":"content"/, 'content on A');
    await streamB.until(/"type":"content"/, 'content on B');
    const stoppedAt = Date.now();
    b.child.kill('SIGTERM');
    const exit = await b.exited;
    equal(exit.code, 0, 'B exit code');
    assert(Date.now() - stoppedAt < 15_000, 'B took 15 s or more to exit');
    await streamB.done;
    equal(
      dataEvents(streamB.text()).slice(-2),
      [JSON.stringify({ type: 'error', error: RESTARTING }), '[DONE]'],
      'last events on B',
    );
    await streamA.done;
    assert(
      streamA.text().includes('"type":"complete"'),
      `A's reply did not complete: ${streamA.text().slice(-300)}`,
    );
    const more = await json(
      await call(a, 'POST', `/api/chat/sessions/${onA}/messages`, {
        token: t.token,
        body: { message: 'And one more' },
      }),
    );
    equal(more.status, 200, 'a send on A after B stopped');
    equal((await sessionView(a, t, onB)).messages.length, 0, 'messages of the cut exchange');
    const used = (
      await db.query(
        `SELECT coalesce(sum(c.used), 0)::int AS used FROM "UsageCounter" c JOIN "Subscription" s ON s.id = c."subscriptionId" WHERE s."userId" = $1`,
        [t.userId],
      )
    ).rows[0].used;
    equal(used, 2, 'messages counted (the two completed exchanges)');
    equal(
      (await db.query(`SELECT count(*)::int AS n FROM "PendingExchange"`)).rows[0].n,
      0,
      'pending exchanges',
    );
  });

  a.child.kill('SIGTERM');
  const last = await a.exited;
  await check('A exits cleanly on SIGTERM', async () => equal(last.code, 0, 'A exit code'));
}

async function cleanup() {
  for (const inst of instances) inst.child.kill('SIGKILL');
  await db?.end().catch(() => undefined);
  fakeModel?.close();
  if (dbName) {
    const admin = new pg.Client({ connectionString: baseDbUrl });
    await admin.connect().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  }
}

try {
  await main();
} catch (err) {
  failed++;
  const line = `  ✗ the run stopped: ${err?.stack ?? err}`;
  failures.push(line);
  console.log(line);
}
if (failed > 0) {
  for (const f of readdirSync(work).filter((x) => x.endsWith('.log'))) {
    const lines = readFileSync(path.join(work, f), 'utf8').trimEnd().split('\n');
    console.log(`--- last lines of ${f}\n${lines.slice(-25).join('\n')}`);
  }
}
await cleanup();
if (failed === 0) rmSync(work, { recursive: true, force: true });
if (failures.length > 0) console.log(`failed:\n${failures.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
