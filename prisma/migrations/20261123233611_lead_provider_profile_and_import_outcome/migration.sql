-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "providerProfile" JSONB;

-- AlterTable
ALTER TABLE "LeadImport" ADD COLUMN     "added" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "alreadyThere" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "excluded" INTEGER NOT NULL DEFAULT 0;
