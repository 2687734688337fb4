-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "agentKey" BOOLEAN NOT NULL DEFAULT false;
