// The CRM refused the connection's token: the connection shows "Disconnected — reconnect" and its
// sync stops. Nothing else in Herald changes (campaigns, other connections, other workspaces).
import { db } from "../../db/client";
import type { CrmConnection } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { CRM_LABELS } from "../../providers/crm/crm-settings";
import type { CrmProviderName } from "../../providers/crm/types";
import { writeCrmSyncLog } from "./write-crm-sync-log";

export async function markCrmRevoked(connection: Pick<CrmConnection, "id" | "provider">, reason: string): Promise<void> {
  const label = CRM_LABELS[connection.provider as CrmProviderName];
  const message = `Disconnected — reconnect: ${label} refused Herald's access (${reason}).`;
  const changed = await db.crmConnection.updateMany({
    where: { id: connection.id, status: { in: ["connected", "error"] } },
    data: { status: "revoked", lastError: message, updatedAt: now() },
  });
  if (changed.count) await writeCrmSyncLog({ connectionId: connection.id, kind: "connect", outcome: "error", message });
}
