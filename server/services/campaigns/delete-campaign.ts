import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { findCampaign } from "./find-campaign";

/** Deletes a campaign with its leads' progress. The leads themselves stay tracked in the workspace. */
export async function deleteCampaign(actor: Actor, campaignId: string): Promise<{ id: string; deleted: true }> {
  const campaign = await findCampaign(actor, campaignId);
  await db.campaign.delete({ where: { id: campaign.id } });
  return { id: campaign.id, deleted: true };
}
