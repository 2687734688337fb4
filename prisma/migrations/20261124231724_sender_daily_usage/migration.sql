-- CreateTable
CREATE TABLE "SenderDailyUsage" (
    "accountId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "invitations" INTEGER NOT NULL DEFAULT 0,
    "profileViews" INTEGER NOT NULL DEFAULT 0,
    "postLikes" INTEGER NOT NULL DEFAULT 0,
    "messages" INTEGER NOT NULL DEFAULT 0,
    "inmails" INTEGER NOT NULL DEFAULT 0,
    "comments" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SenderDailyUsage_pkey" PRIMARY KEY ("accountId","day")
);

-- AddForeignKey
ALTER TABLE "SenderDailyUsage" ADD CONSTRAINT "SenderDailyUsage_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "LinkedinAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The counters follow SenderAction: an action counts on its sender's local day (its timezone when
-- the row changes) while its status is one that reached, or may have reached, LinkedIn
-- (server/domain/sender-limits.ts COUNTED_STATUSES), in the daily cap its type counts against
-- (CAP_OF_ACTION). Inserting, changing the status of, or deleting an action moves the counter in
-- the same transaction: no path that records an action can forget it.
CREATE OR REPLACE FUNCTION herald_sender_usage_add(account text, created timestamp, action_type text, delta integer) RETURNS void AS $$
DECLARE
  zone text;
  local_day date;
  inv integer := CASE WHEN action_type = 'invitation' THEN delta ELSE 0 END;
  views integer := CASE WHEN action_type = 'profile_view' THEN delta ELSE 0 END;
  likes integer := CASE WHEN action_type = 'post_like' THEN delta ELSE 0 END;
  msgs integer := CASE WHEN action_type IN ('message', 'voice_note') THEN delta ELSE 0 END;
  ims integer := CASE WHEN action_type = 'inmail' THEN delta ELSE 0 END;
  cmts integer := CASE WHEN action_type = 'comment' THEN delta ELSE 0 END;
BEGIN
  IF inv = 0 AND views = 0 AND likes = 0 AND msgs = 0 AND ims = 0 AND cmts = 0 THEN
    RETURN;
  END IF;
  SELECT timezone INTO zone FROM "LinkedinAccount" WHERE id = account;
  IF zone IS NULL THEN
    RETURN;
  END IF;
  local_day := ((created AT TIME ZONE 'UTC') AT TIME ZONE zone)::date;
  IF delta > 0 THEN
    INSERT INTO "SenderDailyUsage" ("accountId", "day", "invitations", "profileViews", "postLikes", "messages", "inmails", "comments")
    VALUES (account, local_day, inv, views, likes, msgs, ims, cmts)
    ON CONFLICT ("accountId", "day") DO UPDATE SET
      "invitations" = "SenderDailyUsage"."invitations" + EXCLUDED."invitations",
      "profileViews" = "SenderDailyUsage"."profileViews" + EXCLUDED."profileViews",
      "postLikes" = "SenderDailyUsage"."postLikes" + EXCLUDED."postLikes",
      "messages" = "SenderDailyUsage"."messages" + EXCLUDED."messages",
      "inmails" = "SenderDailyUsage"."inmails" + EXCLUDED."inmails",
      "comments" = "SenderDailyUsage"."comments" + EXCLUDED."comments";
  ELSE
    UPDATE "SenderDailyUsage" SET
      "invitations" = GREATEST(0, "invitations" + inv),
      "profileViews" = GREATEST(0, "profileViews" + views),
      "postLikes" = GREATEST(0, "postLikes" + likes),
      "messages" = GREATEST(0, "messages" + msgs),
      "inmails" = GREATEST(0, "inmails" + ims),
      "comments" = GREATEST(0, "comments" + cmts)
    WHERE "accountId" = account AND "day" = local_day;
  END IF;
END
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION herald_sender_action_usage() RETURNS trigger AS $$
DECLARE
  counted text[] := ARRAY['sending', 'pending', 'accepted', 'withdrawn', 'done'];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Most updates move an action between counted statuses (sending to done): nothing to count.
    IF (OLD.status = ANY(counted)) = (NEW.status = ANY(counted)) AND OLD."accountId" = NEW."accountId"
       AND OLD."createdAt" = NEW."createdAt" AND OLD.type = NEW.type THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.status = ANY(counted) THEN
      PERFORM herald_sender_usage_add(OLD."accountId", OLD."createdAt", OLD.type, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW.status = ANY(counted) THEN
      PERFORM herald_sender_usage_add(NEW."accountId", NEW."createdAt", NEW.type, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER "SenderAction_usage" AFTER INSERT OR UPDATE OR DELETE ON "SenderAction"
  FOR EACH ROW EXECUTE FUNCTION herald_sender_action_usage();

-- A sender's counters counted again from its actions, on its local days in its current time zone:
-- the usage recorded so far (below), and a sender whose time zone changes (update-sender.ts).
CREATE OR REPLACE FUNCTION herald_sender_usage_recount(account text) RETURNS void AS $$
  DELETE FROM "SenderDailyUsage" WHERE "accountId" = account;
  INSERT INTO "SenderDailyUsage" ("accountId", "day", "invitations", "profileViews", "postLikes", "messages", "inmails", "comments")
  SELECT a."accountId",
         ((a."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE acc.timezone)::date,
         count(*) FILTER (WHERE a.type = 'invitation'),
         count(*) FILTER (WHERE a.type = 'profile_view'),
         count(*) FILTER (WHERE a.type = 'post_like'),
         count(*) FILTER (WHERE a.type IN ('message', 'voice_note')),
         count(*) FILTER (WHERE a.type = 'inmail'),
         count(*) FILTER (WHERE a.type = 'comment')
  FROM "SenderAction" a
  JOIN "LinkedinAccount" acc ON acc.id = a."accountId"
  WHERE a."accountId" = account AND a.status IN ('sending', 'pending', 'accepted', 'withdrawn', 'done')
  GROUP BY 1, 2;
$$ LANGUAGE sql;

SELECT herald_sender_usage_recount(id) FROM "LinkedinAccount";
