// One line of a connection's sync log (Settings → Integrations): what a sync, import or connect did,
// in plain words, with its counts.
import { db } from "../../db/client";
import { now } from "../../lib/clock";

export type CrmSyncKind = "push" | "pull" | "import" | "connect";
export type CrmSyncOutcome = "ok" | "error" | "skipped";

export async function writeCrmSyncLog(entry: { connectionId: string; kind: CrmSyncKind; outcome: CrmSyncOutcome; message: string; counts?: Record<string, number> }): Promise<void> {
  await db.crmSyncLogEntry.create({
    data: { connectionId: entry.connectionId, kind: entry.kind, outcome: entry.outcome, message: entry.message, counts: entry.counts ?? {}, at: now() },
  });
}
