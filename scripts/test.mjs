#!/usr/bin/env node
// npm test: typecheck, lint, unit/API tests (vitest per package), then build and the Playwright suite.
// With TEST_DATABASE_URL the API and e2e tests run on that PostgreSQL; otherwise on embedded PGlite.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npx', ['turbo', 'run', 'typecheck', '--output-logs=errors-only']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['unit and API tests', 'npx', ['turbo', 'run', 'test', '--concurrency=1', '--output-logs=full']],
  ['build', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only']],
  ['e2e (Playwright, Chromium)', 'npm', ['run', 'e2e', '-w', 'e2e']],
];
const only = process.argv.slice(2);
const t0 = Date.now();
let passed = 0;
let failed = 0;
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const t = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const ok = r.status === 0;
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - t) / 1000).toFixed(0)} s) ===`);
  if (ok) passed++;
  else {
    failed++;
    break;
  }
}
console.log(
  `\nsteps: ${passed} passed, ${failed} failed (${((Date.now() - t0) / 1000).toFixed(0)} s, database: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
);
process.exit(failed ? 1 : 0);
