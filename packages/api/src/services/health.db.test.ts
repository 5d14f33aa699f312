// The database ping of the health routes: probes asked for in one turn share one statement, and each still waits
// for a round trip that started after it asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@app/db';
import { createTestDatabase, openStatementLog } from '@app/db/testing';
import { pingDatabase } from './health.js';

let database: Database;
let logged: Awaited<ReturnType<typeof openStatementLog>>;
beforeAll(async () => {
  database = await createTestDatabase();
  logged = await openStatementLog(database, 2);
});
afterAll(async () => {
  await logged?.close();
  await database?.close();
});

const pings = () => logged.direct.filter((q) => q === 'SELECT 1').length;

describe('pingDatabase', () => {
  it('answers the pings of one turn with one SELECT 1', async () => {
    logged.direct.length = 0;
    await Promise.all(Array.from({ length: 20 }, () => pingDatabase(logged.db)));
    expect(pings()).toBe(1);
  });

  it('gives a ping asked while a statement is on its way a statement of its own', async () => {
    logged.direct.length = 0;
    const first = pingDatabase(logged.db);
    await new Promise((r) => setImmediate(r)); // the first turn's statement has gone out
    const second = pingDatabase(logged.db);
    await Promise.all([first, second]);
    expect(pings()).toBe(2);
    await pingDatabase(logged.db);
    expect(pings()).toBe(3);
  });

  it("fails every ping of the turn with the statement's error", async () => {
    const broken = await openStatementLog(database, 1);
    await broken.close(); // its pool is ended: the statement fails
    const results = await Promise.allSettled([pingDatabase(broken.db), pingDatabase(broken.db)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
