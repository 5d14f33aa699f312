#!/usr/bin/env node
// Gzip size of the JS that `/` loads: the entry chunk, its static imports, and the landing page chunk with
// its static imports (from Vite's manifest). Usage: node scripts/bundle-size.mjs [distDir]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const seen = new Set();
const visit = (key) => {
  const m = manifest[key];
  if (!m || seen.has(m.file)) return;
  seen.add(m.file);
  for (const k of m.imports ?? []) visit(k);
};
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
visit(entry);
visit('src/pages/public/landing.tsx');
let total = 0;
for (const f of seen) {
  const size = gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${f}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip JS for / (budget 180 KB)`);
process.exitCode = total > 180 * 1024 ? 1 : 0;
