#!/usr/bin/env node
// npm test: typecheck, lint, unit/API tests (vitest per package), then build and the Playwright suite.
// With TEST_DATABASE_URL the API and e2e tests run on that PostgreSQL; otherwise on embedded PGlite.
// Output is streamed as it comes and also scanned for the runners' summaries, so the last line counts
// every test of the run ("tests: N passed, N failed, N skipped").
import { spawn } from 'node:child_process';

const steps = [
  ['typecheck', 'npx', ['turbo', 'run', 'typecheck', '--output-logs=errors-only']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['unit and API tests', 'npx', ['turbo', 'run', 'test', '--concurrency=1', '--output-logs=full']],
  ['build', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only']],
  ['e2e (Playwright, Chromium)', 'npm', ['run', 'e2e', '-w', 'e2e']],
];

const totals = { passed: 0, failed: 0, skipped: 0 };
// eslint-disable-next-line no-control-regex
const ansi = /\x1b\[[0-9;]*m/g;

/** Adds the counts of one summary line of vitest ("Tests  3 passed | 1 skipped (4)") or Playwright ("  82 passed (3.6m)"). */
function countSummary(rawLine) {
  const line = rawLine.replace(ansi, '').replace(/^@app\/[\w-]+:test:\s*/, '');
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
  if (vitest) {
    for (const m of vitest[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g)) {
      totals[m[2] === 'todo' ? 'skipped' : m[2]] += Number(m[1]);
    }
    return;
  }
  const pw = /^\s{2}(\d+) (passed|failed|skipped|flaky|did not run|interrupted)\b/.exec(line);
  if (pw) {
    const kind =
      { passed: 'passed', flaky: 'passed', skipped: 'skipped', 'did not run': 'skipped' }[pw[2]] ?? 'failed';
    totals[kind] += Number(pw[1]);
  }
}

function run(cmd, args, scan) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'pipe'], env: process.env });
    let rest = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (!scan) return;
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      lines.forEach(countSummary);
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('close', (code) => {
      if (scan && rest) countSummary(rest);
      resolve(code === 0);
    });
  });
}

const only = process.argv.slice(2);
const t0 = Date.now();
let passed = 0;
let failed = 0;
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const t = Date.now();
  const ok = await run(cmd, args, name.startsWith('unit') || name.startsWith('e2e'));
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - t) / 1000).toFixed(0)} s) ===`);
  if (ok) passed++;
  else {
    failed++;
    break;
  }
}
console.log(
  `\nsteps: ${passed} ok, ${failed} failed (${((Date.now() - t0) / 1000).toFixed(0)} s, database: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
);
// A failed step with no failed test (typecheck, lint, build) still counts as a failure on the last line.
if (failed && totals.failed === 0) totals.failed = 1;
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);
