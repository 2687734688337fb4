// The inbox's stop, pause and resume of a conversation's lead: the campaign's own operations (with
// their events and rules), reached by the campaign lead id the conversation carries.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TCampaignLead } from "../../schemas/campaign";
import { pauseCampaignLead } from "../campaigns/pause-campaign-lead";
import { resumeCampaignLead } from "../campaigns/resume-campaign-lead";
import { stopCampaignLead } from "../campaigns/stop-campaign-lead";

const ACTIONS = { stop: stopCampaignLead, pause: pauseCampaignLead, resume: resumeCampaignLead };

export async function actOnConversationLead(actor: Actor, campaignLeadId: string, action: keyof typeof ACTIONS): Promise<TCampaignLead> {
  const campaignLead = await db.campaignLead.findFirst({ where: { id: campaignLeadId, workspaceId: actor.workspaceId }, select: { id: true, campaignId: true } });
  if (!campaignLead) throw HeraldError.notFound("Campaign lead");
  return ACTIONS[action](actor, campaignLead.campaignId, campaignLead.id);
}
