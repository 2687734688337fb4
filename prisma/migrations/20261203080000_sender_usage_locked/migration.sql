-- A campaign step's reservation in one statement (reserve-step-action.ts): the statement starts the
-- lead, writes the action and its journal row, and reads the sender's counters to check its caps.
-- Its own action is counted by the SenderDailyUsage trigger at the end of the statement, too late for
-- the statement's snapshot to wait for other reservations: this function first takes the sender's
-- usage lock (as herald_sender_usage_add does, held until the statement's transaction ends), then
-- reads the counters. A VOLATILE function's query takes a fresh snapshot, so it sees every
-- reservation of the sender committed before the lock was granted; a later one waits for this one to
-- commit. The counters read are those before this statement's own action.
CREATE OR REPLACE FUNCTION herald_sender_usage_locked(account text, since date) RETURNS SETOF "SenderDailyUsage" AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('sender-usage:' || account));
  RETURN QUERY SELECT * FROM "SenderDailyUsage" WHERE "accountId" = account AND "day" >= since;
END
$$ LANGUAGE plpgsql VOLATILE;
