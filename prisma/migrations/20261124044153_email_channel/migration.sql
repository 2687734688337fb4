-- AlterTable
ALTER TABLE "CampaignLead" ADD COLUMN     "emailContacted" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "emailOptOut" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "emailOptOutAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "emailChannelEnabled" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "Mailbox" (
    "id" TEXT NOT NULL DEFAULT herald_id('mbx'::text),
    "workspaceId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "fromName" TEXT,
    "provider" TEXT NOT NULL,
    "authType" TEXT NOT NULL,
    "connectedVia" TEXT NOT NULL,
    "hostedLinkId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'connected',
    "error" TEXT,
    "settings" JSONB,
    "credentialsEncrypted" TEXT,
    "dailyLimit" INTEGER NOT NULL DEFAULT 50,
    "signature" TEXT,
    "trackOpens" BOOLEAN NOT NULL DEFAULT true,
    "trackClicks" BOOLEAN NOT NULL DEFAULT true,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "pausedReason" TEXT,
    "pausedAt" TIMESTAMP(3),
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "nextSendAt" TIMESTAMP(3),
    "campaignSendCount" INTEGER NOT NULL DEFAULT 0,
    "sentCount" INTEGER NOT NULL DEFAULT 0,
    "bouncedCount" INTEGER NOT NULL DEFAULT 0,
    "complainedCount" INTEGER NOT NULL DEFAULT 0,
    "restoredFrom" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Mailbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RemovedMailbox" (
    "id" TEXT NOT NULL DEFAULT herald_id('rmb'::text),
    "workspaceId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "mailboxId" TEXT NOT NULL,
    "snapshot" JSONB NOT NULL,
    "removedAt" TIMESTAMP(3) NOT NULL,
    "restorableUntil" TIMESTAMP(3) NOT NULL,
    "restoredAt" TIMESTAMP(3),

    CONSTRAINT "RemovedMailbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailboxHostedLink" (
    "id" TEXT NOT NULL DEFAULT herald_id('mhl'::text),
    "workspaceId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "tokenHash" TEXT NOT NULL,
    "oauthEncrypted" TEXT,
    "accountId" TEXT,
    "reconnectAccountId" TEXT,
    "redirectUrl" TEXT,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "createdById" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "openedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MailboxHostedLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmailMessage" (
    "id" TEXT NOT NULL DEFAULT herald_id('eml'::text),
    "workspaceId" TEXT NOT NULL,
    "mailboxId" TEXT NOT NULL,
    "leadId" TEXT,
    "campaignLeadId" TEXT,
    "campaignId" TEXT,
    "stepId" TEXT,
    "variantId" TEXT,
    "direction" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "threadRootId" TEXT NOT NULL,
    "inReplyTo" TEXT,
    "references" TEXT[],
    "threaded" BOOLEAN NOT NULL DEFAULT false,
    "fromAddress" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "trackingToken" TEXT,
    "openedAt" TIMESTAMP(3),
    "clickedAt" TIMESTAMP(3),
    "error" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EmailMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxEmail" (
    "id" TEXT NOT NULL,
    "fromAddress" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "inReplyTo" TEXT,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "headers" JSONB NOT NULL,
    "direction" TEXT NOT NULL,
    "kind" TEXT,
    "sentAt" TIMESTAMP(3) NOT NULL,
    "openAt" TIMESTAMP(3),
    "clickAt" TIMESTAMP(3),
    "replyAt" TIMESTAMP(3),
    "autoReplyAt" TIMESTAMP(3),
    "bounceKind" TEXT,
    "bounceAt" TIMESTAMP(3),
    "complainAt" TIMESTAMP(3),
    "done" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "SandboxEmail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Mailbox_workspaceId_createdAt_idx" ON "Mailbox"("workspaceId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Mailbox_workspaceId_email_key" ON "Mailbox"("workspaceId", "email");

-- CreateIndex
CREATE INDEX "RemovedMailbox_workspaceId_email_idx" ON "RemovedMailbox"("workspaceId", "email");

-- CreateIndex
CREATE UNIQUE INDEX "MailboxHostedLink_tokenHash_key" ON "MailboxHostedLink"("tokenHash");

-- CreateIndex
CREATE INDEX "MailboxHostedLink_workspaceId_createdAt_idx" ON "MailboxHostedLink"("workspaceId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "EmailMessage_trackingToken_key" ON "EmailMessage"("trackingToken");

-- CreateIndex
CREATE INDEX "EmailMessage_mailboxId_direction_sentAt_idx" ON "EmailMessage"("mailboxId", "direction", "sentAt");

-- CreateIndex
CREATE INDEX "EmailMessage_campaignLeadId_idx" ON "EmailMessage"("campaignLeadId");

-- CreateIndex
CREATE INDEX "EmailMessage_leadId_idx" ON "EmailMessage"("leadId");

-- CreateIndex
CREATE INDEX "EmailMessage_status_createdAt_idx" ON "EmailMessage"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "EmailMessage_mailboxId_messageId_key" ON "EmailMessage"("mailboxId", "messageId");

-- CreateIndex
CREATE UNIQUE INDEX "SandboxEmail_messageId_key" ON "SandboxEmail"("messageId");

-- CreateIndex
CREATE INDEX "SandboxEmail_fromAddress_sentAt_idx" ON "SandboxEmail"("fromAddress", "sentAt");

-- CreateIndex
CREATE INDEX "SandboxEmail_toAddress_sentAt_idx" ON "SandboxEmail"("toAddress", "sentAt");

-- CreateIndex
CREATE INDEX "CampaignLead_emailAccountId_status_phase_waitUntil_idx" ON "CampaignLead"("emailAccountId", "status", "phase", "waitUntil");

-- AddForeignKey
ALTER TABLE "Mailbox" ADD CONSTRAINT "Mailbox_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailMessage" ADD CONSTRAINT "EmailMessage_mailboxId_fkey" FOREIGN KEY ("mailboxId") REFERENCES "Mailbox"("id") ON DELETE CASCADE ON UPDATE CASCADE;
