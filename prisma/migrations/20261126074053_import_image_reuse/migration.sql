-- AlterTable
ALTER TABLE "ImportJob" ADD COLUMN     "imagesCopied" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "imagesFailed" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "imagesReused" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ImportedMedia" ADD COLUMN     "copied" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Media" ADD COLUMN     "sourceHash" TEXT;

-- CreateIndex
CREATE INDEX "ImportedMedia_sourceKey_idx" ON "ImportedMedia"("sourceKey");

-- CreateIndex
CREATE INDEX "Media_ownerId_sourceHash_idx" ON "Media"("ownerId", "sourceHash");

-- CreateIndex
CREATE INDEX "Media_ownerId_etag_idx" ON "Media"("ownerId", "etag");
