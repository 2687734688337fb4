-- AlterTable
ALTER TABLE "LinkedinAccount" ADD COLUMN     "conversationsSyncedAt" TIMESTAMP(3);
