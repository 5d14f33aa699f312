// Rebuilding "UsageRollup" from the log (issue 40). Rows written through "UsageLog" keep the rollups right by
// themselves (its statement triggers); a restore of the log alone or a load that bypassed the triggers needs this:
// `npm run logs:rebuild-rollups`. One transaction: the rollups are locked first, so batches written meanwhile wait
// and add to the rebuilt totals afterwards instead of being counted twice or lost.
import { Prisma, type Db } from '@app/db';

export async function rebuildUsageRollups(db: Db): Promise<{ rows: number; entries: number }> {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw(Prisma.sql`LOCK TABLE "UsageRollup" IN EXCLUSIVE MODE`);
      await tx.$executeRaw(Prisma.sql`DELETE FROM "UsageRollup"`);
      const rows = await tx.$executeRaw(Prisma.sql`
        INSERT INTO "UsageRollup" ("scope", "day", "action", "status", "requests", "usage")
        SELECT e."scope", e."day", e."action", e."status", count(*)::int, COALESCE(sum(e."usage"), 0)::int
        FROM (
          SELECT '' AS "scope", ("timestamp" AT TIME ZONE 'UTC')::date AS "day", "action", "status", "usage"
          FROM "UsageLog"
          UNION ALL
          SELECT "workspaceId", ("timestamp" AT TIME ZONE 'UTC')::date, "action", "status", "usage"
          FROM "UsageLog" WHERE "workspaceId" IS NOT NULL
        ) e
        GROUP BY 1, 2, 3, 4`);
      const [t] = await tx.$queryRaw<{ n: number }[]>(Prisma.sql`
        SELECT COALESCE(sum("requests"), 0)::int AS "n" FROM "UsageRollup" WHERE "scope" = ''`);
      return { rows, entries: t?.n ?? 0 };
    },
    { timeout: 60 * 60_000, maxWait: 60_000 },
  );
}
