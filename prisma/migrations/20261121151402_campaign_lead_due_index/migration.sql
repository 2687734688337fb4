-- CreateIndex
CREATE INDEX "CampaignLead_status_currentStepType_waitUntil_idx" ON "CampaignLead"("status", "currentStepType", "waitUntil");
