// npm run logs:rebuild-rollups: recomputes the usage-log rollups (per day, action, status; platform and
// workspaces) from the log, in DATABASE_URL or the embedded database under DATA_DIR. Needed only after a restore
// or a bulk load that bypassed the log's triggers; rows the app writes keep them right.
import path from 'node:path';
import { openDatabase } from '@app/db';
import { rebuildUsageRollups } from '../services/usage/usage-rollups.js';

const dataDir = path.resolve(
  process.env.DATA_DIR ?? path.resolve(process.env.INIT_CWD ?? process.cwd(), 'data'),
  'db',
);
const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir,
  log: console.log,
});
try {
  const started = Date.now();
  const { rows, entries } = await rebuildUsageRollups(db.prisma);
  console.log(`usage rollups rebuilt: ${rows} rows for ${entries} log entries in ${Date.now() - started} ms`);
} finally {
  await db.close();
}
