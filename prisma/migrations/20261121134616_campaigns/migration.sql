-- CreateEnum
CREATE TYPE "CampaignLeadStatus" AS ENUM ('pending', 'running', 'done', 'failed', 'paused', 'replied', 'stopped');

-- AlterTable
ALTER TABLE "LinkedinAccount" ADD COLUMN     "campaignActionCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "nextActionAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Campaign" (
    "id" TEXT NOT NULL DEFAULT herald_id('cmp'::text),
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "aiInterestEnabled" BOOLEAN NOT NULL DEFAULT false,
    "unsubscribe" JSONB NOT NULL,
    "tracking" JSONB NOT NULL,
    "linkedinAccountIds" TEXT[],
    "emailAccountIds" TEXT[],
    "excludeListIds" TEXT[],
    "listId" TEXT,
    "excludeOtherCampaigns" BOOLEAN NOT NULL DEFAULT false,
    "excludeOtherSenders" BOOLEAN NOT NULL DEFAULT false,
    "excludeSameSenderOtherCampaigns" BOOLEAN NOT NULL DEFAULT false,
    "schedule" JSONB NOT NULL,
    "sequence" JSONB NOT NULL,
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Campaign_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CampaignLead" (
    "id" TEXT NOT NULL DEFAULT herald_id('cld'::text),
    "workspaceId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "linkedinAccountId" TEXT,
    "emailAccountId" TEXT,
    "status" "CampaignLeadStatus" NOT NULL DEFAULT 'pending',
    "phase" TEXT NOT NULL DEFAULT 'ready',
    "currentStepId" TEXT,
    "currentStepType" TEXT,
    "waitUntil" TIMESTAMP(3),
    "contacted" BOOLEAN NOT NULL DEFAULT false,
    "heldBy" JSONB,
    "customVariables" JSONB NOT NULL DEFAULT '{}',
    "interest" TEXT,
    "interestBy" TEXT,
    "invitationSentAt" TIMESTAMP(3),
    "invitationAccepted" BOOLEAN NOT NULL DEFAULT false,
    "invitationAcceptedAt" TIMESTAMP(3),
    "invitationWithdrawnAt" TIMESTAMP(3),
    "messageSentAt" TIMESTAMP(3),
    "lastReplyAt" TIMESTAMP(3),
    "emailOpenedAt" TIMESTAMP(3),
    "emailClickedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CampaignLead_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CampaignLeadStep" (
    "id" TEXT NOT NULL DEFAULT herald_id('cls'::text),
    "campaignLeadId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "stepId" TEXT NOT NULL,
    "stepType" TEXT NOT NULL,
    "variantId" TEXT,
    "status" TEXT NOT NULL,
    "outcome" TEXT,
    "actionId" TEXT,
    "detail" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "CampaignLeadStep_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadList" (
    "id" TEXT NOT NULL DEFAULT herald_id('lst'::text),
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LeadList_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadListEntry" (
    "listId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "addedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LeadListEntry_pkey" PRIMARY KEY ("listId","leadId")
);

-- CreateTable
CREATE TABLE "LeadImport" (
    "id" TEXT NOT NULL DEFAULT herald_id('imp'::text),
    "workspaceId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "searchUrl" TEXT,
    "accountId" TEXT,
    "listId" TEXT,
    "campaignId" TEXT,
    "status" TEXT NOT NULL,
    "maxLeads" INTEGER NOT NULL,
    "found" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "refreshed" INTEGER NOT NULL DEFAULT 0,
    "cursor" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "LeadImport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Campaign_workspaceId_createdAt_idx" ON "Campaign"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "Campaign_status_idx" ON "Campaign"("status");

-- CreateIndex
CREATE INDEX "CampaignLead_campaignId_status_idx" ON "CampaignLead"("campaignId", "status");

-- CreateIndex
CREATE INDEX "CampaignLead_status_phase_waitUntil_idx" ON "CampaignLead"("status", "phase", "waitUntil");

-- CreateIndex
CREATE INDEX "CampaignLead_linkedinAccountId_status_phase_waitUntil_idx" ON "CampaignLead"("linkedinAccountId", "status", "phase", "waitUntil");

-- CreateIndex
CREATE INDEX "CampaignLead_leadId_idx" ON "CampaignLead"("leadId");

-- CreateIndex
CREATE UNIQUE INDEX "CampaignLead_campaignId_leadId_key" ON "CampaignLead"("campaignId", "leadId");

-- CreateIndex
CREATE INDEX "CampaignLeadStep_campaignId_stepId_variantId_idx" ON "CampaignLeadStep"("campaignId", "stepId", "variantId");

-- CreateIndex
CREATE INDEX "CampaignLeadStep_status_startedAt_idx" ON "CampaignLeadStep"("status", "startedAt");

-- CreateIndex
CREATE UNIQUE INDEX "CampaignLeadStep_campaignLeadId_stepId_key" ON "CampaignLeadStep"("campaignLeadId", "stepId");

-- CreateIndex
CREATE INDEX "LeadList_workspaceId_idx" ON "LeadList"("workspaceId");

-- CreateIndex
CREATE INDEX "LeadListEntry_leadId_idx" ON "LeadListEntry"("leadId");

-- CreateIndex
CREATE INDEX "LeadImport_workspaceId_createdAt_idx" ON "LeadImport"("workspaceId", "createdAt");

-- AddForeignKey
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignLead" ADD CONSTRAINT "CampaignLead_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignLead" ADD CONSTRAINT "CampaignLead_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignLeadStep" ADD CONSTRAINT "CampaignLeadStep_campaignLeadId_fkey" FOREIGN KEY ("campaignLeadId") REFERENCES "CampaignLead"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeadList" ADD CONSTRAINT "LeadList_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeadListEntry" ADD CONSTRAINT "LeadListEntry_listId_fkey" FOREIGN KEY ("listId") REFERENCES "LeadList"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeadListEntry" ADD CONSTRAINT "LeadListEntry_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;
