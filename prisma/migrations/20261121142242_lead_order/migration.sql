-- AlterTable
ALTER TABLE "CampaignLead" ADD COLUMN     "seq" BIGSERIAL NOT NULL;

-- AlterTable
ALTER TABLE "LeadListEntry" ADD COLUMN     "seq" BIGSERIAL NOT NULL;
