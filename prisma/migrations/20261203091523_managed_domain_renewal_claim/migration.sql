-- AlterTable
ALTER TABLE "ManagedDomain" ADD COLUMN     "renewalClaimedAt" TIMESTAMP(3);
