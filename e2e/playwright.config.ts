// E2E: builds are made by `npm test` before this runs; global-setup starts the real server twice on free ports,
// each with a temporary DATA_DIR (and a fresh PostgreSQL database when TEST_DATABASE_URL is set): one whose
// offline model streams without pauses, and one at its production pace for the specs tagged @paced.
// Two workers: every test makes its own users (support/users.ts), so files run side by side; the tests of one
// file run in order. Screenshot-only specs (`*-screenshots.spec.ts`) are not part of the gate: `npm run shots`.
import { defineConfig } from '@playwright/test';
import { chromiumPath } from './support/browser';

const shots = Boolean(process.env.SHOTS);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // At most one retry (in CI); a test that passes on it is reported as flaky and listed by `npm test`.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: shots
    ? [
        {
          name: 'shots',
          testMatch: /-screenshots\.spec\.ts$/,
          use: { baseURL: process.env.E2E_PACED_BASE_URL },
        },
      ]
    : [
        {
          name: 'fast',
          testIgnore: /-screenshots\.spec\.ts$/,
          grepInvert: /@paced/,
          use: { baseURL: process.env.E2E_BASE_URL },
        },
        {
          name: 'paced',
          testIgnore: /-screenshots\.spec\.ts$/,
          grep: /@paced/,
          use: { baseURL: process.env.E2E_PACED_BASE_URL },
        },
      ],
  use: {
    // A trace only on the retry of a failed test (CI retries once): recording one for every test, to keep it only
    // on failure, cost a fifth of the suite's time (a11y and public pages: 121 s against 96 s without).
    // `npx playwright test --trace on` records them all when you need one locally.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
