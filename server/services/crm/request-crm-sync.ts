// "Sync now": one run of the connection's sync, as the 5-minute schedule starts it.
import { inngest } from "@/inngest/client";
import { jobRunnerConfigured } from "@/inngest/connection";
import { crmSyncRequested } from "@/inngest/events";
import { requireRole, type Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { CRM_LABELS } from "../../providers/crm/crm-settings";
import type { CrmProviderName } from "../../providers/crm/types";
import { disconnectedError } from "./with-crm-client";
import { findCrmConnection } from "./find-crm-connection";

export async function requestCrmSync(actor: Actor, id: string): Promise<{ requested: true; message: string }> {
  requireRole(actor, "admin", "sync a CRM");
  const connection = await findCrmConnection(actor, id);
  if (connection.status !== "connected" && connection.status !== "error") throw disconnectedError(connection);
  if (!connection.pushEnabled && !connection.pullEnabled) {
    throw new HeraldError({ code: "invalid-input", message: "Both pushing and pulling are off for this CRM: turn one on to sync." });
  }
  if (!jobRunnerConfigured()) {
    throw new HeraldError({ code: "unavailable", message: "Herald's background jobs are not running, so the sync cannot start: an administrator checks the Inngest settings (Settings → Background jobs)." });
  }
  await inngest.send(crmSyncRequested.create({ connectionId: connection.id, workspaceId: connection.workspaceId }));
  return { requested: true, message: `${CRM_LABELS[connection.provider as CrmProviderName]} sync started; the log shows what it did.` };
}
