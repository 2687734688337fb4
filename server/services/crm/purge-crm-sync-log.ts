// The sync log is for seeing what recent syncs did: entries older than 30 days go, and a
// connection keeps at most its newest 1,000 (a CRM refusing many records every five minutes must
// not grow it without bound). Run by the hourly purge job.
import { db } from "../../db/client";
import { now } from "../../lib/clock";

export const CRM_SYNC_LOG_DAYS = 30;
export const CRM_SYNC_LOG_MAX_ENTRIES = 1000;

export async function purgeCrmSyncLog(): Promise<{ crmSyncLog: number }> {
  const cutoff = new Date(now().getTime() - CRM_SYNC_LOG_DAYS * 86_400_000);
  const old = await db.crmSyncLogEntry.deleteMany({ where: { at: { lt: cutoff } } });
  const extra = await db.$executeRaw`
    DELETE FROM "CrmSyncLogEntry" l USING (
      SELECT id, row_number() OVER (PARTITION BY "connectionId" ORDER BY at DESC, id DESC) AS n FROM "CrmSyncLogEntry"
    ) ranked
    WHERE l.id = ranked.id AND ranked.n > ${CRM_SYNC_LOG_MAX_ENTRIES}`;
  return { crmSyncLog: old.count + extra };
}
