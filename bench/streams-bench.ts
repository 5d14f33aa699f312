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
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { DEFAULT_STREAM_COALESCE_MS, testConfig } from '@app/api';
import { createSignedInUser } from '@app/api/testing';
import { DEFAULT_POOL_SIZE, openDatabase } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { buildServer } from '../apps/server/src/app.js';
import { createOfflineProvider } from '../packages/api/src/services/llm/offline.js';

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
    let firstTokens = 0;
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
    const child = fork(new URL('./streams-client.mjs', import.meta.url), { stdio: 'inherit' });
    const started = performance.now();
    const results: SendResult[] = await new Promise((resolve, reject) => {
      child.on('message', (m: { firstToken?: boolean; results?: SendResult[] }) => {
        if (m.firstToken && ++firstTokens === clients.length) {
          rssAllOpen = process.memoryUsage().rss;
          const c = process.cpuUsage(cpu0);
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
    };
  }

  const samples = (f: SendResult[]) =>
    [...new Set(f.map((x) => x.outcome))].slice(0, 3).join(' | ') || 'none';

  // Warm-up (JIT, pools): a few sends first, not counted.
  services.llm = createOfflineProvider({ delayMs: 1 });
  await run(await clientsFor(10, 'warm-up'));

  if (burst > 0) {
    services.llm = createOfflineProvider({ delayMs: burstDelayMs });
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
      `| ${burst} (model ${burstDelayMs} ms/chunk) | ${burst - r.failures.length} | ${ms(pct(ttft, 50))} | ${ms(pct(ttft, 99))} | ${ms(Math.max(...ttft.filter(Number.isFinite)))} | ${ms(pct(ttfs, 50))} | ${ms(pct(ttfs, 99))} | ${ms(r.cpuAllOpenMs)} | ${ms(r.elapsedMs)} | ${samples(r.failures)} |\n`,
    );
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
