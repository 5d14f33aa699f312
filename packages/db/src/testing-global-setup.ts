// Vitest global setup of the integration project: makes the migrated PGlite template once, before any worker
// starts, so no two workers make it at the same time (on PostgreSQL the first clone makes its template under a lock).
import { pgliteTemplate } from './testing.js';

export default async function setup() {
  if (!process.env.TEST_DATABASE_URL) await pgliteTemplate();
}
