import type { Actor } from "../../lib/actor";
import type { TCampaign } from "../../schemas/campaign";
import { findCampaign } from "./find-campaign";
import { toCampaign } from "./to-campaign";

export async function getCampaign(actor: Actor, campaignId: string): Promise<TCampaign> {
  const row = await findCampaign(actor, campaignId);
  return toCampaign(row);
}
