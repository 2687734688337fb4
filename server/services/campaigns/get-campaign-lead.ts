import type { Actor } from "../../lib/actor";
import type { TCampaignLead } from "../../schemas/campaign";
import { findCampaignLead } from "./find-campaign-lead";
import { toCampaignLeads } from "./to-campaign-lead";

/** One lead of a campaign with its progress (GET /campaigns/{id}/leads/{leadId}). */
export async function getCampaignLead(actor: Actor, campaignId: string, leadId: string): Promise<TCampaignLead> {
  return (await toCampaignLeads([await findCampaignLead(actor, campaignId, leadId)]))[0]!;
}
