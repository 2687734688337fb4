-- AlterTable
ALTER TABLE "AiCreditLedgerEntry" ADD COLUMN     "grantSource" TEXT,
ADD COLUMN     "grantedBy" TEXT;

-- AlterTable
ALTER TABLE "BillingPayment" ADD COLUMN     "credits" INTEGER;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "instanceAdmin" BOOLEAN NOT NULL DEFAULT false;

-- Backfill (issue 30): the installation's earliest user becomes its instance administrator, so an
-- upgraded installation has one (the first run makes one on a fresh installation). Not the demo's
-- account while there is anyone else: its password is printed in the README.
UPDATE "User" SET "instanceAdmin" = true
WHERE id = (SELECT id FROM "User" ORDER BY (email = 'demo@herald.local') ASC, "createdAt" ASC, id ASC LIMIT 1);

-- The grants made before: the demo's welcome credits, and credits a workspace owner or billing
-- manager added to their own workspace (no longer possible), named as they were.
UPDATE "AiCreditLedgerEntry" SET "grantSource" = 'welcome', "grantedBy" = 'Welcome credits'
WHERE reason = 'grant' AND "createdById" IS NULL AND reference = 'Welcome credits';

UPDATE "AiCreditLedgerEntry" AS entry
SET "grantSource" = 'legacy',
    "grantedBy" = COALESCE(NULLIF(u.name, '') || ' (' || u.email || ')', u.email) || ', a workspace member, before instance administrators'
FROM "User" AS u
WHERE entry.reason = 'grant' AND entry."createdById" = u.id;

UPDATE "AiCreditLedgerEntry" SET "grantSource" = 'legacy', "grantedBy" = 'A workspace member, before instance administrators'
WHERE reason = 'grant' AND "grantSource" IS NULL;
