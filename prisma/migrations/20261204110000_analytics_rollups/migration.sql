-- The analytics' rollups (issue 36). Each lead of a campaign is counted once, on the day (UTC) it was
-- first contacted, with what it did since: per campaign, sender and mailbox (CampaignDailyOutcome)
-- and per step and A/B variant that reached it (CampaignStepOutcome). Both are kept by statement
-- triggers on CampaignLead, in the statement that changes the leads, so every writer keeps them
-- right. A lead carries the steps that reached it (`reached`, kept by a trigger on the journal), so a
-- change to the journal and a change to the lead's figures both go through the lead's old and new
-- rows, and are never counted twice.

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

-- AlterTable
ALTER TABLE "CampaignLead" ADD COLUMN     "reached" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "CampaignStepOutcome" (
    "campaignId" TEXT NOT NULL,
    "stepId" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "reached" INTEGER NOT NULL DEFAULT 0,
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

    CONSTRAINT "CampaignStepOutcome_pkey" PRIMARY KEY ("campaignId","stepId","variantId","day")
);

-- AddForeignKey
ALTER TABLE "CampaignStepOutcome" ADD CONSTRAINT "CampaignStepOutcome_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

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

-- A journal row's entry in its lead's `reached`: `stepId:variantId` for a step done,
-- `~stepId:variantId` for an e-mail step that failed (it reached the lead when its e-mail bounced),
-- null when the step has not reached the lead. Step ids are letters, digits, _ and -.
CREATE OR REPLACE FUNCTION herald_reached_entry(step text, variant text, status text, kind text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN status = 'done' THEN step || ':' || coalesce(variant, '')
    WHEN status = 'failed' AND kind = 'email' THEN '~' || step || ':' || coalesce(variant, '')
  END
$$;

-- Keeps the lead's `reached` as its journal changes; writes the lead only when the entry changes (a
-- lead written with its `reached` already, as a seed does, is left alone).
CREATE OR REPLACE FUNCTION herald_journal_reached() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before text;
  after text;
  lead text;
  current text[];
BEGIN
  IF TG_OP <> 'INSERT' THEN before := herald_reached_entry(OLD."stepId", OLD."variantId", OLD.status, OLD."stepType"); END IF;
  IF TG_OP <> 'DELETE' THEN after := herald_reached_entry(NEW."stepId", NEW."variantId", NEW.status, NEW."stepType"); END IF;
  IF before IS NOT DISTINCT FROM after THEN RETURN NULL; END IF;
  lead := CASE WHEN TG_OP = 'DELETE' THEN OLD."campaignLeadId" ELSE NEW."campaignLeadId" END;
  -- Locked before it is read: two transactions changing the same lead's journal (a bounce report and
  -- the executor's next step) each see the other's entry, and neither overwrites it.
  SELECT coalesce(reached, '{}') INTO current FROM "CampaignLead" WHERE id = lead FOR UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF (before IS NULL OR NOT current @> ARRAY[before]) AND (after IS NULL OR current @> ARRAY[after]) THEN RETURN NULL; END IF;
  UPDATE "CampaignLead"
  SET reached = array_remove(array_remove(coalesce(reached, '{}'), before), after) || CASE WHEN after IS NULL THEN '{}'::text[] ELSE ARRAY[after] END
  WHERE id = lead;
  RETURN NULL;
END $$;

CREATE TRIGGER "CampaignLeadStep_reached" AFTER INSERT OR UPDATE OF status, "variantId" OR DELETE ON "CampaignLeadStep"
  FOR EACH ROW EXECUTE FUNCTION herald_journal_reached();

-- The leads so far: their first contact, reply and complaint, and the steps that reached them.
UPDATE "CampaignLead" SET "contactedAt" = least("invitationSentAt", "messageSentAt", "emailSentAt"),
  "repliedAt" = least("lastReplyAt", "emailRepliedAt")
WHERE "invitationSentAt" IS NOT NULL OR "messageSentAt" IS NOT NULL OR "emailSentAt" IS NOT NULL
  OR "lastReplyAt" IS NOT NULL OR "emailRepliedAt" IS NOT NULL;
UPDATE "CampaignLead" AS cl SET "complainedAt" = e.at
FROM (SELECT "campaignLeadId", min("complainedAt") AS at FROM "EmailMessage"
      WHERE "complainedAt" IS NOT NULL AND "campaignLeadId" IS NOT NULL GROUP BY 1) AS e
WHERE cl.id = e."campaignLeadId";
-- An unsubscribe before this migration left no mark on the campaign lead: a lead whose person opted
-- out of e-mail after the campaign e-mailed it counts as unsubscribed then.
UPDATE "CampaignLead" AS cl SET "unsubscribedAt" = l."emailOptOutAt"
FROM "Lead" AS l
WHERE l.id = cl."leadId" AND l."emailOptOut" AND l."emailOptOutAt" IS NOT NULL
  AND cl."emailSentAt" IS NOT NULL AND l."emailOptOutAt" >= cl."emailSentAt";
UPDATE "CampaignLead" AS cl SET reached = j.entries
FROM (SELECT "campaignLeadId", array_agg(herald_reached_entry("stepId", "variantId", status, "stepType") ORDER BY "startedAt") AS entries
      FROM "CampaignLeadStep" WHERE herald_reached_entry("stepId", "variantId", status, "stepType") IS NOT NULL GROUP BY 1) AS j
WHERE cl.id = j."campaignLeadId";

-- A lead's contribution to both rollups: a 0/1 per figure (positive: a lead who replied and whose
-- interest is "interested"), added for the rows a statement wrote and taken away for the rows it
-- replaced or deleted. Static SQL per kind of statement, so each plan is made once per session.
CREATE OR REPLACE FUNCTION herald_count_outcomes_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "CampaignDailyOutcome" AS c ("workspaceId", "campaignId", "day", "linkedinAccountId", "emailAccountId", "contacted", "invited", "accepted", "messaged", "emailed", "replied", "positive", "outcomes", "bounced", "complained", "unsubscribed")
  SELECT "workspaceId", "campaignId", day, sender, mailbox, sum(sign), sum(invited), sum(accepted), sum(messaged), sum(emailed), sum(replied), sum(positive), sum(outcomes), sum(bounced), sum(complained), sum(unsubscribed)
  FROM (
    SELECT "workspaceId", "campaignId", "contactedAt"::date AS day, coalesce("linkedinAccountId", '') AS sender,
      coalesce("emailAccountId", '') AS mailbox, 1 AS sign, ("invitationSentAt" IS NOT NULL)::int, ("invitationAccepted" AND "invitationSentAt" IS NOT NULL)::int, ("messageSentAt" IS NOT NULL)::int, ("emailSentAt" IS NOT NULL)::int, ("repliedAt" IS NOT NULL)::int, ("repliedAt" IS NOT NULL AND coalesce(interest = 'interested', false))::int, ("outcome" IS NOT NULL)::int, ("emailBouncedAt" IS NOT NULL)::int, ("complainedAt" IS NOT NULL)::int, ("unsubscribedAt" IS NOT NULL)::int
    FROM new_rows WHERE "contactedAt" IS NOT NULL
  ) AS changes ("workspaceId", "campaignId", day, sender, mailbox, sign, invited, accepted, messaged, emailed, replied, positive, outcomes, bounced, complained, unsubscribed)
  -- A campaign being deleted takes its rollup with it: nothing is written for it.
  WHERE EXISTS (SELECT 1 FROM "Campaign" WHERE id = changes."campaignId")
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(sign) <> 0 OR sum(invited) <> 0 OR sum(accepted) <> 0 OR sum(messaged) <> 0 OR sum(emailed) <> 0 OR sum(replied) <> 0 OR sum(positive) <> 0 OR sum(outcomes) <> 0 OR sum(bounced) <> 0 OR sum(complained) <> 0 OR sum(unsubscribed) <> 0
  ORDER BY 2, 3, 4, 5
  ON CONFLICT ("campaignId", "day", "linkedinAccountId", "emailAccountId") DO UPDATE
  SET "contacted" = c."contacted" + excluded."contacted", "invited" = c."invited" + excluded."invited", "accepted" = c."accepted" + excluded."accepted", "messaged" = c."messaged" + excluded."messaged", "emailed" = c."emailed" + excluded."emailed", "replied" = c."replied" + excluded."replied", "positive" = c."positive" + excluded."positive", "outcomes" = c."outcomes" + excluded."outcomes", "bounced" = c."bounced" + excluded."bounced", "complained" = c."complained" + excluded."complained", "unsubscribed" = c."unsubscribed" + excluded."unsubscribed";
  INSERT INTO "CampaignStepOutcome" AS c ("campaignId", "stepId", "variantId", "day", "reached", "invited", "accepted", "messaged", "emailed", "replied", "positive", "outcomes", "bounced", "complained", "unsubscribed")
  SELECT "campaignId", step, variant, day, sum(sign), sum(invited), sum(accepted), sum(messaged), sum(emailed), sum(replied), sum(positive), sum(outcomes), sum(bounced), sum(complained), sum(unsubscribed)
  FROM (
    SELECT "campaignId", ltrim(split_part(e.entry, ':', 1), '~'), substr(e.entry, strpos(e.entry, ':') + 1),
      "contactedAt"::date, 1, ("invitationSentAt" IS NOT NULL)::int, ("invitationAccepted" AND "invitationSentAt" IS NOT NULL)::int, ("messageSentAt" IS NOT NULL)::int, ("emailSentAt" IS NOT NULL)::int, ("repliedAt" IS NOT NULL)::int, ("repliedAt" IS NOT NULL AND coalesce(interest = 'interested', false))::int, ("outcome" IS NOT NULL)::int, ("emailBouncedAt" IS NOT NULL)::int, ("complainedAt" IS NOT NULL)::int, ("unsubscribedAt" IS NOT NULL)::int
    FROM new_rows CROSS JOIN LATERAL unnest(coalesce(reached, '{}')) AS e(entry)
    WHERE "contactedAt" IS NOT NULL AND (left(e.entry, 1) <> '~' OR "emailBouncedAt" IS NOT NULL)
  ) AS changes ("campaignId", step, variant, day, sign, invited, accepted, messaged, emailed, replied, positive, outcomes, bounced, complained, unsubscribed)
  WHERE EXISTS (SELECT 1 FROM "Campaign" WHERE id = changes."campaignId")
  GROUP BY 1, 2, 3, 4
  HAVING sum(sign) <> 0 OR sum(invited) <> 0 OR sum(accepted) <> 0 OR sum(messaged) <> 0 OR sum(emailed) <> 0 OR sum(replied) <> 0 OR sum(positive) <> 0 OR sum(outcomes) <> 0 OR sum(bounced) <> 0 OR sum(complained) <> 0 OR sum(unsubscribed) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("campaignId", "stepId", "variantId", "day") DO UPDATE
  SET "reached" = c."reached" + excluded."reached", "invited" = c."invited" + excluded."invited", "accepted" = c."accepted" + excluded."accepted", "messaged" = c."messaged" + excluded."messaged", "emailed" = c."emailed" + excluded."emailed", "replied" = c."replied" + excluded."replied", "positive" = c."positive" + excluded."positive", "outcomes" = c."outcomes" + excluded."outcomes", "bounced" = c."bounced" + excluded."bounced", "complained" = c."complained" + excluded."complained", "unsubscribed" = c."unsubscribed" + excluded."unsubscribed";
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION herald_count_outcomes_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "CampaignDailyOutcome" AS c ("workspaceId", "campaignId", "day", "linkedinAccountId", "emailAccountId", "contacted", "invited", "accepted", "messaged", "emailed", "replied", "positive", "outcomes", "bounced", "complained", "unsubscribed")
  SELECT "workspaceId", "campaignId", day, sender, mailbox, sum(sign), sum(invited), sum(accepted), sum(messaged), sum(emailed), sum(replied), sum(positive), sum(outcomes), sum(bounced), sum(complained), sum(unsubscribed)
  FROM (
    SELECT "workspaceId", "campaignId", "contactedAt"::date AS day, coalesce("linkedinAccountId", '') AS sender,
      coalesce("emailAccountId", '') AS mailbox, 1 AS sign, ("invitationSentAt" IS NOT NULL)::int, ("invitationAccepted" AND "invitationSentAt" IS NOT NULL)::int, ("messageSentAt" IS NOT NULL)::int, ("emailSentAt" IS NOT NULL)::int, ("repliedAt" IS NOT NULL)::int, ("repliedAt" IS NOT NULL AND coalesce(interest = 'interested', false))::int, ("outcome" IS NOT NULL)::int, ("emailBouncedAt" IS NOT NULL)::int, ("complainedAt" IS NOT NULL)::int, ("unsubscribedAt" IS NOT NULL)::int
    FROM new_rows WHERE "contactedAt" IS NOT NULL
    UNION ALL
    SELECT "workspaceId", "campaignId", "contactedAt"::date AS day, coalesce("linkedinAccountId", '') AS sender,
      coalesce("emailAccountId", '') AS mailbox, -1 AS sign, -("invitationSentAt" IS NOT NULL)::int, -("invitationAccepted" AND "invitationSentAt" IS NOT NULL)::int, -("messageSentAt" IS NOT NULL)::int, -("emailSentAt" IS NOT NULL)::int, -("repliedAt" IS NOT NULL)::int, -("repliedAt" IS NOT NULL AND coalesce(interest = 'interested', false))::int, -("outcome" IS NOT NULL)::int, -("emailBouncedAt" IS NOT NULL)::int, -("complainedAt" IS NOT NULL)::int, -("unsubscribedAt" IS NOT NULL)::int
    FROM old_rows WHERE "contactedAt" IS NOT NULL
  ) AS changes ("workspaceId", "campaignId", day, sender, mailbox, sign, invited, accepted, messaged, emailed, replied, positive, outcomes, bounced, complained, unsubscribed)
  -- A campaign being deleted takes its rollup with it: nothing is written for it.
  WHERE EXISTS (SELECT 1 FROM "Campaign" WHERE id = changes."campaignId")
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(sign) <> 0 OR sum(invited) <> 0 OR sum(accepted) <> 0 OR sum(messaged) <> 0 OR sum(emailed) <> 0 OR sum(replied) <> 0 OR sum(positive) <> 0 OR sum(outcomes) <> 0 OR sum(bounced) <> 0 OR sum(complained) <> 0 OR sum(unsubscribed) <> 0
  ORDER BY 2, 3, 4, 5
  ON CONFLICT ("campaignId", "day", "linkedinAccountId", "emailAccountId") DO UPDATE
  SET "contacted" = c."contacted" + excluded."contacted", "invited" = c."invited" + excluded."invited", "accepted" = c."accepted" + excluded."accepted", "messaged" = c."messaged" + excluded."messaged", "emailed" = c."emailed" + excluded."emailed", "replied" = c."replied" + excluded."replied", "positive" = c."positive" + excluded."positive", "outcomes" = c."outcomes" + excluded."outcomes", "bounced" = c."bounced" + excluded."bounced", "complained" = c."complained" + excluded."complained", "unsubscribed" = c."unsubscribed" + excluded."unsubscribed";
  INSERT INTO "CampaignStepOutcome" AS c ("campaignId", "stepId", "variantId", "day", "reached", "invited", "accepted", "messaged", "emailed", "replied", "positive", "outcomes", "bounced", "complained", "unsubscribed")
  SELECT "campaignId", step, variant, day, sum(sign), sum(invited), sum(accepted), sum(messaged), sum(emailed), sum(replied), sum(positive), sum(outcomes), sum(bounced), sum(complained), sum(unsubscribed)
  FROM (
    SELECT "campaignId", ltrim(split_part(e.entry, ':', 1), '~'), substr(e.entry, strpos(e.entry, ':') + 1),
      "contactedAt"::date, 1, ("invitationSentAt" IS NOT NULL)::int, ("invitationAccepted" AND "invitationSentAt" IS NOT NULL)::int, ("messageSentAt" IS NOT NULL)::int, ("emailSentAt" IS NOT NULL)::int, ("repliedAt" IS NOT NULL)::int, ("repliedAt" IS NOT NULL AND coalesce(interest = 'interested', false))::int, ("outcome" IS NOT NULL)::int, ("emailBouncedAt" IS NOT NULL)::int, ("complainedAt" IS NOT NULL)::int, ("unsubscribedAt" IS NOT NULL)::int
    FROM new_rows CROSS JOIN LATERAL unnest(coalesce(reached, '{}')) AS e(entry)
    WHERE "contactedAt" IS NOT NULL AND (left(e.entry, 1) <> '~' OR "emailBouncedAt" IS NOT NULL)
    UNION ALL
    SELECT "campaignId", ltrim(split_part(e.entry, ':', 1), '~'), substr(e.entry, strpos(e.entry, ':') + 1),
      "contactedAt"::date, -1, -("invitationSentAt" IS NOT NULL)::int, -("invitationAccepted" AND "invitationSentAt" IS NOT NULL)::int, -("messageSentAt" IS NOT NULL)::int, -("emailSentAt" IS NOT NULL)::int, -("repliedAt" IS NOT NULL)::int, -("repliedAt" IS NOT NULL AND coalesce(interest = 'interested', false))::int, -("outcome" IS NOT NULL)::int, -("emailBouncedAt" IS NOT NULL)::int, -("complainedAt" IS NOT NULL)::int, -("unsubscribedAt" IS NOT NULL)::int
    FROM old_rows CROSS JOIN LATERAL unnest(coalesce(reached, '{}')) AS e(entry)
    WHERE "contactedAt" IS NOT NULL AND (left(e.entry, 1) <> '~' OR "emailBouncedAt" IS NOT NULL)
  ) AS changes ("campaignId", step, variant, day, sign, invited, accepted, messaged, emailed, replied, positive, outcomes, bounced, complained, unsubscribed)
  WHERE EXISTS (SELECT 1 FROM "Campaign" WHERE id = changes."campaignId")
  GROUP BY 1, 2, 3, 4
  HAVING sum(sign) <> 0 OR sum(invited) <> 0 OR sum(accepted) <> 0 OR sum(messaged) <> 0 OR sum(emailed) <> 0 OR sum(replied) <> 0 OR sum(positive) <> 0 OR sum(outcomes) <> 0 OR sum(bounced) <> 0 OR sum(complained) <> 0 OR sum(unsubscribed) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("campaignId", "stepId", "variantId", "day") DO UPDATE
  SET "reached" = c."reached" + excluded."reached", "invited" = c."invited" + excluded."invited", "accepted" = c."accepted" + excluded."accepted", "messaged" = c."messaged" + excluded."messaged", "emailed" = c."emailed" + excluded."emailed", "replied" = c."replied" + excluded."replied", "positive" = c."positive" + excluded."positive", "outcomes" = c."outcomes" + excluded."outcomes", "bounced" = c."bounced" + excluded."bounced", "complained" = c."complained" + excluded."complained", "unsubscribed" = c."unsubscribed" + excluded."unsubscribed";
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION herald_count_outcomes_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "CampaignDailyOutcome" AS c ("workspaceId", "campaignId", "day", "linkedinAccountId", "emailAccountId", "contacted", "invited", "accepted", "messaged", "emailed", "replied", "positive", "outcomes", "bounced", "complained", "unsubscribed")
  SELECT "workspaceId", "campaignId", day, sender, mailbox, sum(sign), sum(invited), sum(accepted), sum(messaged), sum(emailed), sum(replied), sum(positive), sum(outcomes), sum(bounced), sum(complained), sum(unsubscribed)
  FROM (
    SELECT "workspaceId", "campaignId", "contactedAt"::date AS day, coalesce("linkedinAccountId", '') AS sender,
      coalesce("emailAccountId", '') AS mailbox, -1 AS sign, -("invitationSentAt" IS NOT NULL)::int, -("invitationAccepted" AND "invitationSentAt" IS NOT NULL)::int, -("messageSentAt" IS NOT NULL)::int, -("emailSentAt" IS NOT NULL)::int, -("repliedAt" IS NOT NULL)::int, -("repliedAt" IS NOT NULL AND coalesce(interest = 'interested', false))::int, -("outcome" IS NOT NULL)::int, -("emailBouncedAt" IS NOT NULL)::int, -("complainedAt" IS NOT NULL)::int, -("unsubscribedAt" IS NOT NULL)::int
    FROM old_rows WHERE "contactedAt" IS NOT NULL
  ) AS changes ("workspaceId", "campaignId", day, sender, mailbox, sign, invited, accepted, messaged, emailed, replied, positive, outcomes, bounced, complained, unsubscribed)
  -- A campaign being deleted takes its rollup with it: nothing is written for it.
  WHERE EXISTS (SELECT 1 FROM "Campaign" WHERE id = changes."campaignId")
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(sign) <> 0 OR sum(invited) <> 0 OR sum(accepted) <> 0 OR sum(messaged) <> 0 OR sum(emailed) <> 0 OR sum(replied) <> 0 OR sum(positive) <> 0 OR sum(outcomes) <> 0 OR sum(bounced) <> 0 OR sum(complained) <> 0 OR sum(unsubscribed) <> 0
  ORDER BY 2, 3, 4, 5
  ON CONFLICT ("campaignId", "day", "linkedinAccountId", "emailAccountId") DO UPDATE
  SET "contacted" = c."contacted" + excluded."contacted", "invited" = c."invited" + excluded."invited", "accepted" = c."accepted" + excluded."accepted", "messaged" = c."messaged" + excluded."messaged", "emailed" = c."emailed" + excluded."emailed", "replied" = c."replied" + excluded."replied", "positive" = c."positive" + excluded."positive", "outcomes" = c."outcomes" + excluded."outcomes", "bounced" = c."bounced" + excluded."bounced", "complained" = c."complained" + excluded."complained", "unsubscribed" = c."unsubscribed" + excluded."unsubscribed";
  INSERT INTO "CampaignStepOutcome" AS c ("campaignId", "stepId", "variantId", "day", "reached", "invited", "accepted", "messaged", "emailed", "replied", "positive", "outcomes", "bounced", "complained", "unsubscribed")
  SELECT "campaignId", step, variant, day, sum(sign), sum(invited), sum(accepted), sum(messaged), sum(emailed), sum(replied), sum(positive), sum(outcomes), sum(bounced), sum(complained), sum(unsubscribed)
  FROM (
    SELECT "campaignId", ltrim(split_part(e.entry, ':', 1), '~'), substr(e.entry, strpos(e.entry, ':') + 1),
      "contactedAt"::date, -1, -("invitationSentAt" IS NOT NULL)::int, -("invitationAccepted" AND "invitationSentAt" IS NOT NULL)::int, -("messageSentAt" IS NOT NULL)::int, -("emailSentAt" IS NOT NULL)::int, -("repliedAt" IS NOT NULL)::int, -("repliedAt" IS NOT NULL AND coalesce(interest = 'interested', false))::int, -("outcome" IS NOT NULL)::int, -("emailBouncedAt" IS NOT NULL)::int, -("complainedAt" IS NOT NULL)::int, -("unsubscribedAt" IS NOT NULL)::int
    FROM old_rows CROSS JOIN LATERAL unnest(coalesce(reached, '{}')) AS e(entry)
    WHERE "contactedAt" IS NOT NULL AND (left(e.entry, 1) <> '~' OR "emailBouncedAt" IS NOT NULL)
  ) AS changes ("campaignId", step, variant, day, sign, invited, accepted, messaged, emailed, replied, positive, outcomes, bounced, complained, unsubscribed)
  WHERE EXISTS (SELECT 1 FROM "Campaign" WHERE id = changes."campaignId")
  GROUP BY 1, 2, 3, 4
  HAVING sum(sign) <> 0 OR sum(invited) <> 0 OR sum(accepted) <> 0 OR sum(messaged) <> 0 OR sum(emailed) <> 0 OR sum(replied) <> 0 OR sum(positive) <> 0 OR sum(outcomes) <> 0 OR sum(bounced) <> 0 OR sum(complained) <> 0 OR sum(unsubscribed) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("campaignId", "stepId", "variantId", "day") DO UPDATE
  SET "reached" = c."reached" + excluded."reached", "invited" = c."invited" + excluded."invited", "accepted" = c."accepted" + excluded."accepted", "messaged" = c."messaged" + excluded."messaged", "emailed" = c."emailed" + excluded."emailed", "replied" = c."replied" + excluded."replied", "positive" = c."positive" + excluded."positive", "outcomes" = c."outcomes" + excluded."outcomes", "bounced" = c."bounced" + excluded."bounced", "complained" = c."complained" + excluded."complained", "unsubscribed" = c."unsubscribed" + excluded."unsubscribed";
  RETURN NULL;
END $$;


CREATE TRIGGER "CampaignLead_outcomes_insert" AFTER INSERT ON "CampaignLead"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herald_count_outcomes_inserted();
CREATE TRIGGER "CampaignLead_outcomes_update" AFTER UPDATE ON "CampaignLead"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herald_count_outcomes_updated();
CREATE TRIGGER "CampaignLead_outcomes_delete" AFTER DELETE ON "CampaignLead"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION herald_count_outcomes_deleted();

-- Both rollups of the leads so far, in one pass each: the leads' change above ran before the
-- triggers existed, so nothing is counted twice.
INSERT INTO "CampaignDailyOutcome" AS c ("workspaceId", "campaignId", "day", "linkedinAccountId", "emailAccountId", "contacted", "invited",
  "accepted", "messaged", "emailed", "replied", "positive", "outcomes", "bounced", "complained", "unsubscribed")
SELECT "workspaceId", "campaignId", "contactedAt"::date, coalesce("linkedinAccountId", ''), coalesce("emailAccountId", ''),
  count(*), count("invitationSentAt"), count(*) FILTER (WHERE "invitationAccepted" AND "invitationSentAt" IS NOT NULL), count("messageSentAt"), count("emailSentAt"),
  count("repliedAt"), count(*) FILTER (WHERE "repliedAt" IS NOT NULL AND interest = 'interested'), count("outcome"), count("emailBouncedAt"),
  count("complainedAt"), count("unsubscribedAt")
FROM "CampaignLead" WHERE "contactedAt" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;
INSERT INTO "CampaignStepOutcome" ("campaignId", "stepId", "variantId", "day", "reached", "invited", "accepted", "messaged", "emailed",
  "replied", "positive", "outcomes", "bounced", "complained", "unsubscribed")
SELECT "campaignId", ltrim(split_part(e.entry, ':', 1), '~'), substr(e.entry, strpos(e.entry, ':') + 1), "contactedAt"::date,
  count(*), count("invitationSentAt"), count(*) FILTER (WHERE "invitationAccepted" AND "invitationSentAt" IS NOT NULL), count("messageSentAt"), count("emailSentAt"),
  count("repliedAt"), count(*) FILTER (WHERE "repliedAt" IS NOT NULL AND interest = 'interested'), count("outcome"), count("emailBouncedAt"),
  count("complainedAt"), count("unsubscribedAt")
FROM "CampaignLead" CROSS JOIN LATERAL unnest(coalesce(reached, '{}')) AS e(entry)
WHERE "contactedAt" IS NOT NULL AND (left(e.entry, 1) <> '~' OR "emailBouncedAt" IS NOT NULL)
GROUP BY 1, 2, 3, 4;
