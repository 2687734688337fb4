-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('pending', 'delivered', 'failed');

-- CreateEnum
CREATE TYPE "JobRunStatus" AS ENUM ('queued', 'running', 'waiting', 'completed', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "OutboxEvent" (
    "id" TEXT NOT NULL DEFAULT herald_id('evt'::text),
    "workspaceId" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "dispatchedAt" TIMESTAMP(3),

    CONSTRAINT "OutboxEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" TEXT NOT NULL DEFAULT herald_id('whk'::text),
    "workspaceId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "classifyReplies" BOOLEAN NOT NULL DEFAULT false,
    "secretEncrypted" TEXT NOT NULL,
    "failureCount" INTEGER NOT NULL DEFAULT 0,
    "disabledReason" TEXT,
    "lastDeliveryAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL DEFAULT herald_id('dlv'::text),
    "workspaceId" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "outboxEventId" TEXT,
    "event" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "round" INTEGER NOT NULL DEFAULT 1,
    "roundAttempts" INTEGER NOT NULL DEFAULT 0,
    "responseStatus" INTEGER,
    "lastError" TEXT,
    "nextAttemptAt" TIMESTAMP(3),
    "requestedAt" TIMESTAMP(3),
    "requestCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "deliveredAt" TIMESTAMP(3),

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDeliveryAttempt" (
    "id" TEXT NOT NULL DEFAULT herald_id('att'::text),
    "deliveryId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "ok" BOOLEAN NOT NULL,
    "responseStatus" INTEGER,
    "responseBody" TEXT,
    "error" TEXT,
    "durationMs" INTEGER NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookDeliveryAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobRun" (
    "id" TEXT NOT NULL DEFAULT herald_id('run'::text),
    "functionId" TEXT NOT NULL,
    "functionName" TEXT NOT NULL,
    "status" "JobRunStatus" NOT NULL,
    "eventName" TEXT NOT NULL,
    "event" JSONB NOT NULL,
    "events" JSONB NOT NULL,
    "memo" JSONB NOT NULL DEFAULT '{}',
    "stack" TEXT[],
    "planned" TEXT[],
    "target" TEXT NOT NULL DEFAULT 'step',
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "disableImmediate" BOOLEAN NOT NULL DEFAULT false,
    "pending" JSONB NOT NULL DEFAULT '[]',
    "waitEvents" TEXT[],
    "concurrencyKeys" TEXT[],
    "idempotencyKey" TEXT,
    "workspaceId" TEXT,
    "output" JSONB,
    "error" JSONB,
    "nextRunAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JobRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobRunStep" (
    "id" TEXT NOT NULL DEFAULT herald_id('jst'::text),
    "runId" TEXT NOT NULL,
    "stepId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "op" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "error" JSONB,
    "at" TIMESTAMP(3) NOT NULL,
    "durationMs" INTEGER NOT NULL,

    CONSTRAINT "JobRunStep_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobEvent" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JobEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobCronSchedule" (
    "functionId" TEXT NOT NULL,
    "cron" TEXT NOT NULL,
    "nextAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JobCronSchedule_pkey" PRIMARY KEY ("functionId","cron")
);

-- CreateIndex
CREATE INDEX "OutboxEvent_dispatchedAt_createdAt_idx" ON "OutboxEvent"("dispatchedAt", "createdAt");

-- CreateIndex
CREATE INDEX "OutboxEvent_createdAt_idx" ON "OutboxEvent"("createdAt");

-- CreateIndex
CREATE INDEX "WebhookEndpoint_workspaceId_idx" ON "WebhookEndpoint"("workspaceId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_workspaceId_createdAt_idx" ON "WebhookDelivery"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_status_requestedAt_idx" ON "WebhookDelivery"("status", "requestedAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_createdAt_idx" ON "WebhookDelivery"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_outboxEventId_webhookId_key" ON "WebhookDelivery"("outboxEventId", "webhookId");

-- CreateIndex
CREATE INDEX "WebhookDeliveryAttempt_deliveryId_startedAt_idx" ON "WebhookDeliveryAttempt"("deliveryId", "startedAt");

-- CreateIndex
CREATE INDEX "JobRun_status_nextRunAt_idx" ON "JobRun"("status", "nextRunAt");

-- CreateIndex
CREATE INDEX "JobRun_createdAt_idx" ON "JobRun"("createdAt");

-- CreateIndex
CREATE INDEX "JobRun_functionId_idempotencyKey_idx" ON "JobRun"("functionId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "JobRun_workspaceId_createdAt_idx" ON "JobRun"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "JobRunStep_runId_at_idx" ON "JobRunStep"("runId", "at");

-- CreateIndex
CREATE INDEX "JobEvent_receivedAt_idx" ON "JobEvent"("receivedAt");

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_webhookId_fkey" FOREIGN KEY ("webhookId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_outboxEventId_fkey" FOREIGN KEY ("outboxEventId") REFERENCES "OutboxEvent"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDeliveryAttempt" ADD CONSTRAINT "WebhookDeliveryAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JobRunStep" ADD CONSTRAINT "JobRunStep_runId_fkey" FOREIGN KEY ("runId") REFERENCES "JobRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;
