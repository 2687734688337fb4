-- AlterTable
ALTER TABLE "AiCreditLedgerEntry" ADD COLUMN     "apiKeyId" TEXT;

-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "actionBudget" INTEGER,
ADD COLUMN     "actionsUsed" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "budgetResetAt" TIMESTAMP(3),
ADD COLUMN     "creditBudget" INTEGER,
ADD COLUMN     "creditsUsed" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "agentWritesNeedApproval" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "PendingAgentWrite" (
    "id" TEXT NOT NULL DEFAULT herald_id('paw'::text),
    "workspaceId" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "operationId" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "query" JSONB NOT NULL,
    "body" JSONB,
    "summary" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "result" JSONB,
    "decidedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "PendingAgentWrite_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PendingAgentWrite_workspaceId_status_createdAt_idx" ON "PendingAgentWrite"("workspaceId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "PendingAgentWrite_status_decidedAt_idx" ON "PendingAgentWrite"("status", "decidedAt");

-- AddForeignKey
ALTER TABLE "PendingAgentWrite" ADD CONSTRAINT "PendingAgentWrite_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PendingAgentWrite" ADD CONSTRAINT "PendingAgentWrite_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
