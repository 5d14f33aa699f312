-- AlterTable
ALTER TABLE "UsageLog" ADD COLUMN     "actorId" TEXT,
ADD COLUMN     "durationMs" INTEGER,
ADD COLUMN     "ip" TEXT,
ADD COLUMN     "procedure" TEXT,
ADD COLUMN     "workspaceId" TEXT;

-- CreateIndex
CREATE INDEX "UsageLog_actorId_timestamp_idx" ON "UsageLog"("actorId", "timestamp" DESC);

-- CreateIndex
CREATE INDEX "UsageLog_workspaceId_timestamp_idx" ON "UsageLog"("workspaceId", "timestamp" DESC);

-- AddForeignKey
ALTER TABLE "UsageLog" ADD CONSTRAINT "UsageLog_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
