-- CreateTable
CREATE TABLE "CrmPendingCreate" (
    "connectionId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CrmPendingCreate_pkey" PRIMARY KEY ("connectionId","leadId")
);

-- AddForeignKey
ALTER TABLE "CrmPendingCreate" ADD CONSTRAINT "CrmPendingCreate_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "CrmConnection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
