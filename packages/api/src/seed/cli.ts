// npm run db:seed: development data in DATABASE_URL, or in the embedded database under DATA_DIR.
import path from 'node:path';
import { openDatabase } from '@app/db';
import { SEED_PASSWORD, seedDevelopmentData } from './dev-seed.js';

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
  const { created } = await seedDevelopmentData(db.prisma);
  console.log(`seeded ${created} users (password for all: ${SEED_PASSWORD}; admin: admin@example.com)`);
} finally {
  await db.close();
}
