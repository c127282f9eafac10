-- CreateTable
CREATE TABLE "CollectionEntryCountSlot" (
    "collectionPk" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "delta" INTEGER NOT NULL,

    CONSTRAINT "CollectionEntryCountSlot_pkey" PRIMARY KEY ("collectionPk","slot")
);

-- AddForeignKey
ALTER TABLE "CollectionEntryCountSlot" ADD CONSTRAINT "CollectionEntryCountSlot_collectionPk_fkey" FOREIGN KEY ("collectionPk") REFERENCES "Collection"("pk") ON DELETE CASCADE ON UPDATE CASCADE;
