-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "catchAllProbe" BOOLEAN NOT NULL DEFAULT false;
