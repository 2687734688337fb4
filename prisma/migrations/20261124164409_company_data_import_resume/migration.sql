-- AlterTable
ALTER TABLE "CompanyDataImport" ADD COLUMN     "resumedFromByte" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "resumedFromId" TEXT;
