// One batch of a connection's sync (the Inngest function sync-crm calls this once per step): pull
// a page of exclusions, push a batch of leads, or push a batch of activities. A connection the CRM
// disconnected stops here without an error (only its own sync stops); a CRM failure is written to
// the log in plain words and thrown for a retry (CrmError "rate-limited" carries when).
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { isHeraldError } from "../../lib/errors";
import { logger } from "../../lib/logger";
import { CRM_LABELS } from "../../providers/crm/crm-settings";
import { crmProvider, type CrmProviderLookup } from "../../providers/crm/registry";
import { isCrmError, type CrmProviderName } from "../../providers/crm/types";
import { pullCrmExclusions } from "./pull-crm-exclusions";
import { pushCrmActivities } from "./push-crm-activities";
import { pushCrmLeads } from "./push-crm-leads";
import { withCrmClient } from "./with-crm-client";
import { writeCrmSyncLog } from "./write-crm-sync-log";

export type CrmSyncStage = "pull" | "push-leads" | "push-activities";

export interface CrmSyncStageResult {
  done: boolean;
  /** Why the sync stopped (disconnected, removed), in words; null when it goes on. */
  stopped: string | null;
  counts: Record<string, number>;
}

const ACTIVE = ["connected", "error"];

export async function runCrmSyncStage(connectionId: string, stage: CrmSyncStage, providers: CrmProviderLookup = crmProvider): Promise<CrmSyncStageResult> {
  const connection = await db.crmConnection.findUnique({ where: { id: connectionId } });
  if (!connection) return { done: true, stopped: "The connection was removed.", counts: {} };
  if (!ACTIVE.includes(connection.status)) return { done: true, stopped: `${CRM_LABELS[connection.provider as CrmProviderName]} is disconnected.`, counts: {} };
  if (stage === "pull" ? !connection.pullEnabled : !connection.pushEnabled) return { done: true, stopped: null, counts: {} };
  try {
    return await withCrmClient<CrmSyncStageResult>(
      connection,
      async ({ client, provider }): Promise<CrmSyncStageResult> => {
        if (stage === "pull") {
          const { done, read, added } = await pullCrmExclusions(connection, client, provider.label);
          return { done, stopped: null, counts: { read, exclusions: added } };
        }
        if (stage === "push-leads") {
          const { done, ...counts } = await pushCrmLeads(connection, client);
          return { done, stopped: null, counts };
        }
        const { done, logged, deals, created, failed } = await pushCrmActivities(connection, client);
        return { done, stopped: null, counts: { activities: logged, deals, created, failed } };
      },
      providers,
    );
  } catch (error) {
    if (isHeraldError(error) && error.code === "crm-disconnected") return { done: true, stopped: error.message, counts: {} };
    const label = CRM_LABELS[connection.provider as CrmProviderName];
    const kind = stage === "pull" ? "pull" : "push";
    if (isCrmError(error)) {
      const message =
        error.kind === "rate-limited"
          ? `${label} asked Herald to slow down; the sync goes on in ${error.retryAfterSeconds ?? 60} seconds.`
          : `${label} refused: ${error.message}`;
      await writeCrmSyncLog({ connectionId, kind, outcome: error.kind === "rate-limited" ? "skipped" : "error", message });
      if (error.kind !== "rate-limited") await db.crmConnection.update({ where: { id: connectionId }, data: { status: "error", lastError: message, updatedAt: now() } });
    } else {
      logger.error("A CRM sync step failed unexpectedly", { connectionId, stage, error });
      await writeCrmSyncLog({ connectionId, kind, outcome: "error", message: `Something went wrong on Herald's side while syncing with ${label}; Herald tries again.` });
    }
    throw error;
  }
}
