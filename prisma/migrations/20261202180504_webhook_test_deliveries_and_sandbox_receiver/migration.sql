-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "test" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "SandboxWebhookReceiver" (
    "workspaceId" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SandboxWebhookReceiver_pkey" PRIMARY KEY ("workspaceId")
);

-- CreateTable
CREATE TABLE "SandboxWebhookArrival" (
    "id" TEXT NOT NULL DEFAULT herald_id('arv'::text),
    "workspaceId" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL,
    "headers" JSONB NOT NULL,
    "body" TEXT NOT NULL,
    "webhookId" TEXT,
    "signatureValid" BOOLEAN NOT NULL,

    CONSTRAINT "SandboxWebhookArrival_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SandboxWebhookReceiver_token_key" ON "SandboxWebhookReceiver"("token");

-- CreateIndex
CREATE INDEX "SandboxWebhookArrival_workspaceId_receivedAt_idx" ON "SandboxWebhookArrival"("workspaceId", "receivedAt");

-- AddForeignKey
ALTER TABLE "SandboxWebhookReceiver" ADD CONSTRAINT "SandboxWebhookReceiver_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SandboxWebhookArrival" ADD CONSTRAINT "SandboxWebhookArrival_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
