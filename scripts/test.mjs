#!/usr/bin/env node
// npm test: typecheck, lint, unit tests, integration tests, build, then the Playwright suite.
// With TEST_DATABASE_URL the integration and e2e tests run on that PostgreSQL; otherwise on embedded PGlite.
// `npm test -- STEP…` runs only the named steps (e.g. `npm test -- unit integration`); `e2e-smoke` is the small
// e2e set that touches every embedded part (CI's first pass). Output is streamed as it comes and scanned for the
// runners' summaries, so the last lines give each step's time and count every test of the run
// ("tests: N passed, N failed, N skipped"); tests that passed only on their retry are listed as flaky above it.
import { spawn } from 'node:child_process';

const vitest = (...projects) => ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
const steps = {
  typecheck: ['npx', ['turbo', 'run', 'typecheck', '--output-logs=errors-only']],
  lint: ['npx', ['eslint', '.', '--max-warnings=0']],
  unit: ['npx', vitest('unit', 'web', 'web-ui')],
  integration: ['npx', vitest('integration')],
  build: ['npx', ['turbo', 'run', 'build', '--output-logs=errors-only']],
  e2e: ['npm', ['run', 'e2e', '-w', 'e2e']],
  'e2e-smoke': ['npm', ['run', 'e2e', '-w', 'e2e', '--', '--grep', '@smoke']],
};
const DEFAULT_STEPS = ['typecheck', 'lint', 'unit', 'integration', 'build', 'e2e'];
const COUNTED = new Set(['unit', 'integration', 'e2e', 'e2e-smoke']);

const totals = { passed: 0, failed: 0, skipped: 0 };
const flaky = [];
// eslint-disable-next-line no-control-regex
const ansi = /\x1b\[[0-9;]*m/g;
let inFlakyList = false;

/** Adds the counts of one summary line of vitest ("Tests  3 passed | 1 skipped (4)") or Playwright ("  82 passed (3.6m)"). */
function countSummary(rawLine) {
  const line = rawLine.replace(ansi, '');
  if (inFlakyList) {
    // Playwright lists each flaky test under its count: "    [chromium] › file.spec.ts:12:1 › title".
    if (/^\s{4}\S/.test(line)) return void flaky.push(line.trim());
    inFlakyList = false;
  }
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
  if (vitest) {
    for (const m of vitest[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g)) {
      totals[m[2] === 'todo' ? 'skipped' : m[2]] += Number(m[1]);
    }
    return;
  }
  const pw = /^\s{2}(\d+) (passed|failed|skipped|flaky|did not run|interrupted)\b/.exec(line);
  if (pw) {
    // A flaky test passed on its retry: it counts as passed, and is listed by name.
    const kind =
      { passed: 'passed', flaky: 'passed', skipped: 'skipped', 'did not run': 'skipped' }[pw[2]] ?? 'failed';
    totals[kind] += Number(pw[1]);
    if (pw[2] === 'flaky') inFlakyList = true;
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
      inFlakyList = false;
      resolve(code === 0);
    });
  });
}

const asked = process.argv.slice(2);
const unknown = asked.filter((s) => !(s in steps));
if (unknown.length) {
  console.error(`Unknown step ${unknown.join(', ')}; steps: ${Object.keys(steps).join(', ')}`);
  process.exit(2);
}
const t0 = Date.now();
const times = [];
// The Prisma client every step needs (turbo's cache makes this instant when nothing changed).
if (!(await run('npx', ['turbo', 'run', 'db:generate', '--output-logs=errors-only'], false))) process.exit(1);
let failed = false;
/** Steps that run side by side when both are asked for: each leaves a core idle much of its time (typecheck's
 * tsc processes wait on each other, the integration tests on PGlite, child servers and timers), so the pair takes
 * little more than the longer one (measured on 2 cores: lint hides inside typecheck, build inside integration). */
const ALONGSIDE = { typecheck: 'lint', integration: 'build' };
const order = asked.length ? asked : DEFAULT_STEPS;
const groups = [];
for (const name of order) {
  const host = Object.keys(ALONGSIDE).find((h) => ALONGSIDE[h] === name && order.includes(h));
  if (host) continue; // runs with its host below
  const partner = ALONGSIDE[name];
  groups.push(partner && order.includes(partner) ? [name, partner] : [name]);
}
for (const group of groups) {
  console.log(`\n=== ${group.join(' + ')} ===`);
  const results = await Promise.all(
    group.map(async (name) => {
      const [cmd, args] = steps[name];
      const t = Date.now();
      const ok = await run(cmd, args, COUNTED.has(name));
      const secs = Math.round((Date.now() - t) / 1000);
      times.push(`${name} ${secs} s${ok ? '' : ' (FAILED)'}`);
      console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${secs} s) ===`);
      return ok;
    }),
  );
  if (results.includes(false)) {
    failed = true;
    break;
  }
}
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`\nsteps (${database}): ${times.join(', ')}; total ${Math.round((Date.now() - t0) / 1000)} s`);
if (flaky.length) console.log(`flaky (passed on retry): ${flaky.length}\n  ${flaky.join('\n  ')}`);
// A failed step with no failed test (typecheck, lint, build) still counts as a failure on the last line.
if (failed && totals.failed === 0) totals.failed = 1;
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);
