-- DropForeignKey
ALTER TABLE "WebhookEndpoint" DROP CONSTRAINT "WebhookEndpoint_createdByApiKeyId_fkey";

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_createdByApiKeyId_fkey" FOREIGN KEY ("createdByApiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- REST hooks subscribed by a key revoked before this migration stop with it, as revoking does now.
DELETE FROM "WebhookEndpoint"
WHERE "createdVia" = 'rest-hook'
  AND "createdByApiKeyId" IN (SELECT id FROM "ApiKey" WHERE "revokedAt" IS NOT NULL);
