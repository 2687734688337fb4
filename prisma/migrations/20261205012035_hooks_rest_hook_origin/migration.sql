-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "createdByApiKeyId" TEXT,
ADD COLUMN     "createdVia" TEXT NOT NULL DEFAULT 'user';

-- CreateIndex
CREATE INDEX "WebhookEndpoint_createdByApiKeyId_idx" ON "WebhookEndpoint"("createdByApiKeyId");

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_createdByApiKeyId_fkey" FOREIGN KEY ("createdByApiKeyId") REFERENCES "ApiKey"("id") ON DELETE SET NULL ON UPDATE CASCADE;
