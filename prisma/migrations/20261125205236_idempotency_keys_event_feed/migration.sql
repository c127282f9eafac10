-- AlterTable
ALTER TABLE "OutboxEvent" ADD COLUMN     "feedPosition" BIGINT;

-- CreateTable
CREATE TABLE "IdempotencyKey" (
    "userId" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "requestHash" TEXT,
    "status" INTEGER,
    "headers" JSONB,
    "body" BYTEA,
    "lockedUntil" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "IdempotencyKey_pkey" PRIMARY KEY ("userId","apiKeyId","key")
);

-- Room on each page, so that storing a claim's answer (an update of columns no index covers) is a
-- heap-only update: no new index entries for it (written by hand: Prisma has no storage parameters).
ALTER TABLE "IdempotencyKey" SET (fillfactor = 50);

-- CreateIndex
CREATE INDEX "IdempotencyKey_expiresAt_idx" ON "IdempotencyKey"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "OutboxEvent_ownerId_feedPosition_key" ON "OutboxEvent"("ownerId", "feedPosition");
