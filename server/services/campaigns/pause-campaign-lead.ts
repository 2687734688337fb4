import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TCampaignLead } from "../../schemas/campaign";
import { withOutbox } from "../events/with-outbox";
import { setCampaignLeadStatus } from "./executor/settle-campaign-lead";
import { findCampaignLead } from "./find-campaign-lead";
import { getCampaignLead } from "./get-campaign-lead";

/**
 * Holds a lead where it is (paused, with lead.status_changed) until it is resumed. Answers still
 * count while paused: an acceptance moves it along its yes branch, a reply makes it replied.
 * Pausing a paused lead changes nothing; a finished lead is a 409.
 */
export async function pauseCampaignLead(actor: Actor, campaignId: string, leadId: string): Promise<TCampaignLead> {
  const campaignLead = await findCampaignLead(actor, campaignId, leadId);
  const changed = await withOutbox((tx, emit) => setCampaignLeadStatus(tx, emit, campaignLead, "paused", {}, ["pending", "running"]));
  const current = await getCampaignLead(actor, campaignId, campaignLead.id);
  if (!changed && current.status !== "paused") {
    throw new HeraldError({
      code: "lead-finished",
      message: `This lead already finished the campaign (${current.status}); there is nothing to pause.`,
    });
  }
  return current;
}
