-- AlterTable
ALTER TABLE "Mailbox" ADD COLUMN     "dkimSelector" TEXT,
ADD COLUMN     "dnsCheckedAt" TIMESTAMP(3),
ADD COLUMN     "dnsHealth" JSONB,
ADD COLUMN     "health" TEXT NOT NULL DEFAULT 'unchecked';

-- AlterTable
ALTER TABLE "SandboxEmail" ADD COLUMN     "folder" TEXT;

-- CreateTable
CREATE TABLE "DeliverabilityTest" (
    "id" TEXT NOT NULL DEFAULT herald_id('dlt'::text),
    "workspaceId" TEXT NOT NULL,
    "mailboxId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "seedAddress" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "landing" TEXT,
    "spf" TEXT,
    "dkimResult" TEXT,
    "dkimSelector" TEXT,
    "dmarc" TEXT,
    "crossCheck" JSONB,
    "sendingIp" TEXT,
    "blocklistIp" TEXT,
    "blocklistDomain" TEXT,
    "blocklistAnswers" JSONB,
    "failure" TEXT,
    "failureMessage" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "sentAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DeliverabilityTest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailboxWarmup" (
    "mailboxId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "externalId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "preset" TEXT NOT NULL DEFAULT 'conservative',
    "startingVolume" INTEGER NOT NULL,
    "dailyIncrease" INTEGER NOT NULL,
    "targetVolume" INTEGER NOT NULL,
    "replyInboxMin" INTEGER NOT NULL,
    "replyInboxMax" INTEGER NOT NULL,
    "replyPromotionsMin" INTEGER NOT NULL,
    "replyPromotionsMax" INTEGER NOT NULL,
    "replySpam" INTEGER NOT NULL,
    "appliedStrategy" JSONB,
    "day" INTEGER NOT NULL DEFAULT 0,
    "dayDate" TEXT,
    "startedAt" TIMESTAMP(3),
    "holdUntil" TIMESTAMP(3),
    "holdReason" TEXT,
    "holdOverride" BOOLEAN NOT NULL DEFAULT false,
    "healthScore" DOUBLE PRECISION,
    "inboxRate" DOUBLE PRECISION,
    "syncedAt" TIMESTAMP(3),
    "error" TEXT,
    "stoppedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MailboxWarmup_pkey" PRIMARY KEY ("mailboxId")
);

-- CreateTable
CREATE TABLE "WarmupDay" (
    "mailboxId" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "day" INTEGER NOT NULL,
    "planned" INTEGER NOT NULL DEFAULT 0,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "inbox" INTEGER NOT NULL DEFAULT 0,
    "spam" INTEGER NOT NULL DEFAULT 0,
    "promotions" INTEGER NOT NULL DEFAULT 0,
    "received" INTEGER NOT NULL DEFAULT 0,
    "opened" INTEGER NOT NULL DEFAULT 0,
    "replied" INTEGER NOT NULL DEFAULT 0,
    "rescued" INTEGER NOT NULL DEFAULT 0,
    "healthScore" DOUBLE PRECISION,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WarmupDay_pkey" PRIMARY KEY ("mailboxId","date")
);

-- CreateTable
CREATE TABLE "WarmupEmail" (
    "id" TEXT NOT NULL DEFAULT herald_id('wem'::text),
    "fromMailboxId" TEXT NOT NULL,
    "toMailboxId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "replyToId" TEXT,
    "tag" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'planned',
    "date" TEXT NOT NULL,
    "scheduledAt" TIMESTAMP(3) NOT NULL,
    "sentAt" TIMESTAMP(3),
    "landing" TEXT,
    "foundAt" TIMESTAMP(3),
    "openedAt" TIMESTAMP(3),
    "rescuedAt" TIMESTAMP(3),
    "repliedAt" TIMESTAMP(3),
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WarmupEmail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxWarmupEnrollment" (
    "id" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "strategy" JSONB NOT NULL,
    "changes" JSONB NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL,
    "cancelledAt" TIMESTAMP(3),

    CONSTRAINT "SandboxWarmupEnrollment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DeliverabilityTest_mailboxId_startedAt_idx" ON "DeliverabilityTest"("mailboxId", "startedAt" DESC);

-- CreateIndex
CREATE INDEX "DeliverabilityTest_status_startedAt_idx" ON "DeliverabilityTest"("status", "startedAt");

-- CreateIndex
CREATE INDEX "MailboxWarmup_network_status_idx" ON "MailboxWarmup"("network", "status");

-- CreateIndex
CREATE INDEX "MailboxWarmup_workspaceId_idx" ON "MailboxWarmup"("workspaceId");

-- CreateIndex
CREATE UNIQUE INDEX "WarmupEmail_messageId_key" ON "WarmupEmail"("messageId");

-- CreateIndex
CREATE INDEX "WarmupEmail_status_scheduledAt_idx" ON "WarmupEmail"("status", "scheduledAt");

-- CreateIndex
CREATE INDEX "WarmupEmail_toMailboxId_status_idx" ON "WarmupEmail"("toMailboxId", "status");

-- CreateIndex
CREATE INDEX "WarmupEmail_fromMailboxId_date_idx" ON "WarmupEmail"("fromMailboxId", "date");

-- CreateIndex
CREATE INDEX "SandboxWarmupEnrollment_address_idx" ON "SandboxWarmupEnrollment"("address");

-- CreateIndex
CREATE INDEX "Mailbox_workspaceId_health_createdAt_idx" ON "Mailbox"("workspaceId", "health", "createdAt");

-- AddForeignKey
ALTER TABLE "DeliverabilityTest" ADD CONSTRAINT "DeliverabilityTest_mailboxId_fkey" FOREIGN KEY ("mailboxId") REFERENCES "Mailbox"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailboxWarmup" ADD CONSTRAINT "MailboxWarmup_mailboxId_fkey" FOREIGN KEY ("mailboxId") REFERENCES "Mailbox"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- One running deliverability test per mailbox: a second start races into this index and is refused.
CREATE UNIQUE INDEX "DeliverabilityTest_one_running_per_mailbox" ON "DeliverabilityTest"("mailboxId") WHERE status = 'running';
