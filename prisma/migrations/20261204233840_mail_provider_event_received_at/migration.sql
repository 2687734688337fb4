-- CreateIndex
CREATE INDEX "MailProviderEvent_receivedAt_idx" ON "MailProviderEvent"("receivedAt");
