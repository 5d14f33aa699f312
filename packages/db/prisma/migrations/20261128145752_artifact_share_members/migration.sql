-- CreateEnum
CREATE TYPE "ShareAudience" AS ENUM ('WORKSPACE', 'MEMBERS');

-- CreateEnum
CREATE TYPE "ShareRole" AS ENUM ('VIEWER', 'EDITOR');

-- AlterTable
ALTER TABLE "ArtifactShare" ADD COLUMN     "audience" "ShareAudience" NOT NULL DEFAULT 'WORKSPACE';

-- CreateTable
CREATE TABLE "ArtifactShareMember" (
    "id" TEXT NOT NULL,
    "artifactId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" "ShareRole" NOT NULL DEFAULT 'VIEWER',
    "addedById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ArtifactShareMember_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ArtifactShareMember_userId_idx" ON "ArtifactShareMember"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "ArtifactShareMember_artifactId_userId_key" ON "ArtifactShareMember"("artifactId", "userId");

-- AddForeignKey
ALTER TABLE "ArtifactShareMember" ADD CONSTRAINT "ArtifactShareMember_artifactId_fkey" FOREIGN KEY ("artifactId") REFERENCES "ArtifactShare"("artifactId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArtifactShareMember" ADD CONSTRAINT "ArtifactShareMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
