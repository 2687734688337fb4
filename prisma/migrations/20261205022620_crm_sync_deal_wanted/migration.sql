-- DropIndex
DROP INDEX "CrmRecordLink_connectionId_crmId_key";

-- AlterTable
ALTER TABLE "CrmConnection" ADD COLUMN     "interestCursor" TEXT;

-- AlterTable
ALTER TABLE "CrmOauthState" ADD COLUMN     "browserNonceHash" TEXT;

-- AlterTable
ALTER TABLE "CrmRecordLink" ADD COLUMN     "dealWanted" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "lastError" TEXT,
ADD COLUMN     "valuesHash" TEXT;

-- CreateIndex
CREATE INDEX "CrmRecordLink_connectionId_crmId_idx" ON "CrmRecordLink"("connectionId", "crmId");

-- CreateIndex
CREATE INDEX "CrmRecordLink_connectionId_dealWanted_idx" ON "CrmRecordLink"("connectionId", "dealWanted");
