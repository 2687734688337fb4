-- AlterTable
ALTER TABLE "SandboxDomainRegistration" ADD COLUMN     "renewalReferences" TEXT[] DEFAULT ARRAY[]::TEXT[];
