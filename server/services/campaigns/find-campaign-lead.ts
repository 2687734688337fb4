import { db, type DbClient } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";

/**
 * A lead of a campaign, named by its lead id (`led_…`) or its campaign lead id (`cld_…`, as in
 * events): the API's lead paths take either.
 */
export async function findCampaignLead(actor: Actor, campaignId: string, leadOrCampaignLeadId: string, client: DbClient = db) {
  const row = await client.campaignLead.findFirst({
    where: {
      campaignId,
      workspaceId: actor.workspaceId,
      OR: [{ id: leadOrCampaignLeadId }, { leadId: leadOrCampaignLeadId }],
    },
    include: { lead: true },
  });
  if (!row) throw HeraldError.notFound("Campaign lead");
  return row;
}
