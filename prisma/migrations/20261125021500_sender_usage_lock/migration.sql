-- A sender's counters change one transaction at a time. The weekly limit sums several days' rows:
-- two reservations of one sender on either side of its local midnight each locked only their own
-- day's row, neither waited for the other, and both could pass the weekly check. Every change of a
-- sender's counters (the trigger's, and a recount) now first takes a transaction-scoped advisory
-- lock on the sender, held until the transaction ends: a reservation's insert waits for any other
-- uncommitted reservation of that sender, and its cap check (the next statement) sees it. Taken for
-- decrements and recounts too, so a transaction never holds a counter row while waiting for the
-- sender's lock (no lock-order deadlock between the two).
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
  PERFORM pg_advisory_xact_lock(hashtext('sender-usage:' || account));
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

CREATE OR REPLACE FUNCTION herald_sender_usage_recount(account text) RETURNS void AS $$
  SELECT pg_advisory_xact_lock(hashtext('sender-usage:' || account));
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
