-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "shareDoNotContact" BOOLEAN NOT NULL DEFAULT false;

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

-- CreateIndex
CREATE INDEX "DoNotContactEntry_hash_idx" ON "DoNotContactEntry"("hash");

-- CreateIndex
CREATE INDEX "DoNotContactEntry_workspaceId_kind_createdAt_idx" ON "DoNotContactEntry"("workspaceId", "kind", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "DoNotContactEntry_workspaceId_hash_key" ON "DoNotContactEntry"("workspaceId", "hash");

-- AddForeignKey
ALTER TABLE "DoNotContactEntry" ADD CONSTRAINT "DoNotContactEntry_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
