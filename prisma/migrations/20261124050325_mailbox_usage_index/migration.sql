-- CreateIndex
CREATE INDEX "EmailMessage_mailboxId_createdAt_idx" ON "EmailMessage"("mailboxId", "createdAt");
