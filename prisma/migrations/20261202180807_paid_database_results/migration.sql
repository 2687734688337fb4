-- CreateTable
CREATE TABLE "PaidDatabaseResult" (
    "workspaceId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "resultId" INTEGER NOT NULL,
    "paidAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PaidDatabaseResult_pkey" PRIMARY KEY ("workspaceId","kind","resultId")
);

-- AddForeignKey
ALTER TABLE "PaidDatabaseResult" ADD CONSTRAINT "PaidDatabaseResult_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
