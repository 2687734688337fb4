// A sync that ran to its end: the log says what it did, in words; the connection records when and
// clears a failure the sync got past.
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { writeCrmSyncLog } from "./write-crm-sync-log";

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function pushSentence(counts: Record<string, number>): string {
  const parts = [
    counts.created ? `${plural(counts.created, "contact")} created` : null,
    counts.matched ? `${plural(counts.matched, "contact")} matched` : null,
    counts.updated ? `${plural(counts.updated, "contact")} updated` : null,
    counts.activities ? `${plural(counts.activities, "activity", "activities")} logged` : null,
    counts.deals ? `${plural(counts.deals, "deal")} created` : null,
  ].filter(Boolean);
  return parts.length ? `Pushed: ${parts.join(", ")}.` : "Pushed: nothing new.";
}

export async function finishCrmSync(connectionId: string, totals: { pull: Record<string, number> | null; push: Record<string, number> | null }): Promise<void> {
  const connection = await db.crmConnection.findUnique({ where: { id: connectionId } });
  if (!connection) return;
  if (totals.pull) {
    const added = totals.pull.exclusions ?? 0;
    await writeCrmSyncLog({
      connectionId,
      kind: "pull",
      outcome: "ok",
      message: added ? `Pulled: ${plural(added, "person", "people")} added to the do-not-contact list.` : "Pulled: no new exclusions.",
      counts: totals.pull,
    });
  }
  if (totals.push) await writeCrmSyncLog({ connectionId, kind: "push", outcome: "ok", message: pushSentence(totals.push), counts: totals.push });
  await db.crmConnection.updateMany({
    where: { id: connectionId, status: { in: ["connected", "error"] } },
    data: { status: "connected", lastError: null, lastSyncAt: now(), updatedAt: now() },
  });
}
