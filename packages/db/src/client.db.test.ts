import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from './client.js';
import { MemorySocket } from './memory-socket.js';
import { Prisma } from './generated/prisma/client.js';
import { MAX_PREPARED, poolSql, sqlOf } from './sql.js';
import { readMigrationList } from './migrations.js';
import { pgliteTemplate } from './testing.js';

/**
 * A migrated database without migrating it here: TEST_DATABASE_URL as it is, or an embedded one loaded from the
 * run's migrated template (initdb and every migration per test took most of this file's 107 s). The on-disk test
 * below still opens PGlite the way the app does: initdb and every migration, then a restart.
 */
async function existing() {
  return process.env.TEST_DATABASE_URL
    ? { databaseUrl: process.env.TEST_DATABASE_URL, migrate: false }
    : { loadDataDir: await pgliteTemplate(), migrate: false };
}

describe('openDatabase', () => {
  it('on PGlite, its pool reaches the embedded server through an in-memory connection', async () => {
    const connects = vi.spyOn(MemorySocket.prototype, 'connect');
    const db = await openDatabase({ loadDataDir: await pgliteTemplate(), migrate: false });
    try {
      expect(await sqlOf(db.prisma).query(Prisma.sql`SELECT ${1}::int AS one`)).toEqual([{ one: 1 }]);
      expect(await db.prisma.user.count()).toBe(0);
      expect(connects).toHaveBeenCalledTimes(1);
    } finally {
      connects.mockRestore();
      await db.close();
    }
  });

  // Under a burst (500 sends at once on a pool of 10, or PGlite's single connection) a send's transaction can wait
  // longer than Prisma's default 2 s for a connection; it must wait its turn, not fail the send with P2028 'Unable
  // to start a transaction in the given time' (148 of 500 sends in `npm run bench:streams` before this).
  it('30 transactions queued on one connection all finish (the last waits about 3 s)', async () => {
    const db = await openDatabase({
      ...(await existing()),
      poolSize: 1,
    });
    try {
      const all = await Promise.allSettled(
        Array.from({ length: 30 }, () =>
          db.prisma.$transaction([
            db.prisma.$executeRaw`SELECT pg_sleep(0.1)`,
            db.prisma.$queryRaw`SELECT 1 AS one`,
          ]),
        ),
      );
      expect(
        all.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
      ).toEqual([]);
    } finally {
      await db.close();
    }
  }, 60_000);

  // initdb and every migration as the app's first start does: ~5 s alone, minutes beside other workers on 2 cores.
  it('keeps embedded data on disk across restarts', { timeout: 240_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lnd-db-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.prisma.user.create({
        data: { email: 'keep@example.com', passwordHash: 'h', firstName: 'K' },
      });
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      expect(await second.prisma.user.count({ where: { email: 'keep@example.com' } })).toBe(1);
      expect(await second.prisma.plan.count()).toBe(3);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'two instances starting at once on one PostgreSQL both come up',
    async () => {
      const base = process.env.TEST_DATABASE_URL!;
      const name = `race_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      try {
        const url = new URL(base);
        url.pathname = `/${name}`;
        const applied: string[][] = [];
        const [a, b] = await Promise.all(
          [0, 1].map(() => openDatabase({ databaseUrl: url.toString(), log: (m) => applied.push([m]) })),
        );
        expect(await a!.prisma.plan.count()).toBe(3);
        expect(await b!.prisma.plan.count()).toBe(3);
        const rows = await a!.prisma.$queryRaw<
          { n: number }[]
        >`SELECT count(*)::int AS n FROM _prisma_migrations`;
        expect(rows[0]!.n).toBe((await readMigrationList()).migrationDirectories.length);
        expect(applied).toHaveLength(1); // only one of the two applied anything
        await a!.close();
        await b!.close();
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});

describe('the direct SQL path', () => {
  // Prisma and the direct path (sql.ts) share one pool; an idle connection the server ends emits 'error' on that
  // pool, which crashed the process while no listener was attached (seen when a benchmark dropped its database).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'an idle connection ended by the server is logged, and the next statement runs on a new one',
    async () => {
      const logged: string[] = [];
      const db = await openDatabase({
        databaseUrl: process.env.TEST_DATABASE_URL,
        migrate: false,
        poolSize: 1,
        log: (m) => logged.push(m),
      });
      try {
        const sql = sqlOf(db.prisma);
        const [{ pid }] = await sql.query<{ pid: number }>(Prisma.sql`SELECT pg_backend_pid() AS pid`);
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        await admin.end();
        await expect.poll(() => logged.some((m) => m.startsWith('database connection lost'))).toBe(true);
        const [{ one }] = await sql.query<{ one: number }>(Prisma.sql`SELECT 1 AS one`);
        expect(one).toBe(1);
      } finally {
        await db.close();
      }
    },
  );

  // Planning was most of PostgreSQL's work for the hot path's statements (issue 15): they run prepared, once
  // parsed per connection, with a bounded number of names, and a plan that a migration made stale is replaced.
  const onePooled = async () =>
    openDatabase({
      ...(await existing()),
      poolSize: 1,
    });
  const prepared = (db: { prisma: object }) =>
    sqlOf(db.prisma).query<{ statement: string }>(
      Prisma.sql`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'app_sql_%'`,
    );

  it('runs each statement text prepared (parsed once per connection)', async () => {
    const db = await onePooled();
    try {
      const sql = sqlOf(db.prisma);
      for (let i = 0; i < 3; i++) {
        const [row] = await sql.query<{ n: number }>(Prisma.sql`SELECT ${i}::int + 1 AS n`);
        expect(row!.n).toBe(i + 1);
      }
      const texts = (await prepared(db)).map((r) => r.statement);
      expect(texts.filter((t) => t === 'SELECT $1::int + 1 AS n')).toHaveLength(1);
      // Unless asked not to (nothing to plan).
      await sql.query(Prisma.sql`SELECT 2 AS unprepared`, { prepare: false });
      expect((await prepared(db)).map((r) => r.statement)).not.toContain('SELECT 2 AS unprepared');
    } finally {
      await db.close();
    }
  });

  it('hands pg a Query of its own with the name, not a config object for pg to copy', async () => {
    const db = await onePooled();
    const submitted = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const [row] = await sqlOf(db.prisma).query<{ n: number }>(Prisma.sql`SELECT ${41}::int + 1 AS n`);
      expect(row!.n).toBe(42);
      const named = submitted.mock.calls
        .map((c) => c[0] as unknown as object)
        .filter((q) => q instanceof pg.Query);
      expect(named).toHaveLength(1);
      expect(named[0]).toMatchObject({
        name: expect.stringMatching(/^app_sql_/),
        text: 'SELECT $1::int + 1 AS n',
      });
      await expect(sqlOf(db.prisma).query(Prisma.sql`SELECT ${1}::int / 0`)).rejects.toMatchObject({
        code: '22012',
      });
    } finally {
      submitted.mockRestore();
      await db.close();
    }
  });

  it(`prepares at most ${MAX_PREPARED} texts; others run unnamed`, async () => {
    const db = await onePooled();
    try {
      const sql = sqlOf(db.prisma);
      for (let i = 0; i < MAX_PREPARED + 20; i++) {
        const [row] = await sql.query<{ n: number }>(Prisma.sql`SELECT ${Prisma.raw(String(i))}::int AS n`);
        expect(row!.n).toBe(i);
      }
      // The list query itself may be one of the named ones.
      expect((await prepared(db)).length).toBeLessThanOrEqual(MAX_PREPARED);
    } finally {
      await db.close();
    }
  });

  it('a statement whose table gained a column since it was prepared runs again under a new name', async () => {
    const db = await onePooled();
    // A real table, not a temporary one: Prisma's statements may run on another connection than the direct path's.
    const table = `stale_plan_probe_${process.pid}_${Date.now()}`;
    try {
      const sql = sqlOf(db.prisma);
      await db.prisma.$executeRawUnsafe(`CREATE TABLE "${table}" (a int)`);
      await db.prisma.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (1)`);
      const read = () =>
        sql.query<Record<string, number | null>>(Prisma.sql`SELECT * FROM ${Prisma.raw(`"${table}"`)}`);
      expect(await read()).toEqual([{ a: 1 }]);
      await db.prisma.$executeRawUnsafe(`ALTER TABLE "${table}" ADD COLUMN b int`);
      expect(await read()).toEqual([{ a: 1, b: null }]);
      expect(await read()).toEqual([{ a: 1, b: null }]);
    } finally {
      await db.prisma.$executeRawUnsafe(`DROP TABLE IF EXISTS "${table}"`);
      await db.close();
    }
  });

  it('a statement that failed as it ran runs again', async () => {
    const db = await onePooled();
    try {
      const sql = sqlOf(db.prisma);
      const divide = (d: number) => sql.query<{ q: number }>(Prisma.sql`SELECT 12 / ${d}::int AS q`);
      await expect(divide(0)).rejects.toMatchObject({ code: '22012' });
      expect(await divide(4)).toEqual([{ q: 3 }]);
      expect(await divide(3)).toEqual([{ q: 4 }]);
    } finally {
      await db.close();
    }
  });

  it('statements that fail as they run, mixed with others at once, never break the ones that follow', async () => {
    const db = await openDatabase(await existing());
    try {
      const sql = sqlOf(db.prisma);
      const runs = Array.from({ length: 200 }, (_, i) => {
        const d = i % 3 === 0 ? 0 : 1;
        const kind = i % 5;
        return sql
          .query<{ q: number }>(Prisma.sql`SELECT ${Prisma.raw(String(kind))} + 12 / ${d}::int AS q`)
          .then(
            (rows) => (d === 0 ? 'unexpected' : rows[0]!.q === kind + 12 ? 'ok' : 'wrong'),
            (err: { code?: string }) => (d === 0 && err.code === '22012' ? 'ok' : `failed ${err.code}`),
          );
      });
      const outcomes = await Promise.all(runs);
      expect(outcomes.filter((o) => o !== 'ok')).toEqual([]);
    } finally {
      await db.close();
    }
  });

  // pg's pool.query threw a connection away after any failed statement: a reconnect and every plan it held lost
  // (and on PGlite, whose connections share one session, the next found the old names taken: 42P05).
  it('a statement the server refuses keeps its connection and the statements it prepared', async () => {
    const db = await onePooled();
    try {
      const sql = sqlOf(db.prisma);
      const pid = async () =>
        (await sql.query<{ pid: number }>(Prisma.sql`SELECT pg_backend_pid() AS pid`))[0]!.pid;
      const before = await pid();
      const named = (await prepared(db)).length;
      await expect(sql.query(Prisma.sql`SELECT 1 / 0 AS never`)).rejects.toMatchObject({ code: '22012' });
      expect(await pid()).toBe(before);
      expect((await prepared(db)).length).toBe(named + 1);
    } finally {
      await db.close();
    }
  });

  it('two pools on one database (one PGlite session) never share a statement name', async () => {
    const db = await onePooled();
    const other = new pg.Pool({ connectionString: db.connectionString, max: 1 });
    try {
      const mine = sqlOf(db.prisma);
      const theirs = poolSql(other);
      for (let i = 0; i < 3; i++) {
        expect(await mine.query(Prisma.sql`SELECT ${i}::int AS n`)).toEqual([{ n: i }]);
        expect(await theirs.query(Prisma.sql`SELECT ${i}::int * 2 AS n`)).toEqual([{ n: i * 2 }]);
      }
    } finally {
      await other.end();
      await db.close();
    }
  });

  it('a transaction client runs its statements through Prisma, inside the transaction', async () => {
    const db = await openDatabase(await existing());
    try {
      const pids = await db.prisma.$transaction(async (tx) => {
        const [inside] = await sqlOf(tx).query<{ pid: number }>(Prisma.sql`SELECT pg_backend_pid() AS pid`);
        const [txid] = await sqlOf(tx).query<{ id: string }>(Prisma.sql`SELECT txid_current()::text AS id`);
        const [again] = await tx.$queryRaw<{ id: string }[]>`SELECT txid_current()::text AS id`;
        return { inside, same: txid!.id === again!.id };
      });
      expect(pids.same).toBe(true);
      expect(sqlOf(db.prisma)).not.toBe(sqlOf({}));
    } finally {
      await db.close();
    }
  });
});
