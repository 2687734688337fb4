-- AlterTable
ALTER TABLE "MailboxHostedLink" ADD COLUMN     "externalId" TEXT;
