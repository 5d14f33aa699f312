-- Usage logs that scale (issue 40): "UsageLog" becomes a table partitioned by month on "timestamp", with every
-- existing row copied over, and per-day totals ("UsageRollup") kept by statement triggers. Hand-written: Prisma
-- cannot express partitions (its generated diff was only the new primary key, indexes and the rollup table,
-- which this file also makes). The partitions live in schema "usage_log_parts" so Prisma's schema diff never
-- sees them, the app keeps the coming months' partitions ready (usage_log_ensure_partition) and retention
-- drops whole months. Rows outside every monthly partition land in the DEFAULT partition.

CREATE SCHEMA IF NOT EXISTS "usage_log_parts";

-- The old table steps aside (its index and constraint names are reused by the new one).
ALTER TABLE "UsageLog" RENAME TO "UsageLog_unpartitioned";
ALTER TABLE "UsageLog_unpartitioned" DROP CONSTRAINT "UsageLog_userId_fkey";
ALTER TABLE "UsageLog_unpartitioned" DROP CONSTRAINT "UsageLog_actorId_fkey";
ALTER TABLE "UsageLog_unpartitioned" RENAME CONSTRAINT "UsageLog_pkey" TO "UsageLog_unpartitioned_pkey";
DROP INDEX "UsageLog_action_timestamp_idx";
DROP INDEX "UsageLog_actorId_timestamp_idx";
DROP INDEX "UsageLog_timestamp_idx";
DROP INDEX "UsageLog_userId_timestamp_idx";
DROP INDEX "UsageLog_workspaceId_timestamp_idx";

-- Same columns in the same order. The partition key has to be in the primary key.
CREATE TABLE "UsageLog" (
    "id" TEXT NOT NULL,
    "userId" TEXT,
    "action" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'success',
    "usage" INTEGER NOT NULL DEFAULT 0,
    "details" TEXT,
    "isTest" BOOLEAN NOT NULL DEFAULT false,
    "timestamp" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" TEXT,
    "durationMs" INTEGER,
    "ip" TEXT,
    "procedure" TEXT,
    "workspaceId" TEXT,

    CONSTRAINT "UsageLog_pkey" PRIMARY KEY ("timestamp", "id")
) PARTITION BY RANGE ("timestamp");

CREATE TABLE "usage_log_parts"."UsageLog_default" PARTITION OF "UsageLog" DEFAULT;

-- The partition of the UTC month containing `m` (a no-op when it exists). Rows of that month already in the
-- default partition move into it first (ATTACH refuses while they are there). One caller at a time.
CREATE OR REPLACE FUNCTION "usage_log_ensure_partition"("m" DATE) RETURNS BOOLEAN
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lo TIMESTAMPTZ := date_trunc('month', "m")::TIMESTAMP AT TIME ZONE 'UTC';
  hi TIMESTAMPTZ := (date_trunc('month', "m") + INTERVAL '1 month')::TIMESTAMP AT TIME ZONE 'UTC';
  part TEXT := 'UsageLog_' || to_char("m", 'YYYY_MM');
BEGIN
  PERFORM pg_advisory_xact_lock(723451010);
  IF to_regclass(format('usage_log_parts.%I', part)) IS NOT NULL THEN
    RETURN FALSE;
  END IF;
  EXECUTE format('CREATE TABLE usage_log_parts.%I (LIKE "UsageLog" INCLUDING DEFAULTS)', part);
  -- A DELETE on the partition itself: the rollup triggers (on "UsageLog") do not fire, and must not.
  EXECUTE format(
    'WITH moved AS (DELETE FROM usage_log_parts."UsageLog_default" WHERE "timestamp" >= $1 AND "timestamp" < $2 RETURNING *)
     INSERT INTO usage_log_parts.%I SELECT * FROM moved', part) USING lo, hi;
  EXECUTE format('ALTER TABLE "UsageLog" ATTACH PARTITION usage_log_parts.%I FOR VALUES FROM (%L) TO (%L)',
    part, lo, hi);
  RETURN TRUE;
END
$$;

-- Partitions for the months the old rows cover (at most the last 14, older rows go to the default partition,
-- where retention deletes them), this month and the next two.
SELECT "usage_log_ensure_partition"(m::DATE)
FROM generate_series(
  date_trunc('month', GREATEST(
    COALESCE((SELECT min("timestamp") FROM "UsageLog_unpartitioned"), now()),
    now() - INTERVAL '14 months') AT TIME ZONE 'UTC'),
  date_trunc('month', now() AT TIME ZONE 'UTC') + INTERVAL '2 months',
  INTERVAL '1 month') AS m;

INSERT INTO "UsageLog" ("id", "userId", "action", "endpoint", "status", "usage", "details", "isTest", "timestamp",
                        "actorId", "durationMs", "ip", "procedure", "workspaceId")
SELECT "id", "userId", "action", "endpoint", "status", "usage", "details", "isTest", "timestamp",
       "actorId", "durationMs", "ip", "procedure", "workspaceId"
FROM "UsageLog_unpartitioned";

DROP TABLE "UsageLog_unpartitioned";

-- Each filter's index ends in (timestamp DESC, id DESC): a keyset page is one range of it.
CREATE INDEX "UsageLog_action_timestamp_id_idx" ON "UsageLog"("action", "timestamp" DESC, "id" DESC);
CREATE INDEX "UsageLog_status_timestamp_id_idx" ON "UsageLog"("status", "timestamp" DESC, "id" DESC);
CREATE INDEX "UsageLog_userId_timestamp_id_idx" ON "UsageLog"("userId", "timestamp" DESC, "id" DESC);
CREATE INDEX "UsageLog_actorId_timestamp_id_idx" ON "UsageLog"("actorId", "timestamp" DESC, "id" DESC);
CREATE INDEX "UsageLog_workspaceId_timestamp_id_idx" ON "UsageLog"("workspaceId", "timestamp" DESC, "id" DESC);

ALTER TABLE "UsageLog" ADD CONSTRAINT "UsageLog_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "UsageLog" ADD CONSTRAINT "UsageLog_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "UsageRollup" (
    "scope" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "action" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "usage" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "UsageRollup_pkey" PRIMARY KEY ("scope","day","action","status")
);

-- One upsert per inserted batch (the multi-row INSERT of the logger), rows taken in key order so two batches never
-- wait on rows of each other in opposite orders. Each entry counts for the platform ('') and its workspace.
CREATE OR REPLACE FUNCTION "usage_rollup_add"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "UsageRollup" AS r ("scope", "day", "action", "status", "requests", "usage")
  SELECT e."scope", e."day", e."action", e."status", count(*)::INT, COALESCE(sum(e."usage"), 0)::INT
  FROM (
    SELECT '' AS "scope", ("timestamp" AT TIME ZONE 'UTC')::DATE AS "day", "action", "status", "usage" FROM new_rows
    UNION ALL
    SELECT "workspaceId", ("timestamp" AT TIME ZONE 'UTC')::DATE, "action", "status", "usage" FROM new_rows
    WHERE "workspaceId" IS NOT NULL
  ) e
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("scope", "day", "action", "status")
  DO UPDATE SET "requests" = r."requests" + EXCLUDED."requests", "usage" = r."usage" + EXCLUDED."usage";
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "usage_rollup_subtract"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "UsageRollup" r
  SET "requests" = r."requests" - d."requests", "usage" = r."usage" - d."usage"
  FROM (
    SELECT e."scope", e."day", e."action", e."status", count(*)::INT AS "requests",
           COALESCE(sum(e."usage"), 0)::INT AS "usage"
    FROM (
      SELECT '' AS "scope", ("timestamp" AT TIME ZONE 'UTC')::DATE AS "day", "action", "status", "usage"
      FROM old_rows
      UNION ALL
      SELECT "workspaceId", ("timestamp" AT TIME ZONE 'UTC')::DATE, "action", "status", "usage" FROM old_rows
      WHERE "workspaceId" IS NOT NULL
    ) e
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ) d
  WHERE r."scope" = d."scope" AND r."day" = d."day" AND r."action" = d."action" AND r."status" = d."status";
  DELETE FROM "UsageRollup" WHERE "requests" <= 0;
  RETURN NULL;
END
$$;

CREATE TRIGGER "UsageLog_rollup_add" AFTER INSERT ON "UsageLog"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "usage_rollup_add"();
CREATE TRIGGER "UsageLog_rollup_subtract" AFTER DELETE ON "UsageLog"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "usage_rollup_subtract"();

-- The totals of the rows copied above.
INSERT INTO "UsageRollup" ("scope", "day", "action", "status", "requests", "usage")
SELECT e."scope", e."day", e."action", e."status", count(*)::INT, COALESCE(sum(e."usage"), 0)::INT
FROM (
  SELECT '' AS "scope", ("timestamp" AT TIME ZONE 'UTC')::DATE AS "day", "action", "status", "usage" FROM "UsageLog"
  UNION ALL
  SELECT "workspaceId", ("timestamp" AT TIME ZONE 'UTC')::DATE, "action", "status", "usage" FROM "UsageLog"
  WHERE "workspaceId" IS NOT NULL
) e
GROUP BY 1, 2, 3, 4;
