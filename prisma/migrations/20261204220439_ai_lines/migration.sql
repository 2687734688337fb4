-- CreateTable
CREATE TABLE "AiLine" (
    "id" TEXT NOT NULL DEFAULT herald_id('ail'::text),
    "workspaceId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "campaignLeadId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "stepId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "promptHash" TEXT NOT NULL,
    "value" TEXT,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "linkedinAccountId" TEXT,
    "preview" BOOLEAN NOT NULL DEFAULT false,
    "decidedAt" TIMESTAMP(3),
    "decidedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AiLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AiLine_workspaceId_status_createdAt_idx" ON "AiLine"("workspaceId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "AiLine_campaignId_status_idx" ON "AiLine"("campaignId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "AiLine_campaignLeadId_stepId_name_key" ON "AiLine"("campaignLeadId", "stepId", "name");

-- AddForeignKey
ALTER TABLE "AiLine" ADD CONSTRAINT "AiLine_campaignLeadId_fkey" FOREIGN KEY ("campaignLeadId") REFERENCES "CampaignLead"("id") ON DELETE CASCADE ON UPDATE CASCADE;
