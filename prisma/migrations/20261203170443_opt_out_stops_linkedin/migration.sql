-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "optOutStopsLinkedin" BOOLEAN NOT NULL DEFAULT true;
