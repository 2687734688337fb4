-- CreateTable
CREATE TABLE "CrmConnection" (
    "id" TEXT NOT NULL DEFAULT herald_id('crm'::text),
    "workspaceId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "accountName" TEXT NOT NULL,
    "tokensEncrypted" TEXT,
    "scopes" TEXT[],
    "fieldMapping" JSONB NOT NULL,
    "exclusionRules" JSONB NOT NULL,
    "createDeals" BOOLEAN NOT NULL DEFAULT false,
    "dealPipelineId" TEXT,
    "dealPipelineName" TEXT,
    "dealStageId" TEXT,
    "dealStageName" TEXT,
    "pushEnabled" BOOLEAN NOT NULL DEFAULT true,
    "pullEnabled" BOOLEAN NOT NULL DEFAULT true,
    "leadCursor" TEXT,
    "activityCursor" JSONB,
    "exclusionsSince" TIMESTAMP(3),
    "exclusionsCursor" TEXT,
    "lastSyncAt" TIMESTAMP(3),
    "lastError" TEXT,
    "connectedById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CrmConnection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CrmRecordLink" (
    "id" TEXT NOT NULL DEFAULT herald_id('crl'::text),
    "connectionId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "crmId" TEXT NOT NULL,
    "crmUrl" TEXT,
    "dealId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CrmRecordLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CrmSyncedActivity" (
    "id" TEXT NOT NULL DEFAULT herald_id('cra'::text),
    "connectionId" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "crmId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CrmSyncedActivity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CrmSyncLogEntry" (
    "id" TEXT NOT NULL DEFAULT herald_id('csl'::text),
    "connectionId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "counts" JSONB NOT NULL DEFAULT '{}',
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CrmSyncLogEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CrmOauthState" (
    "id" TEXT NOT NULL DEFAULT herald_id('cos'::text),
    "workspaceId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CrmOauthState_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CrmConnection_status_idx" ON "CrmConnection"("status");

-- CreateIndex
CREATE UNIQUE INDEX "CrmConnection_workspaceId_provider_key" ON "CrmConnection"("workspaceId", "provider");

-- CreateIndex
CREATE UNIQUE INDEX "CrmRecordLink_connectionId_leadId_key" ON "CrmRecordLink"("connectionId", "leadId");

-- CreateIndex
CREATE UNIQUE INDEX "CrmRecordLink_connectionId_crmId_key" ON "CrmRecordLink"("connectionId", "crmId");

-- CreateIndex
CREATE UNIQUE INDEX "CrmSyncedActivity_connectionId_sourceId_key" ON "CrmSyncedActivity"("connectionId", "sourceId");

-- CreateIndex
CREATE INDEX "CrmSyncLogEntry_connectionId_at_id_idx" ON "CrmSyncLogEntry"("connectionId", "at", "id");

-- CreateIndex
CREATE INDEX "CrmOauthState_expiresAt_idx" ON "CrmOauthState"("expiresAt");

-- CreateIndex
CREATE INDEX "Lead_workspaceId_updatedAt_id_idx" ON "Lead"("workspaceId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "OutboxEvent_workspaceId_createdAt_id_idx" ON "OutboxEvent"("workspaceId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "SenderAction_workspaceId_type_sentAt_id_idx" ON "SenderAction"("workspaceId", "type", "sentAt", "id");

-- AddForeignKey
ALTER TABLE "CrmRecordLink" ADD CONSTRAINT "CrmRecordLink_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "CrmConnection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CrmSyncedActivity" ADD CONSTRAINT "CrmSyncedActivity_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "CrmConnection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CrmSyncLogEntry" ADD CONSTRAINT "CrmSyncLogEntry_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "CrmConnection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
