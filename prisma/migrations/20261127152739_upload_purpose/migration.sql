-- AlterTable
ALTER TABLE "MediaUpload" ADD COLUMN     "purpose" TEXT NOT NULL DEFAULT 'media';
