import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TCampaignLead } from "../../schemas/campaign";
import { withOutbox } from "../events/with-outbox";
import { setCampaignLeadStatus } from "./executor/settle-campaign-lead";
import { findCampaignLead } from "./find-campaign-lead";
import { getCampaignLead } from "./get-campaign-lead";

/** Ends a lead's sequence for good: stopped, with lead.status_changed. A finished lead is a 409. */
export async function stopCampaignLead(actor: Actor, campaignId: string, leadId: string): Promise<TCampaignLead> {
  const campaignLead = await findCampaignLead(actor, campaignId, leadId);
  const changed = await withOutbox((tx, emit) => setCampaignLeadStatus(tx, emit, campaignLead, "stopped", {}, ["pending", "running", "paused"]));
  if (!changed) {
    const current = await getCampaignLead(actor, campaignId, campaignLead.id);
    throw new HeraldError({
      code: "lead-finished",
      message: `This lead already finished the campaign (${current.status}); there is nothing to stop.`,
    });
  }
  return getCampaignLead(actor, campaignId, campaignLead.id);
}
