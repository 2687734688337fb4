import type { DbClient } from "../../db/client";
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import type { TCampaignLead } from "../../schemas/campaign";
import { findCampaignLead } from "./find-campaign-lead";
import { getCampaignLead } from "./get-campaign-lead";

/**
 * Marks an outcome on a campaign lead (one of the workspace's outcomes, e.g. "Meeting booked"), or
 * clears it (null). The analytics count the lead's outcome on the day it was first contacted. The
 * name is matched without regard to case and stored as the workspace spells it.
 */
export async function setCampaignLeadOutcome(actor: Actor, campaignLeadId: string, outcome: string | null, client: DbClient = db): Promise<void> {
  let name: string | null = null;
  if (outcome !== null) {
    const { outcomeNames } = await client.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId }, select: { outcomeNames: true } });
    name = outcomeNames.find((known) => known.toLowerCase() === outcome.trim().toLowerCase()) ?? null;
    if (!name) {
      throw HeraldError.invalidInput(`Invalid outcome: "${outcome}" is not one of this workspace's outcomes (${outcomeNames.join(", ")}); add it under Settings first`, [
        { field: "outcome", message: `must be one of: ${outcomeNames.join(", ")}` },
      ]);
    }
  }
  const at = now();
  const changed = await client.campaignLead.updateMany({
    where: { id: campaignLeadId, workspaceId: actor.workspaceId },
    data: { outcome: name, outcomeAt: name === null ? null : at, updatedAt: at },
  });
  if (!changed.count) throw HeraldError.notFound("Campaign lead");
}

/** The same, for a lead named in a campaign's lead path (its lead id or campaign lead id): the lead as it is after. */
export async function markCampaignLeadOutcome(actor: Actor, campaignId: string, leadId: string, outcome: string | null): Promise<TCampaignLead> {
  const campaignLead = await findCampaignLead(actor, campaignId, leadId);
  await setCampaignLeadOutcome(actor, campaignLead.id, outcome);
  return getCampaignLead(actor, campaignId, campaignLead.id);
}
