-- CreateTable
CREATE TABLE "ArtifactShare" (
    "id" TEXT NOT NULL,
    "artifactId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "sharedById" TEXT,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ArtifactShare_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ArtifactReview" (
    "artifactId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'DRAFT',
    "version" INTEGER NOT NULL,
    "changedById" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ArtifactReview_pkey" PRIMARY KEY ("artifactId")
);

-- CreateTable
CREATE TABLE "ArtifactApproval" (
    "id" TEXT NOT NULL,
    "artifactId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "userId" TEXT,
    "reviewerId" TEXT,
    "approverName" TEXT NOT NULL,
    "approverEmail" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ArtifactApproval_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ArtifactComment" (
    "id" TEXT NOT NULL,
    "artifactId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "target" TEXT,
    "parentId" TEXT,
    "authorId" TEXT,
    "reviewerId" TEXT,
    "authorName" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "mentions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "resolvedAt" TIMESTAMPTZ(3),
    "resolvedById" TEXT,
    "editedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ArtifactComment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ArtifactReviewer" (
    "id" TEXT NOT NULL,
    "artifactId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "message" TEXT,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "revokedAt" TIMESTAMPTZ(3),
    "invitedById" TEXT,
    "lastSeenAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ArtifactReviewer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ArtifactActivity" (
    "id" TEXT NOT NULL,
    "artifactId" TEXT NOT NULL,
    "workspaceId" TEXT,
    "type" TEXT NOT NULL,
    "actorId" TEXT,
    "reviewerId" TEXT,
    "actorName" TEXT NOT NULL,
    "details" TEXT,
    "version" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ArtifactActivity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "artifactId" TEXT,
    "commentId" TEXT,
    "text" TEXT NOT NULL,
    "readAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ArtifactShare_artifactId_key" ON "ArtifactShare"("artifactId");

-- CreateIndex
CREATE INDEX "ArtifactShare_workspaceId_createdAt_idx" ON "ArtifactShare"("workspaceId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "ArtifactApproval_artifactId_createdAt_idx" ON "ArtifactApproval"("artifactId", "createdAt");

-- CreateIndex
CREATE INDEX "ArtifactComment_artifactId_createdAt_idx" ON "ArtifactComment"("artifactId", "createdAt");

-- CreateIndex
CREATE INDEX "ArtifactComment_parentId_idx" ON "ArtifactComment"("parentId");

-- CreateIndex
CREATE UNIQUE INDEX "ArtifactReviewer_tokenHash_key" ON "ArtifactReviewer"("tokenHash");

-- CreateIndex
CREATE INDEX "ArtifactReviewer_artifactId_createdAt_idx" ON "ArtifactReviewer"("artifactId", "createdAt");

-- CreateIndex
CREATE INDEX "ArtifactActivity_artifactId_createdAt_idx" ON "ArtifactActivity"("artifactId", "createdAt");

-- CreateIndex
CREATE INDEX "Notification_userId_createdAt_idx" ON "Notification"("userId", "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "ArtifactShare" ADD CONSTRAINT "ArtifactShare_artifactId_fkey" FOREIGN KEY ("artifactId") REFERENCES "Artifact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArtifactShare" ADD CONSTRAINT "ArtifactShare_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArtifactReview" ADD CONSTRAINT "ArtifactReview_artifactId_fkey" FOREIGN KEY ("artifactId") REFERENCES "Artifact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArtifactApproval" ADD CONSTRAINT "ArtifactApproval_artifactId_fkey" FOREIGN KEY ("artifactId") REFERENCES "Artifact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArtifactComment" ADD CONSTRAINT "ArtifactComment_artifactId_fkey" FOREIGN KEY ("artifactId") REFERENCES "Artifact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArtifactComment" ADD CONSTRAINT "ArtifactComment_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "ArtifactComment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArtifactComment" ADD CONSTRAINT "ArtifactComment_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "ArtifactReviewer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArtifactReviewer" ADD CONSTRAINT "ArtifactReviewer_artifactId_fkey" FOREIGN KEY ("artifactId") REFERENCES "Artifact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArtifactActivity" ADD CONSTRAINT "ArtifactActivity_artifactId_fkey" FOREIGN KEY ("artifactId") REFERENCES "Artifact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
