// One record the CRM refuses must not stop the others: what a failure of one lead's record, activity
// or deal means for the batch. Only the CRM asking Herald to slow down, being down, or refusing the
// token (and Herald's own failures) stop the batch for a retry; a refused or missing record is
// written down (the sync log names the lead and gives the CRM's words; the link keeps them) and the
// sync goes on.
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { CRM_LABELS } from "../../providers/crm/crm-settings";
import { isCrmError, type CrmError, type CrmProviderName } from "../../providers/crm/types";
import { writeCrmSyncLog } from "./write-crm-sync-log";

/** The failure belongs to one item (the batch goes on); anything else is thrown for a retry. */
export function itemCrmFailure(error: unknown): CrmError | null {
  return isCrmError(error) && (error.kind === "rejected" || error.kind === "not-found") ? error : null;
}

/** Writes one item's refusal down: the sync log in words, and the lead's link when it has one. */
export async function recordCrmItemFailure(input: { connectionId: string; provider: string; leadName: string; what: string; error: CrmError; linkId?: string | null }): Promise<void> {
  const label = CRM_LABELS[input.provider as CrmProviderName] ?? "The CRM";
  const message = `${label} refused ${input.what} for ${input.leadName}: ${input.error.message}`;
  await writeCrmSyncLog({ connectionId: input.connectionId, kind: "push", outcome: "error", message });
  if (input.linkId) await db.crmRecordLink.updateMany({ where: { id: input.linkId }, data: { lastError: message, updatedAt: now() } });
}
