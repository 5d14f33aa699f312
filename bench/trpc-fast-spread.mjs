// `node --import ./bench/trpc-fast-spread.mjs …`: the benchmarks run the server from source, so this load hook
// gives them the production bundle's tRPC — its object-spread helper made native (apps/server/fast-spread.mjs) —
// and their figures are those of `npm start`.
import { readFile } from 'node:fs/promises';
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { TRPC_DIST, withFastSpread } from '../apps/server/fast-spread.mjs';

export async function load(url, context, nextLoad) {
  if (!TRPC_DIST.test(url)) return nextLoad(url, context);
  const source = await readFile(fileURLToPath(url), 'utf8');
  return { format: 'module', source: withFastSpread(source, url), shortCircuit: true };
}

// Registered from the main thread; the hooks thread imports this module again for `load`.
if (isMainThread) register(import.meta.url);
