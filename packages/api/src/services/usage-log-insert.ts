// The usage log's batch write as one prepared statement (issue 15): a burst of 500 sends buffers about as many
// entries, and Prisma's createMany of 100 rows plus its workspace look-up cost the server far more CPU than the
// rows themselves. Here the rows travel as one array per column (`unnest`), so the text is the same for any batch
// size and PostgreSQL plans it once; entries about a team member without a workspace of their own are stamped
// with the member's workspace in the same statement (WorkspaceMember.userId is unique), as the look-up did.
import { randomUUID } from 'node:crypto';
import { Prisma, sqlOf, type Db } from '@app/db';
import type { UsageStatus } from '../schemas/admin.js';

/** A row as it is inserted. */
export interface UsageRow {
  userId: string | null;
  actorId: string | null;
  workspaceId: string | null;
  action: string;
  endpoint: string;
  procedure: string | null;
  status: UsageStatus;
  usage: number;
  durationMs: number | null;
  ip: string | null;
  details: string | null;
  isTest: boolean;
  timestamp: Date;
}

/** Ids like Prisma's cuid(): text, unique, never reused. */
const newUsageId = () => `ul${randomUUID().replace(/-/g, '')}`;

export async function insertUsageRows(db: Db, rows: UsageRow[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof UsageRow>(k: K) => rows.map((r) => r[k]);
  await sqlOf(db).query(Prisma.sql`
    INSERT INTO "UsageLog" ("id", "userId", "actorId", "workspaceId", "action", "endpoint", "procedure", "status",
                            "usage", "durationMs", "ip", "details", "isTest", "timestamp")
    SELECT v."id", v."userId", v."actorId", COALESCE(v."workspaceId", m."workspaceId"), v."action", v."endpoint",
           v."procedure", v."status", v."usage", v."durationMs", v."ip", v."details", v."isTest", v."timestamp"
      FROM unnest(${rows.map(newUsageId)}::text[], ${col('userId')}::text[], ${col('actorId')}::text[],
                  ${col('workspaceId')}::text[], ${col('action')}::text[], ${col('endpoint')}::text[],
                  ${col('procedure')}::text[], ${col('status')}::text[], ${col('usage')}::int[],
                  ${col('durationMs')}::int[], ${col('ip')}::text[], ${col('details')}::text[],
                  ${col('isTest')}::boolean[], ${col('timestamp')}::timestamptz[])
           AS v("id", "userId", "actorId", "workspaceId", "action", "endpoint", "procedure", "status", "usage",
                "durationMs", "ip", "details", "isTest", "timestamp")
      LEFT JOIN "WorkspaceMember" m ON v."workspaceId" IS NULL AND m."userId" = v."userId"`);
}
