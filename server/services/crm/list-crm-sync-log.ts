import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TCrmSyncLogEntry } from "../../schemas/crm";
import { findCrmConnection } from "./find-crm-connection";

/** A connection's sync log, newest first. */
export async function listCrmSyncLog(actor: Actor, id: string, page: { limit: number; offset: number }): Promise<TCrmSyncLogEntry[]> {
  const connection = await findCrmConnection(actor, id);
  const rows = await db.crmSyncLogEntry.findMany({
    where: { connectionId: connection.id },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: page.limit,
    skip: page.offset,
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as TCrmSyncLogEntry["kind"],
    outcome: row.outcome as TCrmSyncLogEntry["outcome"],
    message: row.message,
    counts: (row.counts ?? {}) as Record<string, number>,
    at: row.at.toISOString(),
  }));
}
