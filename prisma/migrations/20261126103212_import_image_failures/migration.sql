-- AlterTable
ALTER TABLE "ImportedMedia" ALTER COLUMN "mediaId" DROP NOT NULL;
