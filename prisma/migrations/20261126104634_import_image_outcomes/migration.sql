-- AlterTable
ALTER TABLE "ImportedMedia" ADD COLUMN     "failed" BOOLEAN NOT NULL DEFAULT false,
ALTER COLUMN "mediaId" DROP NOT NULL;
