-- CreateEnum
CREATE TYPE "FileStatus" AS ENUM ('PROCESSING', 'READY', 'FAILED');

-- AlterTable
ALTER TABLE "SessionFile" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "chunkCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "failureReason" TEXT,
ADD COLUMN     "processedAt" TIMESTAMPTZ(3),
ADD COLUMN     "processingAt" TIMESTAMPTZ(3),
ADD COLUMN     "status" "FileStatus" NOT NULL DEFAULT 'PROCESSING',
ADD COLUMN     "textLength" INTEGER,
ADD COLUMN     "textTruncated" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "FileChunk" (
    "id" TEXT NOT NULL,
    "fileId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "startOffset" INTEGER NOT NULL,
    "endOffset" INTEGER NOT NULL,
    -- Hand-edited: Prisma cannot express generated columns (schema.prisma has Unsupported("tsvector")?).
    "tsv" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "text")) STORED,

    CONSTRAINT "FileChunk_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FileChunk_sessionId_idx" ON "FileChunk"("sessionId");

-- CreateIndex
CREATE INDEX "FileChunk_tsv_idx" ON "FileChunk" USING GIN ("tsv");

-- CreateIndex
CREATE UNIQUE INDEX "FileChunk_fileId_ordinal_key" ON "FileChunk"("fileId", "ordinal");

-- CreateIndex
CREATE INDEX "SessionFile_status_processingAt_idx" ON "SessionFile"("status", "processingAt");

-- AddForeignKey
ALTER TABLE "FileChunk" ADD CONSTRAINT "FileChunk_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "SessionFile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
