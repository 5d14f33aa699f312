-- CreateTable
CREATE TABLE "SendRequest" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" "ConversationKind" NOT NULL,
    "sessionId" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "input" JSONB,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SendRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SendRequest_userId_idx" ON "SendRequest"("userId");

-- CreateIndex
CREATE INDEX "SendRequest_expiresAt_idx" ON "SendRequest"("expiresAt");

-- AddForeignKey
ALTER TABLE "SendRequest" ADD CONSTRAINT "SendRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
