import { describe, expect, it } from 'vitest';
import { diffSchemaAgainstMigrations, isEmptyDiff } from './migrations.js';
import { startEmbeddedPostgres } from './pglite.js';
import { createTestDatabase } from './testing.js';
import { migrate } from './migrations.js';

describe('migrations', () => {
  it('schema.prisma and the committed migrations agree', async () => {
    const pg = await startEmbeddedPostgres();
    try {
      const sql = await diffSchemaAgainstMigrations(pg.connectionString, () => startEmbeddedPostgres());
      expect(
        isEmptyDiff(sql),
        `schema.prisma has changes with no migration; run npm run db:new-migration <name>:\n${sql}`,
      ).toBe(true);
    } finally {
      await pg.close();
    }
  });

  it('applies each migration once and is safe to run concurrently', async () => {
    const db = await createTestDatabase();
    try {
      // openDatabase already migrated; two more concurrent runs must both succeed and apply nothing.
      const [a, b] = await Promise.all([migrate(db.connectionString), migrate(db.connectionString)]);
      expect(a).toEqual([]);
      expect(b).toEqual([]);
      const rows = await db.prisma.$queryRaw<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL`;
      expect(rows[0]!.n).toBeGreaterThan(0);
      const u = await db.prisma.user.create({
        data: { email: 'x@example.com', passwordHash: 'h', firstName: 'X' },
      });
      expect((await db.prisma.user.findUniqueOrThrow({ where: { id: u.id } })).email).toBe('x@example.com');
    } finally {
      await db.close();
    }
  });
});
