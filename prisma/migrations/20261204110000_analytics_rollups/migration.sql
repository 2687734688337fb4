-- AlterTable
ALTER TABLE "CampaignLead" ADD COLUMN     "complainedAt" TIMESTAMP(3),
ADD COLUMN     "contactedAt" TIMESTAMP(3),
ADD COLUMN     "outcome" TEXT,
ADD COLUMN     "outcomeAt" TIMESTAMP(3),
ADD COLUMN     "repliedAt" TIMESTAMP(3),
ADD COLUMN     "unsubscribedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "outcomeNames" TEXT[] DEFAULT ARRAY['Meeting booked']::TEXT[];

-- CreateTable
CREATE TABLE "CampaignDailyOutcome" (
    "workspaceId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "linkedinAccountId" TEXT NOT NULL,
    "emailAccountId" TEXT NOT NULL,
    "contacted" INTEGER NOT NULL DEFAULT 0,
    "invited" INTEGER NOT NULL DEFAULT 0,
    "accepted" INTEGER NOT NULL DEFAULT 0,
    "messaged" INTEGER NOT NULL DEFAULT 0,
    "emailed" INTEGER NOT NULL DEFAULT 0,
    "replied" INTEGER NOT NULL DEFAULT 0,
    "positive" INTEGER NOT NULL DEFAULT 0,
    "outcomes" INTEGER NOT NULL DEFAULT 0,
    "bounced" INTEGER NOT NULL DEFAULT 0,
    "complained" INTEGER NOT NULL DEFAULT 0,
    "unsubscribed" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CampaignDailyOutcome_pkey" PRIMARY KEY ("campaignId","day","linkedinAccountId","emailAccountId")
);

-- CreateIndex
CREATE INDEX "CampaignDailyOutcome_workspaceId_day_idx" ON "CampaignDailyOutcome"("workspaceId", "day");

-- CreateIndex
CREATE INDEX "CampaignLead_workspaceId_contactedAt_idx" ON "CampaignLead"("workspaceId", "contactedAt");

-- AddForeignKey
ALTER TABLE "CampaignDailyOutcome" ADD CONSTRAINT "CampaignDailyOutcome_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The analytics count each lead of a campaign once, on the day (UTC) it was first contacted, with
-- what it did since. A lead's first contact and first human reply are set once, here, from the
-- columns every writer already keeps, so no writer has to remember them.
CREATE OR REPLACE FUNCTION herald_campaign_lead_firsts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    NEW."contactedAt" := coalesce(OLD."contactedAt", NEW."contactedAt", least(NEW."invitationSentAt", NEW."messageSentAt", NEW."emailSentAt"));
    NEW."repliedAt" := coalesce(OLD."repliedAt", NEW."repliedAt", least(NEW."lastReplyAt", NEW."emailRepliedAt"));
  ELSE
    NEW."contactedAt" := coalesce(NEW."contactedAt", least(NEW."invitationSentAt", NEW."messageSentAt", NEW."emailSentAt"));
    NEW."repliedAt" := coalesce(NEW."repliedAt", least(NEW."lastReplyAt", NEW."emailRepliedAt"));
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "CampaignLead_firsts" BEFORE INSERT OR UPDATE ON "CampaignLead"
  FOR EACH ROW EXECUTE FUNCTION herald_campaign_lead_firsts();

-- The leads so far: their first contact, reply and complaint, from what they hold.
UPDATE "CampaignLead" SET "contactedAt" = least("invitationSentAt", "messageSentAt", "emailSentAt"),
  "repliedAt" = least("lastReplyAt", "emailRepliedAt")
WHERE "invitationSentAt" IS NOT NULL OR "messageSentAt" IS NOT NULL OR "emailSentAt" IS NOT NULL
  OR "lastReplyAt" IS NOT NULL OR "emailRepliedAt" IS NOT NULL;
UPDATE "CampaignLead" AS cl SET "complainedAt" = e.at
FROM (SELECT "campaignLeadId", min("complainedAt") AS at FROM "EmailMessage"
      WHERE "complainedAt" IS NOT NULL AND "campaignLeadId" IS NOT NULL GROUP BY 1) AS e
WHERE cl.id = e."campaignLeadId";

-- A lead's contribution to the rollup: one row of 0/1 per figure (positive: a lead who replied and whose
-- interest is 'interested'; interest marked on a lead who never replied is no interested reply),
-- added for the rows a statement wrote and taken away for the rows it replaced or deleted. One body
-- for the three triggers: a trigger without one of the transition tables reads an empty set instead.
CREATE OR REPLACE FUNCTION herald_count_daily_outcomes() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  none CONSTANT text := '(SELECT * FROM "CampaignLead" WHERE false) AS nothing';
BEGIN
  EXECUTE format($sql$
  INSERT INTO "CampaignDailyOutcome" AS c ("workspaceId", "campaignId", "day", "linkedinAccountId", "emailAccountId",
    "contacted", "invited", "accepted", "messaged", "emailed", "replied", "positive", "outcomes", "bounced", "complained", "unsubscribed")
  SELECT "workspaceId", "campaignId", day, sender, mailbox, sum(sign), sum(invited), sum(accepted), sum(messaged), sum(emailed),
    sum(replied), sum(positive), sum(outcomes), sum(bounced), sum(complained), sum(unsubscribed)
  FROM (
    SELECT "workspaceId", "campaignId", "contactedAt"::date AS day, coalesce("linkedinAccountId", '') AS sender,
      coalesce("emailAccountId", '') AS mailbox, 1 AS sign,
      ("invitationSentAt" IS NOT NULL)::int AS invited, "invitationAccepted"::int AS accepted,
      ("messageSentAt" IS NOT NULL)::int AS messaged, ("emailSentAt" IS NOT NULL)::int AS emailed,
      ("repliedAt" IS NOT NULL)::int AS replied, coalesce("repliedAt" IS NOT NULL AND interest = 'interested', false)::int AS positive,
      ("outcome" IS NOT NULL)::int AS outcomes, ("emailBouncedAt" IS NOT NULL)::int AS bounced,
      ("complainedAt" IS NOT NULL)::int AS complained, ("unsubscribedAt" IS NOT NULL)::int AS unsubscribed
    FROM %1$s WHERE "contactedAt" IS NOT NULL
    UNION ALL
    SELECT "workspaceId", "campaignId", "contactedAt"::date, coalesce("linkedinAccountId", ''),
      coalesce("emailAccountId", ''), -1,
      -("invitationSentAt" IS NOT NULL)::int, -("invitationAccepted"::int),
      -("messageSentAt" IS NOT NULL)::int, -("emailSentAt" IS NOT NULL)::int,
      -("repliedAt" IS NOT NULL)::int, -(coalesce("repliedAt" IS NOT NULL AND interest = 'interested', false))::int,
      -("outcome" IS NOT NULL)::int, -("emailBouncedAt" IS NOT NULL)::int,
      -("complainedAt" IS NOT NULL)::int, -("unsubscribedAt" IS NOT NULL)::int
    FROM %2$s WHERE "contactedAt" IS NOT NULL
  ) AS changes
  -- A campaign being deleted takes its rollup with it: nothing is written for it.
  WHERE EXISTS (SELECT 1 FROM "Campaign" WHERE id = changes."campaignId")
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(sign) <> 0 OR sum(invited) <> 0 OR sum(accepted) <> 0 OR sum(messaged) <> 0 OR sum(emailed) <> 0
    OR sum(replied) <> 0 OR sum(positive) <> 0 OR sum(outcomes) <> 0 OR sum(bounced) <> 0 OR sum(complained) <> 0
    OR sum(unsubscribed) <> 0
  ORDER BY 2, 3, 4, 5
  ON CONFLICT ("campaignId", "day", "linkedinAccountId", "emailAccountId") DO UPDATE
  SET "contacted" = c."contacted" + excluded."contacted", "invited" = c."invited" + excluded."invited",
    "accepted" = c."accepted" + excluded."accepted", "messaged" = c."messaged" + excluded."messaged",
    "emailed" = c."emailed" + excluded."emailed", "replied" = c."replied" + excluded."replied",
    "positive" = c."positive" + excluded."positive", "outcomes" = c."outcomes" + excluded."outcomes",
    "bounced" = c."bounced" + excluded."bounced", "complained" = c."complained" + excluded."complained",
    "unsubscribed" = c."unsubscribed" + excluded."unsubscribed"
  $sql$, CASE WHEN TG_OP = 'DELETE' THEN none ELSE 'new_rows' END, CASE WHEN TG_OP = 'INSERT' THEN none ELSE 'old_rows' END);
  RETURN NULL;
END $fn$;

CREATE TRIGGER "CampaignLead_daily_outcomes_insert" AFTER INSERT ON "CampaignLead"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herald_count_daily_outcomes();
CREATE TRIGGER "CampaignLead_daily_outcomes_update" AFTER UPDATE ON "CampaignLead"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herald_count_daily_outcomes();
CREATE TRIGGER "CampaignLead_daily_outcomes_delete" AFTER DELETE ON "CampaignLead"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION herald_count_daily_outcomes();

-- The rollup of the leads so far, in one pass.
INSERT INTO "CampaignDailyOutcome" ("workspaceId", "campaignId", "day", "linkedinAccountId", "emailAccountId",
  "contacted", "invited", "accepted", "messaged", "emailed", "replied", "positive", "outcomes", "bounced", "complained", "unsubscribed")
SELECT "workspaceId", "campaignId", "contactedAt"::date, coalesce("linkedinAccountId", ''), coalesce("emailAccountId", ''),
  count(*), count("invitationSentAt"), count(*) FILTER (WHERE "invitationAccepted"), count("messageSentAt"), count("emailSentAt"),
  count("repliedAt"), count(*) FILTER (WHERE interest = 'interested' AND "repliedAt" IS NOT NULL), count("outcome"), count("emailBouncedAt"),
  count("complainedAt"), count("unsubscribedAt")
FROM "CampaignLead" WHERE "contactedAt" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;
