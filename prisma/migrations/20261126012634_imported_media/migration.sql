-- CreateTable
CREATE TABLE "ImportedMedia" (
    "importId" TEXT NOT NULL,
    "sourceKey" TEXT NOT NULL,
    "mediaId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImportedMedia_pkey" PRIMARY KEY ("importId","sourceKey")
);

-- AddForeignKey
ALTER TABLE "ImportedMedia" ADD CONSTRAINT "ImportedMedia_importId_fkey" FOREIGN KEY ("importId") REFERENCES "ImportJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;
