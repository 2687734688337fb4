// The deal pass: a lead whose link owes a deal (an interested reply, or interest set by hand, while
// the connection asks for deals) gets one deal (an opportunity in Salesforce) in the pipeline stage
// the connection chose. The link keeps the deal's id, so a deal is made once; until then it stays
// owed, so a deal the CRM failed to make is tried again on the next pass, never lost.
import { db } from "../../db/client";
import type { CrmConnection } from "../../db/generated/client";
import { now } from "../../lib/clock";
import type { CrmClient } from "../../providers/crm/types";
import { leadName } from "../leads/lead-name";
import { itemCrmFailure, recordCrmItemFailure } from "./crm-item-failure";

export const DEALS_PER_PASS = 20;

export interface CrmDealsResult {
  deals: number;
  failed: number;
  done: boolean;
}

export async function createWantedCrmDeals(connection: CrmConnection, client: CrmClient): Promise<CrmDealsResult> {
  const result: CrmDealsResult = { deals: 0, failed: 0, done: true };
  if (!connection.createDeals || !connection.dealPipelineId || !connection.dealStageId) return result;
  const links = await db.crmRecordLink.findMany({
    // A link that failed is tried after the others (updatedAt moves on at each failure).
    // One the CRM refused waits an hour before it is tried again.
    where: { connectionId: connection.id, dealWanted: true, dealId: null, OR: [{ lastError: null }, { updatedAt: { lt: new Date(now().getTime() - 3_600_000) } }] },
    orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
    take: DEALS_PER_PASS,
  });
  result.done = links.length < DEALS_PER_PASS;
  const leads = new Map((await db.lead.findMany({ where: { id: { in: links.map((link) => link.leadId) }, workspaceId: connection.workspaceId } })).map((lead) => [lead.id, lead]));
  for (const link of links) {
    const lead = leads.get(link.leadId);
    if (!lead) {
      await db.crmRecordLink.update({ where: { id: link.id }, data: { dealWanted: false } });
      continue;
    }
    const who = leadName(lead);
    try {
      const deal = await client.createDeal(link.crmId, { name: `${who}${lead.company ? ` (${lead.company})` : ""} — interested reply via Herald`, pipelineId: connection.dealPipelineId, stageId: connection.dealStageId });
      await db.crmRecordLink.update({ where: { id: link.id }, data: { dealId: deal.id, dealWanted: false, lastError: null, updatedAt: now() } });
      result.deals++;
    } catch (error) {
      // One refused deal is written down (and tried again later); a slow-down, an outage or a revoked token stops the pass.
      const failure = itemCrmFailure(error);
      if (!failure) throw error;
      result.failed++;
      await recordCrmItemFailure({ connectionId: connection.id, provider: connection.provider, leadName: who, what: "the deal", error: failure, linkId: link.id });
    }
  }
  return result;
}
