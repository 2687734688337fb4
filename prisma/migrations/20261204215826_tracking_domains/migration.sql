-- AlterTable
ALTER TABLE "Mailbox" ADD COLUMN     "trackingDomainId" TEXT;

-- CreateTable
CREATE TABLE "TrackingDomain" (
    "id" TEXT NOT NULL DEFAULT herald_id('trk'::text),
    "workspaceId" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "reason" TEXT,
    "httpsWarning" TEXT,
    "checkedAt" TIMESTAMP(3),
    "verifiedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TrackingDomain_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TrackingDomain_host_key" ON "TrackingDomain"("host");

-- CreateIndex
CREATE INDEX "TrackingDomain_status_idx" ON "TrackingDomain"("status");

-- CreateIndex
CREATE UNIQUE INDEX "TrackingDomain_workspaceId_domain_key" ON "TrackingDomain"("workspaceId", "domain");

-- CreateIndex
CREATE INDEX "Mailbox_trackingDomainId_idx" ON "Mailbox"("trackingDomainId");

-- AddForeignKey
ALTER TABLE "Mailbox" ADD CONSTRAINT "Mailbox_trackingDomainId_fkey" FOREIGN KEY ("trackingDomainId") REFERENCES "TrackingDomain"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrackingDomain" ADD CONSTRAINT "TrackingDomain_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
