// Streams benchmark (issue 15's streaming goals): the real server in-process (Fastify, REST SSE route, chat
// service, database, offline provider) and a client in a child process, so the memory figures are the server's.
//  1. Burst: BENCH_BURST sends (default 500) started at once, 15 per user (under the per-user limit of 20 a
//     minute, which stays on), each in its own chat: do all complete, and how long until each first token?
//  2. Open streams: BENCH_OPEN sends (default 2000) at once with a slow model (BENCH_OPEN_CHUNK_DELAY_MS per chunk,
//     default 400), so all are open together: peak memory of the server process, errors.
// BENCH_CHUNK_DELAY_MS is the burst's model pace (12, the offline default). TEST_DATABASE_URL=… runs on
// PostgreSQL (REDIS_URL=… adds Redis); otherwise the embedded PGlite, with its files on disk under the
// benchmark's DATA_DIR as `npm start` keeps them (BENCH_PGLITE_MEMORY=1: in memory, as the tests run it, where
// the whole database and its WAL count in the server's RSS).
// For finding where the burst's time goes: BENCH_PAUSE_AFTER_FIRST_MS=4000 makes the burst's model pause that long
// after its first chunk (the sends' start path alone, no stream work while they start); BENCH_START_HOLD_MS sets
// how long streams are held while sends start (0: off; start-gate.ts). Besides the server's CPU the burst reports
// the CPU of the database, Redis and the client processes until every first token: they share the same cores.
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { DEFAULT_STREAM_COALESCE_MS, testConfig } from '@app/api';
import { createSignedInUser } from '@app/api/testing';
import { DEFAULT_POOL_SIZE, openDatabase } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { buildServer } from '../apps/server/src/app.js';
import { createOfflineProvider } from '../packages/api/src/services/llm/offline.js';
import { createStartGate } from '../packages/api/src/services/conversation/start-gate.js';

const burst = Number(process.env.BENCH_BURST ?? 500);
const open = Number(process.env.BENCH_OPEN ?? 2000);
const burstDelayMs = Number(process.env.BENCH_CHUNK_DELAY_MS ?? 12);
const openDelayMs = Number(process.env.BENCH_OPEN_CHUNK_DELAY_MS ?? 400);
const SENDS_PER_USER = 15;

const pct = (xs: number[], p: number) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};
const ms = (x: number) => (Number.isFinite(x) ? `${Math.round(x)} ms` : '—');
const mb = (x: number) => `${Math.round(x / 1024 / 1024)} MB`;

interface SendResult {
  /** From the client's call to the first content event. */
  ttft: number;
  /** From the request written to the socket to the first content event. */
  ttfs: number;
  outcome: string;
}

/** CPU milliseconds so far of the client and of the local PostgreSQL and Redis servers (from /proc). */
function cpuByProcess(clientPid: number | undefined): Record<string, number> {
  const out: Record<string, number> = { postgres: 0, redis: 0, client: 0 };
  const tick = 1000 / 100; // USER_HZ
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const key =
      Number(pid) === clientPid
        ? 'client'
        : name.startsWith('postgres')
          ? 'postgres'
          : name.startsWith('redis')
            ? 'redis'
            : undefined;
    // utime and stime, fields 14 and 15 of /proc/<pid>/stat.
    if (key) out[key]! += (Number(fields[11]) + Number(fields[12])) * tick;
  }
  return out;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-streams-'));
  // The app's own pool size (tests use a smaller one); BENCH_POOL_SIZE tries another.
  const poolSize = Number(process.env.BENCH_POOL_SIZE ?? DEFAULT_POOL_SIZE);
  const database =
    process.env.TEST_DATABASE_URL || process.env.BENCH_PGLITE_MEMORY === '1'
      ? await createTestDatabase({ poolSize })
      : await openDatabase({ dataDir: path.join(dataDir, 'db') });
  // Usage-log entries buffered and streamed deltas joined as in production (tests write each entry before the
  // call returns and send each delta); STREAM_COALESCE_MS=0 measures without joining.
  const base = testConfig({ dataDir, logLevel: 'silent' });
  const config = {
    ...base,
    usageLog: { ...base.usageLog, flushMs: 1000 },
    streamCoalesceMs: Number(process.env.STREAM_COALESCE_MS ?? DEFAULT_STREAM_COALESCE_MS),
  };
  const { app, services } = await buildServer({ config, db: database.prisma, logger: false });
  if (process.env.BENCH_START_HOLD_MS !== undefined)
    Object.assign(services.conversationStreams, {
      starts: createStartGate(Number(process.env.BENCH_START_HOLD_MS)),
    });
  // Why sends failed (the server runs with logging off): the first few warnings and errors.
  const serverErrors = new Set<string>();
  const note = (obj: { err?: unknown }, msg?: string) => {
    if (serverErrors.size >= 5) return;
    const e = obj?.err as { name?: string; code?: string; message?: string } | undefined;
    serverErrors.add(
      `${msg}: ${e?.name ?? ''} ${e?.code ?? ''} ${e?.message?.trim().split('\n').at(-1)?.slice(0, 300) ?? ''}`,
    );
  };
  services.log = Object.assign(Object.create(services.log), { warn: note, error: note });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const dbKind = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)';
  console.log(
    `streams benchmark — ${dbKind}${config.redisUrl ? ' + Redis' : ''}, Node ${process.version}, load average ${(
      await import('node:os')
    )
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );

  /** Users (15 sends each) and one chat per send. */
  async function clientsFor(n: number, tag: string) {
    const clients: { token: string; sessionId: string; message: string }[] = [];
    for (let i = 0; i < n; i += SENDS_PER_USER) {
      const u = await createSignedInUser(services, { plan: 'team', messageLimit: 10_000_000 });
      for (let j = i; j < Math.min(n, i + SENDS_PER_USER); j++) {
        const s = await services.db.chatSession.create({ data: { userId: u.user.id } });
        clients.push({
          token: u.accessToken,
          sessionId: s.id,
          message: `${tag} ${j}: create a learning plan for new team leaders`,
        });
      }
    }
    return clients;
  }

  /** Starts every send at once from a child process; samples the server's memory meanwhile. */
  async function run(clients: { token: string; sessionId: string; message: string }[]) {
    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    let rssAllOpen = NaN;
    // The server's CPU (this process: main thread and V8's helpers) from the start until every first token: on a
    // shared 2-core machine steadier than the wall-clock percentiles, for A/B comparisons.
    let cpuAllOpenMs = NaN;
    const cpu0 = process.cpuUsage();
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 100);
    const othersAtStart = cpuByProcess(undefined);
    let cpuOthersMs: Record<string, number> = {};
    const child = fork(new URL('./streams-client.mjs', import.meta.url), { stdio: 'inherit' });
    const started = performance.now();
    const results: SendResult[] = await new Promise((resolve, reject) => {
      child.on('message', (m: { allFirstTokens?: boolean; results?: SendResult[] }) => {
        if (m.allFirstTokens) {
          rssAllOpen = process.memoryUsage().rss;
          const c = process.cpuUsage(cpu0);
          const now = cpuByProcess(child.pid);
          // The client started after othersAtStart: all of its CPU counts (its start-up included).
          cpuOthersMs = {
            postgres: now.postgres! - othersAtStart.postgres!,
            redis: now.redis! - othersAtStart.redis!,
            client: now.client!,
          };
          cpuAllOpenMs = (c.user + c.system) / 1000;
        }
        if (m.results) resolve(m.results);
      });
      child.once('error', reject);
      child.send({ port, clients });
    });
    clearInterval(sample);
    const failures = results.filter((r) => r.outcome !== 'ok');
    return {
      results,
      failures,
      elapsedMs: performance.now() - started,
      baseRss: base.rss,
      peakRss,
      peakHeap,
      rssAllOpen,
      cpuAllOpenMs,
      cpuOthersMs,
    };
  }

  const samples = (f: SendResult[]) =>
    [...new Set(f.map((x) => x.outcome))].slice(0, 3).join(' | ') || 'none';

  // Warm-up (JIT, pools): a few sends first, not counted.
  services.llm = createOfflineProvider({ delayMs: 1 });
  await run(await clientsFor(10, 'warm-up'));

  if (burst > 0) {
    services.llm = createOfflineProvider({ delayMs: burstDelayMs });
    const pauseMs = Number(process.env.BENCH_PAUSE_AFTER_FIRST_MS ?? 0);
    if (pauseMs > 0) {
      const model = services.llm;
      services.llm = {
        ...model,
        async *stream(req) {
          let first = true;
          for await (const ev of model.stream(req)) {
            yield ev;
            if (first) await new Promise((r) => setTimeout(r, pauseMs));
            first = false;
          }
        },
      };
    }
    const clients = await clientsFor(burst, 'burst');
    const from = process.uptime();
    const r = await run(clients);
    // For a profile of the burst alone: node --cpu-prof … then bench-http.mjs --analyse --skip <from> --until <to>.
    console.log(
      `(the burst ran from ${from.toFixed(1)} s to ${process.uptime().toFixed(1)} s of the process)`,
    );
    const ttft = r.results.map((x) => x.ttft);
    const ttfs = r.results.map((x) => x.ttfs);
    console.log(
      `| Burst: sends at once | Completed | Time to first token p50 | p99 | max | From request sent p50 | p99 | Server CPU until all first tokens | Took | Failures |`,
    );
    console.log(`|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|`);
    console.log(
      `| ${burst} (model ${burstDelayMs} ms/chunk${pauseMs > 0 ? `, then ${pauseMs} ms pause` : ''}) | ${burst - r.failures.length} | ${ms(pct(ttft, 50))} | ${ms(pct(ttft, 99))} | ${ms(Math.max(...ttft.filter(Number.isFinite)))} | ${ms(pct(ttfs, 50))} | ${ms(pct(ttfs, 99))} | ${ms(r.cpuAllOpenMs)} | ${ms(r.elapsedMs)} | ${samples(r.failures)} |\n`,
    );
    // On PGlite the database's work is the server's own; without Redis there is none.
    const o = r.cpuOthersMs;
    const others = [
      database.kind === 'postgres' ? `PostgreSQL ${ms(o.postgres ?? NaN)}` : undefined,
      config.redisUrl ? `Redis ${ms(o.redis ?? NaN)}` : undefined,
      `client ${ms(o.client ?? NaN)} (its start-up included)`,
    ];
    console.log(`CPU of the other processes until all first tokens: ${others.filter(Boolean).join(', ')}\n`);
  }
  if (open > 0) {
    services.llm = createOfflineProvider({ delayMs: openDelayMs });
    const r = await run(await clientsFor(open, 'open'));
    console.log(
      `| Open streams | Completed | All open at once | Server RSS before | when all open | peak | Peak heap | Failures |`,
    );
    console.log(`|---:|---:|---|---:|---:|---:|---:|---|`);
    console.log(
      `| ${open} (model ${openDelayMs} ms/chunk) | ${open - r.failures.length} | ${Number.isFinite(r.rssAllOpen) ? 'yes' : 'no'} | ${mb(r.baseRss)} | ${Number.isFinite(r.rssAllOpen) ? mb(r.rssAllOpen) : '—'} | ${mb(r.peakRss)} | ${mb(r.peakHeap)} | ${samples(r.failures)} |`,
    );
  }
  if (serverErrors.size) console.log(`\nserver: ${[...serverErrors].join('\n        ')}`);
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
