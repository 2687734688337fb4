-- AlterTable
ALTER TABLE "Mailbox" ADD COLUMN     "managedCancelAt" TIMESTAMP(3),
ADD COLUMN     "managedDomainId" TEXT,
ADD COLUMN     "managedIsAdmin" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "managedRenewsAt" TIMESTAMP(3),
ADD COLUMN     "managedStatus" TEXT,
ADD COLUMN     "managedUserId" TEXT;

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "managedMailboxesEnabled" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "MailboxOrder" (
    "id" TEXT NOT NULL DEFAULT herald_id('mor'::text),
    "workspaceId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'quoted',
    "delayed" BOOLEAN NOT NULL DEFAULT false,
    "statusLabel" TEXT,
    "resumeStatus" TEXT,
    "round" INTEGER NOT NULL DEFAULT 0,
    "stepStartedAt" TIMESTAMP(3),
    "createdVia" TEXT NOT NULL,
    "createdByUserId" TEXT,
    "warmupEnabled" BOOLEAN NOT NULL DEFAULT true,
    "warmupStrategy" JSONB,
    "totalCents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'usd',
    "lines" JSONB NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "billingProvider" TEXT,
    "paymentStatus" TEXT NOT NULL DEFAULT 'none',
    "paymentId" TEXT,
    "checkoutUrl" TEXT,
    "refundedCents" INTEGER NOT NULL DEFAULT 0,
    "paidAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MailboxOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailboxOrderDomain" (
    "id" TEXT NOT NULL DEFAULT herald_id('mod'::text),
    "orderId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "existing" BOOLEAN NOT NULL DEFAULT false,
    "platform" TEXT NOT NULL,
    "years" INTEGER NOT NULL DEFAULT 1,
    "redirectUrl" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "refusedReason" TEXT,
    "priceCents" INTEGER NOT NULL DEFAULT 0,
    "registerRequestedAt" TIMESTAMP(3),
    "registrarId" TEXT,
    "registeredAt" TIMESTAMP(3),
    "tenantId" TEXT,
    "dnsRecords" JSONB NOT NULL DEFAULT '[]',
    "dnsPublishedAt" TIMESTAMP(3),
    "managedDomainId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MailboxOrderDomain_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailboxOrderMailbox" (
    "id" TEXT NOT NULL DEFAULT herald_id('mom'::text),
    "domainId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "step" TEXT NOT NULL DEFAULT 'ordered',
    "platformUserId" TEXT,
    "accessEncrypted" TEXT,
    "accountId" TEXT,
    "connectedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MailboxOrderMailbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ManagedDomain" (
    "id" TEXT NOT NULL DEFAULT herald_id('mdm'::text),
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "registrar" TEXT,
    "registrarId" TEXT,
    "platform" TEXT NOT NULL,
    "platformProvider" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "renewsAt" TIMESTAMP(3),
    "renewalStoppedAt" TIMESTAMP(3),
    "adminCancelledAt" TIMESTAMP(3),
    "orderId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ManagedDomain_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BillingPayment" (
    "id" TEXT NOT NULL DEFAULT herald_id('bpy'::text),
    "workspaceId" TEXT NOT NULL,
    "orderId" TEXT,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "externalId" TEXT,
    "status" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BillingPayment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxDomainRegistration" (
    "name" TEXT NOT NULL,
    "registrationId" TEXT NOT NULL,
    "years" INTEGER NOT NULL,
    "registerCalls" INTEGER NOT NULL DEFAULT 1,
    "registeredAt" TIMESTAMP(3) NOT NULL,
    "activeAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "autoRenew" BOOLEAN NOT NULL DEFAULT true,
    "records" JSONB NOT NULL DEFAULT '[]',
    "redirectUrl" TEXT,
    "renewals" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SandboxDomainRegistration_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "SandboxMailTenant" (
    "id" TEXT NOT NULL DEFAULT herald_id('smt'::text),
    "domain" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "readyAt" TIMESTAMP(3) NOT NULL,
    "createCalls" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "SandboxMailTenant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxMailUser" (
    "id" TEXT NOT NULL DEFAULT herald_id('smu'::text),
    "tenantId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "createCalls" INTEGER NOT NULL DEFAULT 1,
    "accessGrantedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "SandboxMailUser_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MailboxOrder_workspaceId_createdAt_idx" ON "MailboxOrder"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "MailboxOrder_workspaceId_status_createdAt_idx" ON "MailboxOrder"("workspaceId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "MailboxOrder_status_idx" ON "MailboxOrder"("status");

-- CreateIndex
CREATE INDEX "MailboxOrderDomain_name_idx" ON "MailboxOrderDomain"("name");

-- CreateIndex
CREATE UNIQUE INDEX "MailboxOrderDomain_orderId_position_key" ON "MailboxOrderDomain"("orderId", "position");

-- CreateIndex
CREATE INDEX "MailboxOrderMailbox_orderId_idx" ON "MailboxOrderMailbox"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "MailboxOrderMailbox_domainId_position_key" ON "MailboxOrderMailbox"("domainId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "ManagedDomain_name_key" ON "ManagedDomain"("name");

-- CreateIndex
CREATE INDEX "ManagedDomain_workspaceId_idx" ON "ManagedDomain"("workspaceId");

-- CreateIndex
CREATE INDEX "ManagedDomain_renewsAt_idx" ON "ManagedDomain"("renewsAt");

-- CreateIndex
CREATE UNIQUE INDEX "BillingPayment_key_key" ON "BillingPayment"("key");

-- CreateIndex
CREATE INDEX "BillingPayment_workspaceId_createdAt_idx" ON "BillingPayment"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "BillingPayment_orderId_idx" ON "BillingPayment"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "SandboxDomainRegistration_registrationId_key" ON "SandboxDomainRegistration"("registrationId");

-- CreateIndex
CREATE UNIQUE INDEX "SandboxMailTenant_domain_key" ON "SandboxMailTenant"("domain");

-- CreateIndex
CREATE UNIQUE INDEX "SandboxMailUser_email_key" ON "SandboxMailUser"("email");

-- CreateIndex
CREATE INDEX "Mailbox_managedDomainId_idx" ON "Mailbox"("managedDomainId");

-- CreateIndex
CREATE INDEX "Mailbox_managedRenewsAt_idx" ON "Mailbox"("managedRenewsAt");

-- AddForeignKey
ALTER TABLE "Mailbox" ADD CONSTRAINT "Mailbox_managedDomainId_fkey" FOREIGN KEY ("managedDomainId") REFERENCES "ManagedDomain"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailboxOrderDomain" ADD CONSTRAINT "MailboxOrderDomain_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "MailboxOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailboxOrderMailbox" ADD CONSTRAINT "MailboxOrderMailbox_domainId_fkey" FOREIGN KEY ("domainId") REFERENCES "MailboxOrderDomain"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillingPayment" ADD CONSTRAINT "BillingPayment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "MailboxOrder"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SandboxMailUser" ADD CONSTRAINT "SandboxMailUser_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "SandboxMailTenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
