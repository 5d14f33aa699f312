import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { readMigrationList } from './migrations.js';

describe('openDatabase', () => {
  it('keeps embedded data on disk across restarts', async () => {
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
