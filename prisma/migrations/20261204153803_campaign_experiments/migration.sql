-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "experiments" JSONB NOT NULL DEFAULT '{"autoPromote": false, "threshold": 0.95, "minLeadsPerVariant": 100}';

-- CreateTable
CREATE TABLE "CampaignHistoryEntry" (
    "id" TEXT NOT NULL DEFAULT herald_id('chi'::text),
    "workspaceId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "detail" JSONB,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CampaignHistoryEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CampaignHistoryEntry_campaignId_at_idx" ON "CampaignHistoryEntry"("campaignId", "at");

-- AddForeignKey
ALTER TABLE "CampaignHistoryEntry" ADD CONSTRAINT "CampaignHistoryEntry_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;
