#!/usr/bin/env node
// npm run bench — runs the chat streaming benchmark in bench/ (not part of npm test); `npm run bench:streams`
// (bench/streams-bench.ts: a burst of sends at once, and memory with thousands of open streams) takes its
// options from its header. Options of the chat benchmark via environment:
//   BENCH_CONCURRENCY=1,10,50,100  concurrent streaming sends (zero think time)
//   BENCH_DURATION_S=10            seconds per concurrency level
//   BENCH_CHUNK_DELAY_MS=12        the offline provider's pause between chunks (its default)
//   TEST_DATABASE_URL=…            run on PostgreSQL instead of the embedded PGlite; REDIS_URL=… for Redis
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [first, ...rest] = process.argv.slice(2);
const file = first === 'streams' ? 'bench/streams-bench.ts' : 'bench/chat-bench.ts';
const args = first === 'streams' ? rest : process.argv.slice(2);
// The server runs from source here: trpc-fast-spread.mjs gives it the production bundle's tRPC.
const hooks = path.join(root, 'bench/trpc-fast-spread.mjs');
// The server runs in the benchmark's process, with the V8 flags `npm start` gives it.
const nodeArgs = [
  ...SERVER_NODE_FLAGS,
  '--expose-gc',
  '--import',
  'tsx',
  '--import',
  hooks,
  path.join(root, file),
  ...args,
];
const r = spawnSync(process.execPath, nodeArgs, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'test' },
});
process.exit(r.status ?? 1);
