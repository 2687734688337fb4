-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN     "sourceNotice" TEXT,
ADD COLUMN     "verification" JSONB NOT NULL DEFAULT '{"invalid": "skip", "risky": "send"}';

-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "sourceDetail" TEXT;

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "deliveryLogRetentionDays" INTEGER NOT NULL DEFAULT 7,
ADD COLUMN     "messageRetentionDays" INTEGER,
ADD COLUMN     "shareDoNotContact" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "verificationMaxAgeDays" INTEGER NOT NULL DEFAULT 30;

-- CreateTable
CREATE TABLE "DoNotContactEntry" (
    "id" TEXT NOT NULL DEFAULT herald_id('dnc'::text),
    "workspaceId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "value" TEXT,
    "hash" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "note" TEXT,
    "createdBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DoNotContactEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AddressVerification" (
    "workspaceId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "check" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AddressVerification_pkey" PRIMARY KEY ("workspaceId","address")
);

-- CreateTable
CREATE TABLE "VerificationJob" (
    "id" TEXT NOT NULL DEFAULT herald_id('vjb'::text),
    "workspaceId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "addresses" TEXT[],
    "targetsCompanies" BOOLEAN NOT NULL DEFAULT false,
    "total" INTEGER NOT NULL,
    "checked" INTEGER NOT NULL DEFAULT 0,
    "counts" JSONB NOT NULL DEFAULT '{}',
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "VerificationJob_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DoNotContactEntry_hash_idx" ON "DoNotContactEntry"("hash");

-- CreateIndex
CREATE INDEX "DoNotContactEntry_workspaceId_kind_createdAt_idx" ON "DoNotContactEntry"("workspaceId", "kind", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "DoNotContactEntry_workspaceId_hash_key" ON "DoNotContactEntry"("workspaceId", "hash");

-- CreateIndex
CREATE INDEX "AddressVerification_workspaceId_status_idx" ON "AddressVerification"("workspaceId", "status");

-- CreateIndex
CREATE INDEX "VerificationJob_workspaceId_createdAt_idx" ON "VerificationJob"("workspaceId", "createdAt");

-- AddForeignKey
ALTER TABLE "DoNotContactEntry" ADD CONSTRAINT "DoNotContactEntry_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
