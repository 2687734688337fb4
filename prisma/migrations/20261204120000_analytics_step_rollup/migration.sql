-- The analytics per step and A/B variant, kept like the daily rollup (20261204110000_analytics_rollups):
-- each lead carries the steps that reached it (`reached`, kept by a trigger on the journal), and the
-- lead's statement trigger adds and takes away its contribution to CampaignStepOutcome, so a change
-- to the journal and a change to the lead's figures go through the same old and new rows and are
-- never counted twice.

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

-- A journal row's entry in its lead's `reached`, or null when the step has not reached the lead.
CREATE OR REPLACE FUNCTION herald_reached_entry(step text, variant text, status text, kind text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN status = 'done' THEN step || ':' || coalesce(variant, '')
    WHEN status = 'failed' AND kind = 'email' THEN '~' || step || ':' || coalesce(variant, '')
  END
$$;

CREATE OR REPLACE FUNCTION herald_journal_reached() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before text;
  after text;
BEGIN
  IF TG_OP <> 'INSERT' THEN before := herald_reached_entry(OLD."stepId", OLD."variantId", OLD.status, OLD."stepType"); END IF;
  IF TG_OP <> 'DELETE' THEN after := herald_reached_entry(NEW."stepId", NEW."variantId", NEW.status, NEW."stepType"); END IF;
  IF before IS DISTINCT FROM after THEN
    UPDATE "CampaignLead"
    SET reached = array_remove(coalesce(reached, '{}'), before) || CASE WHEN after IS NULL THEN '{}'::text[] ELSE ARRAY[after] END
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD."campaignLeadId" ELSE NEW."campaignLeadId" END;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "CampaignLeadStep_reached" AFTER INSERT OR UPDATE OF status, "variantId" OR DELETE ON "CampaignLeadStep"
  FOR EACH ROW EXECUTE FUNCTION herald_journal_reached();

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
      ("repliedAt" IS NOT NULL)::int AS replied, coalesce(interest = 'interested', false)::int AS positive,
      ("outcome" IS NOT NULL)::int AS outcomes, ("emailBouncedAt" IS NOT NULL)::int AS bounced,
      ("complainedAt" IS NOT NULL)::int AS complained, ("unsubscribedAt" IS NOT NULL)::int AS unsubscribed
    FROM %1$s WHERE "contactedAt" IS NOT NULL
    UNION ALL
    SELECT "workspaceId", "campaignId", "contactedAt"::date, coalesce("linkedinAccountId", ''),
      coalesce("emailAccountId", ''), -1,
      -("invitationSentAt" IS NOT NULL)::int, -("invitationAccepted"::int),
      -("messageSentAt" IS NOT NULL)::int, -("emailSentAt" IS NOT NULL)::int,
      -("repliedAt" IS NOT NULL)::int, -(coalesce(interest = 'interested', false))::int,
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

  -- The same per step and variant (CampaignStepOutcome), from the steps that reached each lead: an
  -- entry `stepId:variantId` for a step done, `~stepId:variantId` for an e-mail step that failed,
  -- which reached the lead when its e-mail bounced.
  EXECUTE format($sql$
  INSERT INTO "CampaignStepOutcome" AS c ("campaignId", "stepId", "variantId", "day",
    "reached", "invited", "accepted", "messaged", "emailed", "replied", "positive", "outcomes", "bounced", "complained", "unsubscribed")
  SELECT "campaignId", step, variant, day, sum(sign), sum(invited), sum(accepted), sum(messaged), sum(emailed),
    sum(replied), sum(positive), sum(outcomes), sum(bounced), sum(complained), sum(unsubscribed)
  FROM (
    SELECT "campaignId", ltrim(split_part(e.entry, ':', 1), '~') AS step, substr(e.entry, strpos(e.entry, ':') + 1) AS variant,
      "contactedAt"::date AS day, 1 AS sign,
      ("invitationSentAt" IS NOT NULL)::int AS invited, "invitationAccepted"::int AS accepted,
      ("messageSentAt" IS NOT NULL)::int AS messaged, ("emailSentAt" IS NOT NULL)::int AS emailed,
      ("repliedAt" IS NOT NULL)::int AS replied, coalesce(interest = 'interested', false)::int AS positive,
      ("outcome" IS NOT NULL)::int AS outcomes, ("emailBouncedAt" IS NOT NULL)::int AS bounced,
      ("complainedAt" IS NOT NULL)::int AS complained, ("unsubscribedAt" IS NOT NULL)::int AS unsubscribed
    FROM %1$s CROSS JOIN LATERAL unnest(coalesce(reached, '{}')) AS e(entry)
    WHERE "contactedAt" IS NOT NULL AND (left(e.entry, 1) <> '~' OR "emailBouncedAt" IS NOT NULL)
    UNION ALL
    SELECT "campaignId", ltrim(split_part(e.entry, ':', 1), '~'), substr(e.entry, strpos(e.entry, ':') + 1),
      "contactedAt"::date, -1,
      -("invitationSentAt" IS NOT NULL)::int, -("invitationAccepted"::int),
      -("messageSentAt" IS NOT NULL)::int, -("emailSentAt" IS NOT NULL)::int,
      -("repliedAt" IS NOT NULL)::int, -(coalesce(interest = 'interested', false))::int,
      -("outcome" IS NOT NULL)::int, -("emailBouncedAt" IS NOT NULL)::int,
      -("complainedAt" IS NOT NULL)::int, -("unsubscribedAt" IS NOT NULL)::int
    FROM %2$s CROSS JOIN LATERAL unnest(coalesce(reached, '{}')) AS e(entry)
    WHERE "contactedAt" IS NOT NULL AND (left(e.entry, 1) <> '~' OR "emailBouncedAt" IS NOT NULL)
  ) AS changes
  WHERE EXISTS (SELECT 1 FROM "Campaign" WHERE id = changes."campaignId")
  GROUP BY 1, 2, 3, 4
  HAVING sum(sign) <> 0 OR sum(invited) <> 0 OR sum(accepted) <> 0 OR sum(messaged) <> 0 OR sum(emailed) <> 0
    OR sum(replied) <> 0 OR sum(positive) <> 0 OR sum(outcomes) <> 0 OR sum(bounced) <> 0 OR sum(complained) <> 0
    OR sum(unsubscribed) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("campaignId", "stepId", "variantId", "day") DO UPDATE
  SET "reached" = c."reached" + excluded."reached", "invited" = c."invited" + excluded."invited",
    "accepted" = c."accepted" + excluded."accepted", "messaged" = c."messaged" + excluded."messaged",
    "emailed" = c."emailed" + excluded."emailed", "replied" = c."replied" + excluded."replied",
    "positive" = c."positive" + excluded."positive", "outcomes" = c."outcomes" + excluded."outcomes",
    "bounced" = c."bounced" + excluded."bounced", "complained" = c."complained" + excluded."complained",
    "unsubscribed" = c."unsubscribed" + excluded."unsubscribed"
  $sql$, CASE WHEN TG_OP = 'DELETE' THEN none ELSE 'new_rows' END, CASE WHEN TG_OP = 'INSERT' THEN none ELSE 'old_rows' END);
  RETURN NULL;
END $fn$;

-- The leads so far: the steps that reached them. The lead's trigger fills CampaignStepOutcome as it
-- goes (the daily rollup does not change: no figure of a lead changes here).
UPDATE "CampaignLead" AS cl SET reached = j.entries
FROM (SELECT "campaignLeadId", array_agg(herald_reached_entry("stepId", "variantId", status, "stepType") ORDER BY "startedAt") AS entries
      FROM "CampaignLeadStep" WHERE herald_reached_entry("stepId", "variantId", status, "stepType") IS NOT NULL GROUP BY 1) AS j
WHERE cl.id = j."campaignLeadId";
