-- Trigram indexes for the admin usage-log search (issue 40): `ILIKE '%…%'` on email, first or last name is a
-- bitmap read of these indexes for a pattern of 3+ characters instead of a scan of every user. pg_trgm ships with
-- PostgreSQL (contrib) and PGlite. Since PostgreSQL 13 it is a trusted extension, which a role with CREATE on the
-- database may create (see docs/operations.md). Prisma does not manage extensions, so it is created here by hand.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "User_email_trgm_idx" ON "User" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_firstName_trgm_idx" ON "User" USING GIN ("firstName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_lastName_trgm_idx" ON "User" USING GIN ("lastName" gin_trgm_ops);
