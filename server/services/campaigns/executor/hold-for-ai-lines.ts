// A lead whose AI lines wait in the approvals queue waits on its step (phase `approval`) until the
// last of them is decided (approve-pending-ai-line.ts releases it); and the journal's words for lines
// that took the fallback, on the step's row once it happened.
import { db } from "../../../db/client";
import { withOutbox } from "../../events/with-outbox";
import { aiFallbackDetail } from "../../../domain/sequence/ai-lines";
import { lockCampaignLead, moveCampaignLead } from "./settle-campaign-lead";

/** Puts the lead on hold for its step's AI lines; false when it moved on meanwhile (stopped, paused, another step). */
export async function holdForAiLines(campaignLeadId: string, stepId: string): Promise<boolean> {
  return withOutbox(async (tx) => {
    const status = await lockCampaignLead(tx, campaignLeadId);
    const current = await tx.campaignLead.findUnique({ where: { id: campaignLeadId }, select: { currentStepId: true } });
    if ((status !== "pending" && status !== "running") || current?.currentStepId !== stepId) return false;
    await moveCampaignLead(tx, campaignLeadId, { phase: "approval", waitUntil: null });
    return true;
  });
}

/** Says on the step's journal row which AI lines took the fallback, and why. */
export async function noteAiFallbacks(campaignLeadId: string, stepId: string, fallbacks: ReadonlyArray<{ name: string; reason: string }>): Promise<void> {
  const detail = aiFallbackDetail(fallbacks);
  if (!detail) return;
  await db.campaignLeadStep.updateMany({ where: { campaignLeadId, stepId, detail: null }, data: { detail } });
}
