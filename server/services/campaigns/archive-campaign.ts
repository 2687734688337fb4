import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { TCampaign } from "../../schemas/campaign";
import { findCampaign } from "./find-campaign";
import { toCampaign } from "./to-campaign";

/**
 * Archives a campaign (or brings it back): an archived campaign leaves the dashboard's default
 * list but keeps its leads and history. An active campaign is paused first, so that nothing is
 * sent from a campaign nobody sees any more.
 */
export async function archiveCampaign(actor: Actor, campaignId: string, archived: boolean): Promise<TCampaign> {
  const campaign = await findCampaign(actor, campaignId);
  const at = now();
  const row = await db.campaign.update({
    where: { id: campaign.id },
    data: {
      archivedAt: archived ? (campaign.archivedAt ?? at) : null,
      status: archived && campaign.status === "active" ? "paused" : campaign.status,
      updatedAt: at,
    },
  });
  return toCampaign(row);
}
