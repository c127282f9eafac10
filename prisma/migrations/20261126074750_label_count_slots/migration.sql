-- CreateTable
CREATE TABLE "CollectionLabelCountSlot" (
    "collectionPk" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "delta" INTEGER NOT NULL,

    CONSTRAINT "CollectionLabelCountSlot_pkey" PRIMARY KEY ("collectionPk","name","slot")
);

-- AddForeignKey
ALTER TABLE "CollectionLabelCountSlot" ADD CONSTRAINT "CollectionLabelCountSlot_collectionPk_fkey" FOREIGN KEY ("collectionPk") REFERENCES "Collection"("pk") ON DELETE CASCADE ON UPDATE CASCADE;
