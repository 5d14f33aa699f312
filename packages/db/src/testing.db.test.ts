// The statement log (openStatementLog) of the tests that count round trips: its close() must leave no connection
// behind. pg-pool's end() resolves before its clients' sockets close, and a test database dropped right after
// (`DROP DATABASE … WITH (FORCE)`) then terminated a still-open one: its error reached the pool, which had no
// error listener, and ended the test run with an uncaught exception (seen once on PostgreSQL).
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { STATEMENT_LOG_APP_NAME, createTestDatabase, openStatementLog } from './testing.js';

describe.runIf(process.env.TEST_DATABASE_URL)('openStatementLog on PostgreSQL', () => {
  it('close() resolves once its connections have ended', async () => {
    const database = await createTestDatabase();
    const admin = new pg.Client({ connectionString: database.connectionString });
    await admin.connect();
    try {
      for (let round = 0; round < 20; round++) {
        const logged = await openStatementLog(database, 2);
        await Promise.all([logged.db.$queryRaw`SELECT 1`, logged.db.$queryRaw`SELECT 2`]);
        await logged.close();
        const { rows } = await admin.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
          [STATEMENT_LOG_APP_NAME],
        );
        expect(rows[0]!.n).toBe(0);
      }
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
