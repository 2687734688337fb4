-- The e-mail funnel (sent, opened, clicked, replied, bounced), kept as the LinkedIn one is: a column
-- per event on the lead, set once (the first time), and counters beside the leads kept by the same
-- statement triggers (20261123234003_campaign_lead_counts), so a lead counts once however many of
-- its e-mails were opened, answered or bounced.

-- AlterTable
ALTER TABLE "CampaignLead" ADD COLUMN "emailSentAt" TIMESTAMP(3),
ADD COLUMN "emailRepliedAt" TIMESTAMP(3),
ADD COLUMN "emailBouncedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "CampaignLeadCount" ADD COLUMN "emailSent" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "emailOpened" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "emailClicked" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "emailReplied" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "emailBounced" INTEGER NOT NULL DEFAULT 0;

-- The leads' e-mail events so far, from their e-mails. The old trigger moves no counter for these
-- columns (it writes nothing); the counters are filled below in one pass.
UPDATE "CampaignLead" AS cl
SET "emailSentAt" = e.sent, "emailRepliedAt" = e.replied, "emailBouncedAt" = e.bounced
FROM (
  SELECT "campaignLeadId",
    min("sentAt") FILTER (WHERE direction = 'outbound' AND source = 'campaign') AS sent,
    min(coalesce("sentAt", "createdAt")) FILTER (WHERE direction = 'inbound' AND kind = 'reply') AS replied,
    min("bouncedAt") FILTER (WHERE direction = 'outbound') AS bounced
  FROM "EmailMessage" WHERE "campaignLeadId" IS NOT NULL
  GROUP BY 1
) AS e
WHERE cl.id = e."campaignLeadId" AND (e.sent IS NOT NULL OR e.replied IS NOT NULL OR e.bounced IS NOT NULL);

CREATE OR REPLACE FUNCTION herald_count_campaign_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Update only: when a campaign is deleted its counters may already be gone with it.
    UPDATE "CampaignLeadCount" AS c
    SET "leads" = c."leads" - d."leads", "invited" = c."invited" - d."invited",
      "accepted" = c."accepted" - d."accepted", "messaged" = c."messaged" - d."messaged",
      "emailSent" = c."emailSent" - d."emailSent", "emailOpened" = c."emailOpened" - d."emailOpened",
      "emailClicked" = c."emailClicked" - d."emailClicked", "emailReplied" = c."emailReplied" - d."emailReplied",
      "emailBounced" = c."emailBounced" - d."emailBounced"
    FROM (
      SELECT "campaignId", coalesce("linkedinAccountId", '') AS sender, "status", count(*) AS leads,
        count("invitationSentAt") AS invited, count(*) FILTER (WHERE "invitationAccepted") AS accepted,
        count("messageSentAt") AS messaged, count("emailSentAt") AS "emailSent", count("emailOpenedAt") AS "emailOpened",
        count("emailClickedAt") AS "emailClicked", count("emailRepliedAt") AS "emailReplied", count("emailBouncedAt") AS "emailBounced"
      FROM old_rows GROUP BY 1, 2, 3
    ) AS d
    WHERE c."campaignId" = d."campaignId" AND c."linkedinAccountId" = d.sender AND c."status" = d."status";
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "CampaignLeadCount" AS c ("campaignId", "linkedinAccountId", "status", "leads", "invited", "accepted", "messaged",
      "emailSent", "emailOpened", "emailClicked", "emailReplied", "emailBounced")
    SELECT "campaignId", coalesce("linkedinAccountId", ''), "status", count(*), count("invitationSentAt"),
      count(*) FILTER (WHERE "invitationAccepted"), count("messageSentAt"),
      count("emailSentAt"), count("emailOpenedAt"), count("emailClickedAt"), count("emailRepliedAt"), count("emailBouncedAt")
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("campaignId", "linkedinAccountId", "status") DO UPDATE
    SET "leads" = c."leads" + excluded."leads", "invited" = c."invited" + excluded."invited",
      "accepted" = c."accepted" + excluded."accepted", "messaged" = c."messaged" + excluded."messaged",
      "emailSent" = c."emailSent" + excluded."emailSent", "emailOpened" = c."emailOpened" + excluded."emailOpened",
      "emailClicked" = c."emailClicked" + excluded."emailClicked", "emailReplied" = c."emailReplied" + excluded."emailReplied",
      "emailBounced" = c."emailBounced" + excluded."emailBounced";
    RETURN NULL;
  END IF;
  INSERT INTO "CampaignLeadCount" AS c ("campaignId", "linkedinAccountId", "status", "leads", "invited", "accepted", "messaged",
    "emailSent", "emailOpened", "emailClicked", "emailReplied", "emailBounced")
  SELECT "campaignId", sender, "status", sum(sign), sum(invited), sum(accepted), sum(messaged),
    sum(sent), sum(opened), sum(clicked), sum(replied), sum(bounced)
  FROM (
    SELECT "campaignId", coalesce("linkedinAccountId", '') AS sender, "status", 1 AS sign,
      ("invitationSentAt" IS NOT NULL)::int AS invited, "invitationAccepted"::int AS accepted,
      ("messageSentAt" IS NOT NULL)::int AS messaged, ("emailSentAt" IS NOT NULL)::int AS sent,
      ("emailOpenedAt" IS NOT NULL)::int AS opened, ("emailClickedAt" IS NOT NULL)::int AS clicked,
      ("emailRepliedAt" IS NOT NULL)::int AS replied, ("emailBouncedAt" IS NOT NULL)::int AS bounced
    FROM new_rows
    UNION ALL
    SELECT "campaignId", coalesce("linkedinAccountId", ''), "status", -1,
      -("invitationSentAt" IS NOT NULL)::int, -("invitationAccepted"::int), -("messageSentAt" IS NOT NULL)::int,
      -("emailSentAt" IS NOT NULL)::int, -("emailOpenedAt" IS NOT NULL)::int, -("emailClickedAt" IS NOT NULL)::int,
      -("emailRepliedAt" IS NOT NULL)::int, -("emailBouncedAt" IS NOT NULL)::int
    FROM old_rows
  ) AS changes
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR sum(invited) <> 0 OR sum(accepted) <> 0 OR sum(messaged) <> 0
    OR sum(sent) <> 0 OR sum(opened) <> 0 OR sum(clicked) <> 0 OR sum(replied) <> 0 OR sum(bounced) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("campaignId", "linkedinAccountId", "status") DO UPDATE
  SET "leads" = c."leads" + excluded."leads", "invited" = c."invited" + excluded."invited",
    "accepted" = c."accepted" + excluded."accepted", "messaged" = c."messaged" + excluded."messaged",
    "emailSent" = c."emailSent" + excluded."emailSent", "emailOpened" = c."emailOpened" + excluded."emailOpened",
    "emailClicked" = c."emailClicked" + excluded."emailClicked", "emailReplied" = c."emailReplied" + excluded."emailReplied",
    "emailBounced" = c."emailBounced" + excluded."emailBounced";
  RETURN NULL;
END $$;

-- The e-mail counters of the leads already there (every group of leads has its counter row).
UPDATE "CampaignLeadCount" AS c
SET "emailSent" = d.sent, "emailOpened" = d.opened, "emailClicked" = d.clicked, "emailReplied" = d.replied, "emailBounced" = d.bounced
FROM (
  SELECT "campaignId", coalesce("linkedinAccountId", '') AS sender, "status", count("emailSentAt") AS sent,
    count("emailOpenedAt") AS opened, count("emailClickedAt") AS clicked, count("emailRepliedAt") AS replied,
    count("emailBouncedAt") AS bounced
  FROM "CampaignLead" GROUP BY 1, 2, 3
) AS d
WHERE c."campaignId" = d."campaignId" AND c."linkedinAccountId" = d.sender AND c."status" = d."status"
  AND (d.sent <> 0 OR d.opened <> 0 OR d.clicked <> 0 OR d.replied <> 0 OR d.bounced <> 0);
