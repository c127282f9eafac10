-- CreateTable
CREATE TABLE "CollectionLabelCount" (
    "collectionPk" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "entryCount" INTEGER NOT NULL,

    CONSTRAINT "CollectionLabelCount_pkey" PRIMARY KEY ("collectionPk","name")
);

-- CreateIndex
CREATE INDEX "EntryVersion_slug_idx" ON "EntryVersion"("slug");

-- AddForeignKey
ALTER TABLE "CollectionLabelCount" ADD CONSTRAINT "CollectionLabelCount_collectionPk_fkey" FOREIGN KEY ("collectionPk") REFERENCES "Collection"("pk") ON DELETE CASCADE ON UPDATE CASCADE;
