-- AlterTable
ALTER TABLE "SandboxWarmupEnrollment" ADD COLUMN     "mailboxId" TEXT;

-- CreateIndex
CREATE INDEX "SandboxWarmupEnrollment_mailboxId_idx" ON "SandboxWarmupEnrollment"("mailboxId");
