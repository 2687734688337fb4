-- AlterTable
ALTER TABLE "MailboxOrderDomain" ADD COLUMN     "mailboxPriceCents" INTEGER NOT NULL DEFAULT 0;
