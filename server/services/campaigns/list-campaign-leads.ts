import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TCampaignLead } from "../../schemas/campaign";
import type { TPaginationQuery } from "../../schemas/common";
import { findCampaign } from "./find-campaign";
import { toCampaignLeads } from "./to-campaign-lead";

/** A campaign's leads with their progress, oldest first, optionally of one status. */
export async function listCampaignLeads(
  actor: Actor,
  campaignId: string,
  query: TPaginationQuery & { status?: TCampaignLead["status"] },
): Promise<{ leads: TCampaignLead[]; total: number }> {
  await findCampaign(actor, campaignId);
  const where = { campaignId, ...(query.status ? { status: query.status } : {}) };
  const [rows, total] = await Promise.all([
    db.campaignLead.findMany({ where, include: { lead: true }, orderBy: { seq: "asc" }, take: query.limit, skip: query.offset }),
    db.campaignLead.count({ where }),
  ]);
  return { leads: await toCampaignLeads(rows), total };
}
