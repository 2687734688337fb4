-- The home's "Get started" checklist (server/services/getting-started/): what a workspace has done
-- once, kept as moments on the workspace. A workspace that already has an active or finished
-- campaign has activated one.
ALTER TABLE "Workspace" ADD COLUMN "forecastOpenedAt" TIMESTAMP(3),
ADD COLUMN "campaignActivatedAt" TIMESTAMP(3),
ADD COLUMN "sandboxActedAt" TIMESTAMP(3),
ADD COLUMN "gettingStartedDismissedAt" TIMESTAMP(3);

UPDATE "Workspace" w SET "campaignActivatedAt" = CURRENT_TIMESTAMP
WHERE EXISTS (SELECT 1 FROM "Campaign" c WHERE c."workspaceId" = w."id" AND (c."status" = 'active' OR c."finishedAt" IS NOT NULL));
