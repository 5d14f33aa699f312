#!/usr/bin/env node
// npm run bench — runs the benchmarks in bench/ (not part of npm test). Options via environment:
//   BENCH_CONCURRENCY=1,10,50,100  concurrent streaming sends (zero think time)
//   BENCH_DURATION_S=10            seconds per concurrency level
//   BENCH_CHUNK_DELAY_MS=12        the offline provider's pause between chunks (its default)
//   TEST_DATABASE_URL=…            run on PostgreSQL instead of the embedded PGlite; REDIS_URL=… for Redis
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const r = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'bench/chat-bench.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'test' },
  },
);
process.exit(r.status ?? 1);
