-- CreateEnum
CREATE TYPE "ConversationKind" AS ENUM ('chat', 'assistant');

-- AlterEnum
ALTER TYPE "MessageStatus" ADD VALUE 'PENDING';

-- CreateTable
CREATE TABLE "PendingExchange" (
    "id" TEXT NOT NULL,
    "kind" "ConversationKind" NOT NULL,
    "sessionId" TEXT NOT NULL,
    "userMessageId" TEXT NOT NULL,
    "subscriptionId" TEXT,
    "periodStart" TIMESTAMPTZ(3),
    "releasedAt" TIMESTAMPTZ(3),
    "previousTitle" TEXT NOT NULL,
    "previousUpdatedAt" TIMESTAMPTZ(3) NOT NULL,
    "touchedAt" TIMESTAMPTZ(3) NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PendingExchange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PendingExchange_userMessageId_key" ON "PendingExchange"("userMessageId");

-- CreateIndex
CREATE INDEX "PendingExchange_kind_sessionId_idx" ON "PendingExchange"("kind", "sessionId");

-- CreateIndex
CREATE INDEX "PendingExchange_startedAt_idx" ON "PendingExchange"("startedAt");
