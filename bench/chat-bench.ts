// Chat streaming benchmark: the real server (Fastify, REST SSE route, chat service, database) with the
// offline provider, N concurrent clients sending streaming messages with zero think time.
// Reports throughput, time to first token and the server's added latency per chunk: the time from the
// provider yielding a chunk to the client receiving it (same machine clock, client in a worker thread).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { testConfig } from '@app/api';
import { createSignedInUser } from '@app/api/testing';
import { createTestDatabase } from '@app/db/testing';
import { buildServer } from '../apps/server/src/app.js';
import { createOfflineProvider } from '../packages/api/src/services/llm/offline.js';
import type { LlmProvider } from '../packages/api/src/services/llm/types.js';

const levels = (process.env.BENCH_CONCURRENCY ?? '1,10,50,100').split(',').map(Number);
const durationMs = Number(process.env.BENCH_DURATION_S ?? 10) * 1000;
const delayMs = Number(process.env.BENCH_CHUNK_DELAY_MS ?? 12);
const now = () => performance.timeOrigin + performance.now();

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 2 : 1)} ms` : '—');

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-bench-'));
  const database = await createTestDatabase();
  const config = testConfig({ dataDir, logLevel: 'silent' });
  const { app, services } = await buildServer({ config, db: database.prisma, logger: false });

  // Emission times per chunk, keyed by the (unique) user message of each send.
  const emitted = new Map<string, number[]>();
  const offline = createOfflineProvider({ delayMs });
  const instrumented: LlmProvider = {
    kind: 'offline',
    generateObject: offline.generateObject.bind(offline),
    model: 'offline',
    async *stream(req) {
      const key = req.messages.at(-1)!.content;
      const times: number[] = [];
      emitted.set(key, times);
      for await (const ev of offline.stream(req)) {
        if (ev.type === 'delta') times.push(now());
        yield ev;
      }
    },
  };
  services.llm = instrumented;
  // Show why a send failed (the server runs with logging off).
  const serverErrors: string[] = [];
  const log = services.log;
  services.log = Object.assign(Object.create(log), {
    warn: (obj: { err?: unknown }, msg?: string) => {
      if (serverErrors.length < 3) {
        const e = obj?.err as { name?: string; code?: string; message?: string } | undefined;
        serverErrors.push(`${msg}: ${e?.name} ${e?.code ?? ''} ${e?.message?.slice(0, 300) ?? String(e)}`);
      }
    },
  });
  // Measure streaming, not the per-user limit of 20 sends a minute.
  services.rateLimiter = { consume: async () => undefined, reset: async () => undefined };

  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const dbKind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)';
  console.log(
    `chat streaming benchmark — ${dbKind}${config.redisUrl ? ' + Redis' : ''}, offline provider ${delayMs} ms/chunk, ${durationMs / 1000} s per level, Node ${process.version}\n`,
  );
  const rows: string[] = [
    '| Concurrent streams | Sends/s | Chunks/s | TTFT p50 | TTFT p99 | Added latency/chunk p50 | p99 | Errors |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];

  for (const [runIndex, n] of levels.entries()) {
    const clients = [];
    for (let i = 0; i < n; i++) {
      const u = await createSignedInUser(services, { plan: 'team', messageLimit: 10_000_000 });
      const s = await services.db.chatSession.create({ data: { userId: u.user.id } });
      clients.push({ index: i, token: u.accessToken, sessionId: s.id });
    }
    emitted.clear();
    const worker = new Worker(new URL('./chat-client.mjs', import.meta.url), {
      workerData: { port, clients, durationMs, runId: runIndex },
    });
    const res: {
      sends: number;
      errors: number;
      ttft: number[];
      chunks: { message: string; arrivals: number[] }[];
      errorSamples: string[];
      elapsedMs: number;
    } = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    const added: number[] = [];
    let chunkCount = 0;
    for (const c of res.chunks) {
      const e = emitted.get(c.message);
      if (!e) continue;
      chunkCount += c.arrivals.length;
      for (let i = 0; i < Math.min(e.length, c.arrivals.length); i++) added.push(c.arrivals[i]! - e[i]!);
    }
    const secs = res.elapsedMs / 1000;
    rows.push(
      `| ${n} | ${(res.sends / secs).toFixed(1)} | ${Math.round(chunkCount / secs)} | ${ms(pct(res.ttft, 50))} | ${ms(pct(res.ttft, 99))} | ${ms(pct(added, 50))} | ${ms(pct(added, 99))} | ${res.errors} |`,
    );
    console.log(rows.at(-1));
    if (res.errorSamples.length) console.log('  errors:', res.errorSamples.join(' | '));
    if (serverErrors.length) console.log('  server:', serverErrors.splice(0).join(' | '));
  }
  console.log(`\n${rows.join('\n')}`);
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
