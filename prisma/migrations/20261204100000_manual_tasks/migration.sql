-- CreateTable
CREATE TABLE "ManualTask" (
    "id" TEXT NOT NULL DEFAULT herald_id('tsk'::text),
    "workspaceId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "campaignLeadId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "stepId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "instructions" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "dueAt" TIMESTAMP(3) NOT NULL,
    "note" TEXT,
    "decidedAt" TIMESTAMP(3),
    "decidedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ManualTask_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ManualTask_workspaceId_status_dueAt_idx" ON "ManualTask"("workspaceId", "status", "dueAt");

-- CreateIndex
CREATE UNIQUE INDEX "ManualTask_campaignLeadId_stepId_key" ON "ManualTask"("campaignLeadId", "stepId");

-- AddForeignKey
ALTER TABLE "ManualTask" ADD CONSTRAINT "ManualTask_campaignLeadId_fkey" FOREIGN KEY ("campaignLeadId") REFERENCES "CampaignLead"("id") ON DELETE CASCADE ON UPDATE CASCADE;
