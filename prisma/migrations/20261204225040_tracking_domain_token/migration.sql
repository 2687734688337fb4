-- AlterTable
ALTER TABLE "TrackingDomain" ADD COLUMN     "token" TEXT NOT NULL DEFAULT replace((gen_random_uuid())::text, '-'::text, ''::text);
