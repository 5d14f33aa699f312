// One Vitest run for the whole repository, its tests named by what they cost (CONTRIBUTING.md):
// - unit:        `*.test.ts` in the server packages — no database, no server, no network; may not open a database
//                (createTestDatabase throws there);
// - web, web-ui: the web app's and the UI kit's component tests (happy-dom where a file asks for it);
// - integration: `*.db.test.ts` (a fresh database per file: a copy of one migrated template) and `*.int.test.ts`
//                (no database, but a server, a child process, loopback network, Redis or the S3 simulator).
// `npm run test:unit` runs the first three, `npm run test:integration` the last; `npm test` runs all of them.
import { defineConfig } from 'vitest/config';

const serverPackages = ['packages/api', 'packages/db', 'apps/server'];
const integrationFiles = ['**/*.db.test.ts', '**/*.int.test.ts'];

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    projects: [
      {
        test: {
          name: 'unit',
          include: serverPackages.flatMap((p) => [`${p}/src/**/*.test.ts`, `${p}/*.test.ts`]),
          exclude: ['**/node_modules/**', ...integrationFiles],
          env: { LND_TEST_NO_DATABASE: '1' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        root: './apps/web',
        test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], env: { LND_TEST_NO_DATABASE: '1' } },
      },
      {
        root: './packages/ui',
        test: { name: 'web-ui', include: ['src/**/*.test.{ts,tsx}'], env: { LND_TEST_NO_DATABASE: '1' } },
      },
      {
        test: {
          name: 'integration',
          include: serverPackages.flatMap((p) =>
            integrationFiles.map((f) => `${p}/${f.replace('**/', 'src/**/')}`),
          ),
          globalSetup: ['./packages/db/src/testing-global-setup.ts'],
          // Most of an integration file's time is waiting (a database, a child process, a timer): on 2 cores three
          // files at once finish sooner than two, and PGlite runs inside each worker.
          maxWorkers: Number(process.env.VITEST_INTEGRATION_WORKERS ?? 3),
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
