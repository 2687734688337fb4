-- AlterTable
ALTER TABLE "EmailMessage" ADD COLUMN     "providerMessageId" TEXT;

-- AlterTable
ALTER TABLE "Mailbox" ADD COLUMN     "webhookToken" TEXT;

-- CreateTable
CREATE TABLE "MailProviderEvent" (
    "provider" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "mailboxId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "emailMessageId" TEXT,
    "receivedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MailProviderEvent_pkey" PRIMARY KEY ("mailboxId","provider","eventId")
);

-- CreateIndex
CREATE INDEX "MailProviderEvent_mailboxId_receivedAt_idx" ON "MailProviderEvent"("mailboxId", "receivedAt");

-- CreateIndex
CREATE INDEX "EmailMessage_mailboxId_providerMessageId_idx" ON "EmailMessage"("mailboxId", "providerMessageId");

-- CreateIndex
CREATE UNIQUE INDEX "Mailbox_webhookToken_key" ON "Mailbox"("webhookToken");

-- AddForeignKey
ALTER TABLE "MailProviderEvent" ADD CONSTRAINT "MailProviderEvent_mailboxId_fkey" FOREIGN KEY ("mailboxId") REFERENCES "Mailbox"("id") ON DELETE CASCADE ON UPDATE CASCADE;
