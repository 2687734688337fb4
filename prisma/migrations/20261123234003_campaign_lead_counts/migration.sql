-- DropIndex
DROP INDEX "CampaignLead_campaignId_status_idx";

-- CreateTable
CREATE TABLE "CampaignLeadCount" (
    "campaignId" TEXT NOT NULL,
    "linkedinAccountId" TEXT NOT NULL,
    "status" "CampaignLeadStatus" NOT NULL,
    "leads" INTEGER NOT NULL DEFAULT 0,
    "invited" INTEGER NOT NULL DEFAULT 0,
    "accepted" INTEGER NOT NULL DEFAULT 0,
    "messaged" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CampaignLeadCount_pkey" PRIMARY KEY ("campaignId","linkedinAccountId","status")
);

-- CreateIndex
CREATE INDEX "CampaignLead_campaignId_seq_idx" ON "CampaignLead"("campaignId", "seq");

-- CreateIndex
CREATE INDEX "CampaignLead_campaignId_status_seq_idx" ON "CampaignLead"("campaignId", "status", "seq");

-- AddForeignKey
ALTER TABLE "CampaignLeadCount" ADD CONSTRAINT "CampaignLeadCount_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The counters of the leads already there.
INSERT INTO "CampaignLeadCount" ("campaignId", "linkedinAccountId", "status", "leads", "invited", "accepted", "messaged")
SELECT "campaignId", coalesce("linkedinAccountId", ''), "status", count(*), count("invitationSentAt"),
  count(*) FILTER (WHERE "invitationAccepted"), count("messageSentAt")
FROM "CampaignLead" GROUP BY 1, 2, 3;

-- Keeps the counters in the statement that changes leads, whichever code runs it (the executor,
-- stopping or resuming a lead, adding leads, a cascade from a deleted campaign or lead). Statement
-- triggers with transition tables add up a bulk change once, and an update that moves no counter (when
-- a lead is next due, its step) writes nothing. Counter rows are written in key order, so two
-- transactions never take them in opposite orders within one statement.
CREATE FUNCTION herald_count_campaign_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Update only: when a campaign is deleted its counters may already be gone with it.
    UPDATE "CampaignLeadCount" AS c
    SET "leads" = c."leads" - d."leads", "invited" = c."invited" - d."invited",
      "accepted" = c."accepted" - d."accepted", "messaged" = c."messaged" - d."messaged"
    FROM (
      SELECT "campaignId", coalesce("linkedinAccountId", '') AS sender, "status", count(*) AS leads,
        count("invitationSentAt") AS invited, count(*) FILTER (WHERE "invitationAccepted") AS accepted,
        count("messageSentAt") AS messaged
      FROM old_rows GROUP BY 1, 2, 3
    ) AS d
    WHERE c."campaignId" = d."campaignId" AND c."linkedinAccountId" = d.sender AND c."status" = d."status";
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "CampaignLeadCount" AS c ("campaignId", "linkedinAccountId", "status", "leads", "invited", "accepted", "messaged")
    SELECT "campaignId", coalesce("linkedinAccountId", ''), "status", count(*), count("invitationSentAt"),
      count(*) FILTER (WHERE "invitationAccepted"), count("messageSentAt")
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("campaignId", "linkedinAccountId", "status") DO UPDATE
    SET "leads" = c."leads" + excluded."leads", "invited" = c."invited" + excluded."invited",
      "accepted" = c."accepted" + excluded."accepted", "messaged" = c."messaged" + excluded."messaged";
    RETURN NULL;
  END IF;
  INSERT INTO "CampaignLeadCount" AS c ("campaignId", "linkedinAccountId", "status", "leads", "invited", "accepted", "messaged")
  SELECT "campaignId", sender, "status", sum(sign), sum(invited), sum(accepted), sum(messaged)
  FROM (
    SELECT "campaignId", coalesce("linkedinAccountId", '') AS sender, "status", 1 AS sign,
      ("invitationSentAt" IS NOT NULL)::int AS invited, "invitationAccepted"::int AS accepted,
      ("messageSentAt" IS NOT NULL)::int AS messaged
    FROM new_rows
    UNION ALL
    SELECT "campaignId", coalesce("linkedinAccountId", ''), "status", -1,
      -("invitationSentAt" IS NOT NULL)::int, -("invitationAccepted"::int), -("messageSentAt" IS NOT NULL)::int
    FROM old_rows
  ) AS changes
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR sum(invited) <> 0 OR sum(accepted) <> 0 OR sum(messaged) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("campaignId", "linkedinAccountId", "status") DO UPDATE
  SET "leads" = c."leads" + excluded."leads", "invited" = c."invited" + excluded."invited",
    "accepted" = c."accepted" + excluded."accepted", "messaged" = c."messaged" + excluded."messaged";
  RETURN NULL;
END $$;

CREATE TRIGGER "CampaignLead_count_insert" AFTER INSERT ON "CampaignLead"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herald_count_campaign_leads();
CREATE TRIGGER "CampaignLead_count_update" AFTER UPDATE ON "CampaignLead"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herald_count_campaign_leads();
CREATE TRIGGER "CampaignLead_count_delete" AFTER DELETE ON "CampaignLead"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION herald_count_campaign_leads();
