-- AlterTable
ALTER TABLE "DeliverabilityTest" ADD COLUMN     "sendingAt" TIMESTAMP(3);

-- Tests from before: a test that was sent, or that the mail server refused, did try to send.
UPDATE "DeliverabilityTest" SET "sendingAt" = COALESCE("sentAt", "startedAt")
WHERE "sentAt" IS NOT NULL OR ("failure" = 'send' AND "failureMessage" LIKE 'The test e-mail could not be sent:%');
