-- AlterTable
ALTER TABLE "SandboxEmail" ADD COLUMN     "nextAt" TIMESTAMP(3),
ADD COLUMN     "raw" TEXT,
ADD COLUMN     "seq" SERIAL NOT NULL;

-- CreateIndex
CREATE INDEX "SandboxEmail_toAddress_direction_seq_idx" ON "SandboxEmail"("toAddress", "direction", "seq");

-- CreateIndex
CREATE INDEX "SandboxEmail_nextAt_idx" ON "SandboxEmail"("nextAt");

-- CreateIndex
CREATE INDEX "SandboxEmail_inReplyTo_idx" ON "SandboxEmail"("inReplyTo");
