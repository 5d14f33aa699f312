// Bundles the server and the workspace packages into dist/main.js (and the extraction worker into
// dist/extract-worker.js); npm dependencies stay external.
// prisma/ (schema + migrations) is copied beside the bundle for the migration runner.
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fastSpreadPlugin } from './fast-spread.mjs';

// npm dependencies stay external when Node can resolve them from the bundle's location; one installed
// nested under another workspace (e.g. because of a conflicting peer) is bundled instead.
const fromServer = createRequire(new URL('./package.json', import.meta.url));
const resolvable = (dep) => {
  try {
    fromServer.resolve(`${dep}/package.json`);
    return true;
  } catch {
    try {
      fromServer.resolve(dep);
      return true;
    } catch {
      return false;
    }
  }
};
const external = new Set();
for (const pkg of ['./package.json', '../../packages/api/package.json', '../../packages/db/package.json']) {
  const deps = JSON.parse(readFileSync(new URL(pkg, import.meta.url))).dependencies ?? {};
  for (const d of Object.keys(deps)) if (!d.startsWith('@app/') && resolvable(d)) external.add(d);
}
// @trpc/server is bundled so that its object spreads run natively (fast-spread.mjs).
external.delete('@trpc/server');
// SERVER_OUT lets scripts/e2e-local.sh build into a private folder.
const out = process.env.SERVER_OUT
  ? new URL(`file://${process.env.SERVER_OUT}/`)
  : new URL('./dist/', import.meta.url);
await rm(out, { recursive: true, force: true });
// The text-extraction worker (a piscina worker thread) is its own entry: the server finds it as
// ./extract-worker.js beside main.js (services/files/processing.ts).
await build({
  entryPoints: {
    main: 'src/main.ts',
    'extract-worker': '../../packages/api/src/services/files/extract-worker.ts',
  },
  outdir: out.pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'pino-pretty'],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  plugins: [fastSpreadPlugin],
  logLevel: 'warning',
});
await cp(new URL('../../packages/db/prisma', import.meta.url), new URL('prisma', out), {
  recursive: true,
});
