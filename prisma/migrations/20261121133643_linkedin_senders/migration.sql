-- CreateEnum
CREATE TYPE "SenderStatus" AS ENUM ('active', 'error', 'suspended', 'disconnected');

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "weeklyInvitationLimitFree" INTEGER NOT NULL DEFAULT 130,
ADD COLUMN     "weeklyInvitationLimitPaid" INTEGER NOT NULL DEFAULT 150;

-- CreateTable
CREATE TABLE "LinkedinAccount" (
    "id" TEXT NOT NULL DEFAULT herald_id('acc'::text),
    "workspaceId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "providerAccountId" TEXT NOT NULL,
    "memberId" TEXT,
    "fullName" TEXT,
    "firstName" TEXT,
    "lastName" TEXT,
    "headline" TEXT,
    "publicIdentifier" TEXT,
    "profileUrl" TEXT,
    "profilePicture" TEXT,
    "connectionMethod" TEXT NOT NULL,
    "connectedVia" TEXT NOT NULL,
    "hostedLinkId" TEXT,
    "status" "SenderStatus" NOT NULL DEFAULT 'active',
    "connectionStatus" TEXT NOT NULL,
    "isVerified" BOOLEAN NOT NULL DEFAULT false,
    "isPremium" BOOLEAN NOT NULL DEFAULT false,
    "linkedinPlan" TEXT NOT NULL DEFAULT 'free',
    "error" TEXT,
    "limits" JSONB,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "pausedReason" TEXT,
    "pausedAt" TIMESTAMP(3),
    "cooldownUntil" TIMESTAMP(3),
    "cooldownReason" TEXT,
    "checkpoint" JSONB,
    "inmailBalance" INTEGER,
    "inmailSyncedAt" TIMESTAMP(3),
    "ssi" JSONB,
    "country" TEXT,
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "credentialsEncrypted" TEXT,
    "lastActivitySyncAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LinkedinAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SenderHostedLink" (
    "id" TEXT NOT NULL DEFAULT herald_id('hln'::text),
    "workspaceId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "tokenHash" TEXT NOT NULL,
    "accountId" TEXT,
    "reconnectAccountId" TEXT,
    "redirectUrl" TEXT,
    "externalUrl" TEXT,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "createdById" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "openedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SenderHostedLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Lead" (
    "id" TEXT NOT NULL DEFAULT herald_id('led'::text),
    "workspaceId" TEXT NOT NULL,
    "memberId" TEXT,
    "publicIdentifier" TEXT,
    "profileUrl" TEXT,
    "email" TEXT,
    "firstName" TEXT,
    "lastName" TEXT,
    "headline" TEXT,
    "jobTitle" TEXT,
    "company" TEXT,
    "location" TEXT,
    "picture" TEXT,
    "notes" TEXT,
    "openProfile" BOOLEAN NOT NULL DEFAULT false,
    "isPremium" BOOLEAN NOT NULL DEFAULT false,
    "tags" TEXT[],
    "customVariables" JSONB NOT NULL DEFAULT '{}',
    "source" TEXT NOT NULL,
    "lastActivityAt" TIMESTAMP(3),
    "enrichedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Lead_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SenderAction" (
    "id" TEXT NOT NULL DEFAULT herald_id('act'::text),
    "workspaceId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "campaignLeadId" TEXT,
    "stepId" TEXT,
    "variantId" TEXT,
    "profileUrl" TEXT,
    "publicIdentifier" TEXT,
    "postUrl" TEXT,
    "note" TEXT,
    "error" TEXT,
    "providerRef" TEXT,
    "chatId" TEXT,
    "openInvitationKey" TEXT,
    "sentAt" TIMESTAMP(3),
    "acceptedAt" TIMESTAMP(3),
    "withdrawnAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SenderAction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LinkedinMessage" (
    "id" TEXT NOT NULL DEFAULT herald_id('msg'::text),
    "workspaceId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "chatId" TEXT NOT NULL,
    "providerMessageId" TEXT NOT NULL,
    "direction" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LinkedinMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxMember" (
    "id" TEXT NOT NULL,
    "username" TEXT,
    "publicIdentifier" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "headline" TEXT,
    "company" TEXT,
    "jobTitle" TEXT,
    "location" TEXT,
    "picture" TEXT,
    "openProfile" BOOLEAN NOT NULL DEFAULT false,
    "isPremium" BOOLEAN NOT NULL DEFAULT false,
    "acceptRate" DOUBLE PRECISION NOT NULL DEFAULT 0.4,
    "replyRate" DOUBLE PRECISION NOT NULL DEFAULT 0.2,
    "inmailCredits" INTEGER NOT NULL DEFAULT 0,
    "restricted" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SandboxMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxSession" (
    "id" TEXT NOT NULL,
    "memberId" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "challenge" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SandboxSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxInvitation" (
    "id" TEXT NOT NULL,
    "fromMemberId" TEXT NOT NULL,
    "toMemberId" TEXT NOT NULL,
    "note" TEXT,
    "status" TEXT NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL,
    "acceptAt" TIMESTAMP(3),
    "respondedAt" TIMESTAMP(3),

    CONSTRAINT "SandboxInvitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxRelation" (
    "memberId" TEXT NOT NULL,
    "otherMemberId" TEXT NOT NULL,
    "connectedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SandboxRelation_pkey" PRIMARY KEY ("memberId","otherMemberId")
);

-- CreateTable
CREATE TABLE "SandboxMessage" (
    "id" TEXT NOT NULL,
    "chatId" TEXT NOT NULL,
    "fromMemberId" TEXT NOT NULL,
    "toMemberId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "subject" TEXT,
    "text" TEXT NOT NULL,
    "attachments" INTEGER NOT NULL DEFAULT 0,
    "sentAt" TIMESTAMP(3) NOT NULL,
    "replyAt" TIMESTAMP(3),
    "repliedAt" TIMESTAMP(3),

    CONSTRAINT "SandboxMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxPost" (
    "id" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "postedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SandboxPost_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxInteraction" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "memberId" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "postId" TEXT,
    "text" TEXT,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SandboxInteraction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LinkedinAccount_workspaceId_idx" ON "LinkedinAccount"("workspaceId");

-- CreateIndex
CREATE INDEX "LinkedinAccount_memberId_idx" ON "LinkedinAccount"("memberId");

-- CreateIndex
CREATE UNIQUE INDEX "LinkedinAccount_provider_providerAccountId_key" ON "LinkedinAccount"("provider", "providerAccountId");

-- CreateIndex
CREATE UNIQUE INDEX "SenderHostedLink_tokenHash_key" ON "SenderHostedLink"("tokenHash");

-- CreateIndex
CREATE INDEX "SenderHostedLink_workspaceId_createdAt_idx" ON "SenderHostedLink"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "Lead_workspaceId_memberId_idx" ON "Lead"("workspaceId", "memberId");

-- CreateIndex
CREATE INDEX "Lead_workspaceId_email_idx" ON "Lead"("workspaceId", "email");

-- CreateIndex
CREATE UNIQUE INDEX "Lead_workspaceId_publicIdentifier_key" ON "Lead"("workspaceId", "publicIdentifier");

-- CreateIndex
CREATE UNIQUE INDEX "SenderAction_openInvitationKey_key" ON "SenderAction"("openInvitationKey");

-- CreateIndex
CREATE INDEX "SenderAction_accountId_type_createdAt_idx" ON "SenderAction"("accountId", "type", "createdAt");

-- CreateIndex
CREATE INDEX "SenderAction_leadId_idx" ON "SenderAction"("leadId");

-- CreateIndex
CREATE INDEX "SenderAction_campaignLeadId_idx" ON "SenderAction"("campaignLeadId");

-- CreateIndex
CREATE INDEX "SenderAction_workspaceId_source_createdAt_idx" ON "SenderAction"("workspaceId", "source", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "LinkedinMessage_providerMessageId_key" ON "LinkedinMessage"("providerMessageId");

-- CreateIndex
CREATE INDEX "LinkedinMessage_leadId_at_idx" ON "LinkedinMessage"("leadId", "at");

-- CreateIndex
CREATE INDEX "LinkedinMessage_accountId_at_idx" ON "LinkedinMessage"("accountId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "SandboxMember_username_key" ON "SandboxMember"("username");

-- CreateIndex
CREATE UNIQUE INDEX "SandboxMember_publicIdentifier_key" ON "SandboxMember"("publicIdentifier");

-- CreateIndex
CREATE INDEX "SandboxSession_memberId_idx" ON "SandboxSession"("memberId");

-- CreateIndex
CREATE INDEX "SandboxInvitation_fromMemberId_sentAt_idx" ON "SandboxInvitation"("fromMemberId", "sentAt");

-- CreateIndex
CREATE INDEX "SandboxInvitation_toMemberId_idx" ON "SandboxInvitation"("toMemberId");

-- CreateIndex
CREATE INDEX "SandboxInvitation_status_acceptAt_idx" ON "SandboxInvitation"("status", "acceptAt");

-- CreateIndex
CREATE INDEX "SandboxMessage_chatId_sentAt_idx" ON "SandboxMessage"("chatId", "sentAt");

-- CreateIndex
CREATE INDEX "SandboxMessage_fromMemberId_sentAt_idx" ON "SandboxMessage"("fromMemberId", "sentAt");

-- CreateIndex
CREATE INDEX "SandboxMessage_toMemberId_sentAt_idx" ON "SandboxMessage"("toMemberId", "sentAt");

-- CreateIndex
CREATE INDEX "SandboxMessage_replyAt_idx" ON "SandboxMessage"("replyAt");

-- CreateIndex
CREATE INDEX "SandboxPost_authorId_postedAt_idx" ON "SandboxPost"("authorId", "postedAt");

-- CreateIndex
CREATE INDEX "SandboxInteraction_memberId_kind_at_idx" ON "SandboxInteraction"("memberId", "kind", "at");

-- CreateIndex
CREATE INDEX "SandboxInteraction_targetId_at_idx" ON "SandboxInteraction"("targetId", "at");

-- AddForeignKey
ALTER TABLE "LinkedinAccount" ADD CONSTRAINT "LinkedinAccount_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Lead" ADD CONSTRAINT "Lead_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SenderAction" ADD CONSTRAINT "SenderAction_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "LinkedinAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SenderAction" ADD CONSTRAINT "SenderAction_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LinkedinMessage" ADD CONSTRAINT "LinkedinMessage_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;
