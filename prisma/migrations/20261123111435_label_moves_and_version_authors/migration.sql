-- AlterTable
ALTER TABLE "EntryVersion" ADD COLUMN     "authorId" TEXT,
ADD COLUMN     "authorPrefix" TEXT,
ADD COLUMN     "authorType" TEXT;

-- CreateTable
CREATE TABLE "LabelMove" (
    "id" BIGSERIAL NOT NULL,
    "entryId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "version" INTEGER,
    "previousVersion" INTEGER,
    "movedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT NOT NULL,
    "actorPrefix" TEXT,

    CONSTRAINT "LabelMove_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LabelMove_entryId_name_id_idx" ON "LabelMove"("entryId", "name", "id" DESC);

-- AddForeignKey
ALTER TABLE "LabelMove" ADD CONSTRAINT "LabelMove_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "Entry"("id") ON DELETE CASCADE ON UPDATE CASCADE;
