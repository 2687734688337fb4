-- Campaign steps may follow a lead (the `follow` step): a follow counts against its own daily cap,
-- `follows` (server/domain/sender-limits.ts CAP_OF_ACTION). The counters gain the column, and the
-- trigger's function and the recount (latest: 20261125021500_sender_usage_lock) count `follow`
-- actions in it; nothing recorded before counted a follow, so no recount is needed.
ALTER TABLE "SenderDailyUsage" ADD COLUMN "follows" INTEGER NOT NULL DEFAULT 0;

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
  fols integer := CASE WHEN action_type = 'follow' THEN delta ELSE 0 END;
BEGIN
  IF inv = 0 AND views = 0 AND likes = 0 AND msgs = 0 AND ims = 0 AND cmts = 0 AND fols = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('sender-usage:' || account));
  SELECT timezone INTO zone FROM "LinkedinAccount" WHERE id = account;
  IF zone IS NULL THEN
    RETURN;
  END IF;
  local_day := ((created AT TIME ZONE 'UTC') AT TIME ZONE zone)::date;
  IF delta > 0 THEN
    INSERT INTO "SenderDailyUsage" ("accountId", "day", "invitations", "profileViews", "postLikes", "messages", "inmails", "comments", "follows")
    VALUES (account, local_day, inv, views, likes, msgs, ims, cmts, fols)
    ON CONFLICT ("accountId", "day") DO UPDATE SET
      "invitations" = "SenderDailyUsage"."invitations" + EXCLUDED."invitations",
      "profileViews" = "SenderDailyUsage"."profileViews" + EXCLUDED."profileViews",
      "postLikes" = "SenderDailyUsage"."postLikes" + EXCLUDED."postLikes",
      "messages" = "SenderDailyUsage"."messages" + EXCLUDED."messages",
      "inmails" = "SenderDailyUsage"."inmails" + EXCLUDED."inmails",
      "comments" = "SenderDailyUsage"."comments" + EXCLUDED."comments",
      "follows" = "SenderDailyUsage"."follows" + EXCLUDED."follows";
  ELSE
    UPDATE "SenderDailyUsage" SET
      "invitations" = GREATEST(0, "invitations" + inv),
      "profileViews" = GREATEST(0, "profileViews" + views),
      "postLikes" = GREATEST(0, "postLikes" + likes),
      "messages" = GREATEST(0, "messages" + msgs),
      "inmails" = GREATEST(0, "inmails" + ims),
      "comments" = GREATEST(0, "comments" + cmts),
      "follows" = GREATEST(0, "follows" + fols)
    WHERE "accountId" = account AND "day" = local_day;
  END IF;
END
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION herald_sender_usage_recount(account text) RETURNS void AS $$
  SELECT pg_advisory_xact_lock(hashtext('sender-usage:' || account));
  DELETE FROM "SenderDailyUsage" WHERE "accountId" = account;
  INSERT INTO "SenderDailyUsage" ("accountId", "day", "invitations", "profileViews", "postLikes", "messages", "inmails", "comments", "follows")
  SELECT a."accountId",
         ((a."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE acc.timezone)::date,
         count(*) FILTER (WHERE a.type = 'invitation'),
         count(*) FILTER (WHERE a.type = 'profile_view'),
         count(*) FILTER (WHERE a.type = 'post_like'),
         count(*) FILTER (WHERE a.type IN ('message', 'voice_note')),
         count(*) FILTER (WHERE a.type = 'inmail'),
         count(*) FILTER (WHERE a.type = 'comment'),
         count(*) FILTER (WHERE a.type = 'follow')
  FROM "SenderAction" a
  JOIN "LinkedinAccount" acc ON acc.id = a."accountId"
  WHERE a."accountId" = account AND a.status IN ('sending', 'pending', 'accepted', 'withdrawn', 'done')
  GROUP BY 1, 2;
$$ LANGUAGE sql;

-- Its row type gained a column: defined again so it returns the table's rows as they are now.
CREATE OR REPLACE FUNCTION herald_sender_usage_locked(account text, since date) RETURNS SETOF "SenderDailyUsage" AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('sender-usage:' || account));
  RETURN QUERY SELECT * FROM "SenderDailyUsage" WHERE "accountId" = account AND "day" >= since;
END
$$ LANGUAGE plpgsql VOLATILE;
