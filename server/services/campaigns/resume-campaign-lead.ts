import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import type { TCampaignLead } from "../../schemas/campaign";
import { withOutbox } from "../events/with-outbox";
import { lockCampaignLead } from "./executor/settle-campaign-lead";
import { findCampaign } from "./find-campaign";
import { findCampaignLead } from "./find-campaign-lead";
import { getCampaignLead } from "./get-campaign-lead";
import { kickCampaignExecutor } from "./kick-campaign-executor";

/**
 * Resumes a paused lead where it stood, or retries a failed lead's step (after fixing what failed
 * it, say a missing profile URL). A lead that finished otherwise (done, replied, stopped) is a 409.
 */
export async function resumeCampaignLead(actor: Actor, campaignId: string, leadId: string): Promise<TCampaignLead> {
  const campaign = await findCampaign(actor, campaignId);
  const campaignLead = await findCampaignLead(actor, campaignId, leadId);
  await withOutbox(async (tx) => {
    const status = await lockCampaignLead(tx, campaignLead.id);
    if (status === "pending" || status === "running") return;
    if (status !== "paused" && status !== "failed") {
      throw new HeraldError({ code: "lead-finished", message: `This lead finished the campaign (${status}); only paused or failed leads resume.` });
    }
    const fresh = await tx.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } });
    if (status === "failed" && fresh.currentStepId) {
      // The failed step runs again.
      await tx.campaignLeadStep.deleteMany({ where: { campaignLeadId: fresh.id, stepId: fresh.currentStepId, status: "failed" } });
    }
    const started = await tx.campaignLeadStep.count({ where: { campaignLeadId: fresh.id } });
    const at = now();
    await tx.campaignLead.update({
      where: { id: fresh.id },
      data: {
        status: started ? "running" : "pending",
        error: null,
        finishedAt: null,
        waitUntil: fresh.waitUntil && fresh.waitUntil > at ? fresh.waitUntil : at,
        ...(status === "failed" ? { phase: "ready" } : {}),
        updatedAt: at,
      },
    });
  });
  if (campaign.status === "active") await kickCampaignExecutor("lead resumed");
  return getCampaignLead(actor, campaignId, campaignLead.id);
}
