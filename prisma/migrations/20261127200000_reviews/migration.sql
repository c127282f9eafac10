-- AlterTable
ALTER TABLE "User" ADD COLUMN     "reviewRequired" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Review" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "postId" TEXT,
    "revision" INTEGER,
    "approvedRevision" INTEGER,
    "approvedUpdatedAt" TIMESTAMP(3),
    "collectionSlug" TEXT,
    "entryId" TEXT,
    "label" TEXT,
    "fromVersion" INTEGER,
    "toVersion" INTEGER,
    "requestedById" TEXT NOT NULL,
    "note" TEXT,
    "decidedById" TEXT,
    "decisionNote" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "Review_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Review_projectId_createdAt_id_idx" ON "Review"("projectId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Review_postId_status_idx" ON "Review"("postId", "status");

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;
