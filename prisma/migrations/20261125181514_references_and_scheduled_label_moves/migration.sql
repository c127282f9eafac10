-- AlterTable
ALTER TABLE "LabelMove" ADD COLUMN     "scheduled" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "EntryReference" (
    "sourceEntryId" TEXT NOT NULL,
    "sourceVersion" INTEGER NOT NULL,
    "path" TEXT NOT NULL,
    "targetEntryId" TEXT NOT NULL,

    CONSTRAINT "EntryReference_pkey" PRIMARY KEY ("sourceEntryId","sourceVersion","path")
);

-- CreateTable
CREATE TABLE "ScheduledLabelMove" (
    "id" TEXT NOT NULL,
    "collectionPk" TEXT NOT NULL,
    "entryId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "meta" TEXT,
    "at" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "reason" TEXT,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT NOT NULL,
    "actorPrefix" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settledAt" TIMESTAMP(3),
    "lockedUntil" TIMESTAMP(3),

    CONSTRAINT "ScheduledLabelMove_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EntryReference_targetEntryId_idx" ON "EntryReference"("targetEntryId");

-- CreateIndex
CREATE INDEX "ScheduledLabelMove_status_at_idx" ON "ScheduledLabelMove"("status", "at");

-- CreateIndex
CREATE INDEX "ScheduledLabelMove_collectionPk_status_at_idx" ON "ScheduledLabelMove"("collectionPk", "status", "at");

-- CreateIndex
CREATE INDEX "ScheduledLabelMove_entryId_name_status_idx" ON "ScheduledLabelMove"("entryId", "name", "status");

-- AddForeignKey
ALTER TABLE "EntryReference" ADD CONSTRAINT "EntryReference_sourceEntryId_sourceVersion_fkey" FOREIGN KEY ("sourceEntryId", "sourceVersion") REFERENCES "EntryVersion"("entryId", "version") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduledLabelMove" ADD CONSTRAINT "ScheduledLabelMove_collectionPk_fkey" FOREIGN KEY ("collectionPk") REFERENCES "Collection"("pk") ON DELETE CASCADE ON UPDATE CASCADE;
