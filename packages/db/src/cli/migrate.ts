// npm run db:migrate: apply pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
import path from 'node:path';
import { openDatabase } from '../client.js';

const dataDir = path.resolve(
  process.env.DATA_DIR ?? path.resolve(process.env.INIT_CWD ?? process.cwd(), 'data'),
  'db',
);
const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir,
  log: (m) => console.log(m),
});
console.log(`database is up to date (${db.kind === 'pglite' ? dataDir : 'DATABASE_URL'})`);
await db.close();
