// `prisma generate` without network: the CLI insists on a schema-engine binary it would download,
// but generation does not use it, so point it at any existing file.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
const cwd = fileURLToPath(new URL('..', import.meta.url));
const r = spawnSync(
  process.execPath,
  [fileURLToPath(import.meta.resolve('prisma/build/index.js')), 'generate'],
  {
    cwd,
    env,
    stdio: 'inherit',
  },
);
process.exit(r.status ?? 1);
