// Disconnect: Herald forgets the tokens and stops syncing. What it made in the CRM (contacts,
// activities, deals) stays there; the settings stay here for a reconnect.
import { db } from "../../db/client";
import { requireRole, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { TCrmConnection } from "../../schemas/crm";
import { findCrmConnection } from "./find-crm-connection";
import { toCrmConnection } from "./to-crm-connection";
import { writeCrmSyncLog } from "./write-crm-sync-log";

export async function disconnectCrm(actor: Actor, id: string): Promise<{ connection: TCrmConnection; message: string }> {
  requireRole(actor, "admin", "disconnect a CRM");
  const row = await findCrmConnection(actor, id);
  const updated = await db.crmConnection.update({
    where: { id: row.id },
    data: { status: "disconnected", tokensEncrypted: null, lastError: null, updatedAt: now() },
  });
  const connection = toCrmConnection(updated);
  const message = `Disconnected ${connection.label}. Contacts, activities and deals Herald already made in ${connection.label} stay there.`;
  await writeCrmSyncLog({ connectionId: row.id, kind: "connect", outcome: "ok", message });
  return { connection, message };
}
