-- AlterTable
ALTER TABLE "LinkedinMessage" ADD COLUMN     "voice" JSONB;
