// COPY on a test database (issue 40). On PostgreSQL: a one-column query's values come back in order, a COPY
// stopped early is cancelled on the server and its connection is not reused, and past MAX_COPIES at once the
// runner answers null (the caller's other path). On PGlite no COPY path is attached: its one connection would be
// held from every other request for the whole export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Prisma } from './generated/prisma/client.js';
import { copyOf, MAX_COPIES, type CopyRunner } from './copy-out.js';
import { createTestDatabase } from './testing.js';
import type { Database } from './client.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const series = (n: number) =>
  Prisma.sql`SELECT 'row ' || g || ${" it's"} || E'\r\n' FROM generate_series(1, ${n}::int) g ORDER BY g`;

async function activeCopies(): Promise<number> {
  const c = new pg.Client({ connectionString: database.connectionString });
  await c.connect();
  try {
    const r = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'COPY (%'`,
    );
    return r.rows[0]!.n;
  } finally {
    await c.end();
  }
}

describe('COPY path', () => {
  it('is attached on PostgreSQL only', () => {
    expect(copyOf(database.prisma) !== undefined).toBe(database.kind === 'postgres');
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    const runner = () => copyOf(database.prisma) as CopyRunner;

    it('gives the values in order, every row once', async () => {
      let text = '';
      let rows = 0;
      for await (const b of runner().lines(series(50_000))!) {
        text += b.bytes.toString('utf8');
        rows += b.rows;
      }
      expect(rows).toBe(50_000);
      const lines = text.split('\r\n');
      expect(lines[0]).toBe("row 1 it's");
      expect(lines[49_999]).toBe("row 50000 it's");
    });

    it('stopped early, cancels the query on the server and the pool goes on', async () => {
      for await (const b of runner().lines(series(5_000_000))!) {
        expect(b.rows).toBeGreaterThan(0);
        break;
      }
      for (let i = 0; i < 50 && (await activeCopies()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await activeCopies()).toBe(0);
      const [one] = await database.prisma.$queryRaw<{ n: number }[]>(Prisma.sql`SELECT 1::int AS n`);
      expect(one!.n).toBe(1);
    });

    it(`runs at most ${MAX_COPIES} at once; beyond, null until one ends`, async () => {
      const open = Array.from({ length: MAX_COPIES }, () => runner().lines(series(1_000_000))!);
      await Promise.all(open.map((g) => g.next()));
      expect(runner().lines(series(1))).toBeNull();
      await Promise.all(open.map((g) => g.return(undefined)));
      const again = runner().lines(series(1));
      expect(again).not.toBeNull();
      for await (const b of again!) expect(b.bytes.toString()).toBe("row 1 it's\r\n");
    });
  });
});
