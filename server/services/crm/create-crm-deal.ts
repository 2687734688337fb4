// A reply classified interested makes one deal (an opportunity in Salesforce) for the lead, in the
// pipeline stage the connection chose, when it asks for deals. Made once per lead: the link keeps
// the deal's id.
import { db } from "../../db/client";
import type { CrmConnection, CrmRecordLink, Lead } from "../../db/generated/client";
import { now } from "../../lib/clock";
import type { CrmClient } from "../../providers/crm/types";
import { leadName } from "../leads/lead-name";
import { POSITIVE_INTEREST } from "./crm-activity-of";

export async function createCrmDeal(
  connection: CrmConnection,
  client: CrmClient,
  lead: Lead,
  link: Pick<CrmRecordLink, "crmId" | "dealId"> & { id: string | null },
  interest: string | null,
): Promise<boolean> {
  if (interest !== POSITIVE_INTEREST || !connection.createDeals || !connection.dealPipelineId || !connection.dealStageId) return false;
  if (link.dealId || !link.id) return false;
  const current = await db.crmRecordLink.findUnique({ where: { id: link.id }, select: { dealId: true } });
  if (current?.dealId) return false;
  const who = leadName(lead);
  const deal = await client.createDeal(link.crmId, { name: `${who}${lead.company ? ` (${lead.company})` : ""} — interested reply via Herald`, pipelineId: connection.dealPipelineId, stageId: connection.dealStageId });
  await db.crmRecordLink.update({ where: { id: link.id }, data: { dealId: deal.id, updatedAt: now() } });
  return true;
}
