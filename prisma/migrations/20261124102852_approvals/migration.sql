-- AlterEnum
ALTER TYPE "Role" ADD VALUE 'approver';

-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "approvals" JSONB NOT NULL DEFAULT '{"comments": true, "aiVoiceNotes": true, "recordedVoiceNotes": false}';

-- AlterTable
ALTER TABLE "LinkedinAccount" ADD COLUMN     "voiceId" TEXT;

-- AlterTable
ALTER TABLE "SandboxMessage" ADD COLUMN     "audioKey" TEXT,
ADD COLUMN     "audioMimeType" TEXT,
ADD COLUMN     "durationMs" INTEGER;

-- CreateTable
CREATE TABLE "PendingComment" (
    "id" TEXT NOT NULL DEFAULT herald_id('pcm'::text),
    "workspaceId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "campaignLeadId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "linkedinAccountId" TEXT NOT NULL,
    "stepId" TEXT NOT NULL,
    "variantId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "prompt" TEXT NOT NULL,
    "comment" TEXT NOT NULL,
    "postId" TEXT NOT NULL,
    "postUrl" TEXT NOT NULL,
    "postText" TEXT NOT NULL,
    "postedAt" TIMESTAMP(3),
    "generations" INTEGER NOT NULL DEFAULT 1,
    "decidedAt" TIMESTAMP(3),
    "decidedById" TEXT,
    "sentAt" TIMESTAMP(3),
    "providerRef" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PendingComment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PendingVoiceNote" (
    "id" TEXT NOT NULL DEFAULT herald_id('pvn'::text),
    "workspaceId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "campaignLeadId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "linkedinAccountId" TEXT NOT NULL,
    "stepId" TEXT NOT NULL,
    "variantId" TEXT,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "script" TEXT,
    "voiceId" TEXT,
    "voiceName" TEXT,
    "audioKey" TEXT NOT NULL,
    "audioMimeType" TEXT NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "generations" INTEGER NOT NULL DEFAULT 1,
    "recordedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "decidedById" TEXT,
    "sentAt" TIMESTAMP(3),
    "providerRef" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PendingVoiceNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StoredFile" (
    "id" TEXT NOT NULL DEFAULT herald_id('fil'::text),
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "durationMs" INTEGER,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StoredFile_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PendingComment_workspaceId_status_createdAt_idx" ON "PendingComment"("workspaceId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "PendingComment_campaignId_status_idx" ON "PendingComment"("campaignId", "status");

-- CreateIndex
CREATE INDEX "PendingComment_linkedinAccountId_status_idx" ON "PendingComment"("linkedinAccountId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "PendingComment_campaignLeadId_stepId_key" ON "PendingComment"("campaignLeadId", "stepId");

-- CreateIndex
CREATE INDEX "PendingVoiceNote_workspaceId_status_createdAt_idx" ON "PendingVoiceNote"("workspaceId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "PendingVoiceNote_campaignId_status_idx" ON "PendingVoiceNote"("campaignId", "status");

-- CreateIndex
CREATE INDEX "PendingVoiceNote_linkedinAccountId_status_idx" ON "PendingVoiceNote"("linkedinAccountId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "PendingVoiceNote_campaignLeadId_stepId_key" ON "PendingVoiceNote"("campaignLeadId", "stepId");

-- CreateIndex
CREATE UNIQUE INDEX "StoredFile_key_key" ON "StoredFile"("key");

-- CreateIndex
CREATE INDEX "StoredFile_workspaceId_createdAt_idx" ON "StoredFile"("workspaceId", "createdAt");

-- AddForeignKey
ALTER TABLE "PendingComment" ADD CONSTRAINT "PendingComment_campaignLeadId_fkey" FOREIGN KEY ("campaignLeadId") REFERENCES "CampaignLead"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PendingVoiceNote" ADD CONSTRAINT "PendingVoiceNote_campaignLeadId_fkey" FOREIGN KEY ("campaignLeadId") REFERENCES "CampaignLead"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A draft waiting for a person is withdrawn when its lead leaves the step first (stopped, replied,
-- failed, done, or moved on to another step): every writer of CampaignLead keeps the queue right,
-- so an approver never sees, or approves, a draft whose lead has moved on. A paused lead keeps its
-- drafts: it goes on from the same step when resumed.
CREATE OR REPLACE FUNCTION herald_cancel_pending_approvals() RETURNS trigger AS $$
BEGIN
  IF NEW.status IN ('stopped', 'replied', 'failed', 'done')
     OR NEW."currentStepId" IS DISTINCT FROM OLD."currentStepId" THEN
    UPDATE "PendingComment" SET status = 'cancelled', "updatedAt" = now()
      WHERE "campaignLeadId" = NEW.id AND status IN ('pending', 'approved')
        AND (NEW.status IN ('stopped', 'replied', 'failed', 'done') OR "stepId" IS DISTINCT FROM NEW."currentStepId");
    UPDATE "PendingVoiceNote" SET status = 'cancelled', "updatedAt" = now()
      WHERE "campaignLeadId" = NEW.id AND status IN ('pending', 'approved')
        AND (NEW.status IN ('stopped', 'replied', 'failed', 'done') OR "stepId" IS DISTINCT FROM NEW."currentStepId");
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER herald_cancel_pending_approvals
  AFTER UPDATE OF status, "currentStepId" ON "CampaignLead"
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD."currentStepId" IS DISTINCT FROM NEW."currentStepId")
  EXECUTE FUNCTION herald_cancel_pending_approvals();
