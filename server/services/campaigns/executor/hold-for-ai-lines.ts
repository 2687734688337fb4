// A lead whose AI lines wait in the approvals queue waits on its step (phase `approval`) until the
// last of them is decided (approve-pending-ai-line.ts releases it); and the journal's words for lines
// that took the fallback, on the step's row once it happened.
import { db } from "../../../db/client";
import { withOutbox } from "../../events/with-outbox";
import type { TAiVariable } from "../../../schemas/sequence";
import { aiFallbackDetail } from "../../../domain/sequence/ai-lines";
import { lockCampaignLead, moveCampaignLead } from "./settle-campaign-lead";
import { currentAiLines } from "../ai-lines/resolve-ai-lines";

/**
 * Puts the lead on hold for its step's AI lines (`lines`, the ones its version uses); false when it
 * moved on meanwhile (stopped, paused, another step), or when none of them waits any more: a
 * decision made between reading the lines and this hold found the lead not yet held and could not
 * release it, so the lines are looked at again under the lead's lock (decide-ai-line.ts takes it too).
 */
export async function holdForAiLines(campaignLeadId: string, stepId: string, lines: TAiVariable[]): Promise<boolean> {
  return withOutbox(async (tx) => {
    const status = await lockCampaignLead(tx, campaignLeadId);
    const current = await tx.campaignLead.findUnique({ where: { id: campaignLeadId }, select: { currentStepId: true } });
    if ((status !== "pending" && status !== "running") || current?.currentStepId !== stepId) return false;
    const waiting = await tx.aiLine.count({ where: { ...currentAiLines(campaignLeadId, stepId, lines), status: "pending-approval" } });
    if (!waiting) return false;
    await moveCampaignLead(tx, campaignLeadId, { phase: "approval", waitUntil: null });
    return true;
  });
}

/** Puts the lead's step off until `until`: a line of it is still being written by another writer (resolve-ai-lines.ts `later`). */
export async function deferForAiLines(campaignLeadId: string, stepId: string, until: Date): Promise<void> {
  await withOutbox(async (tx) => {
    const status = await lockCampaignLead(tx, campaignLeadId);
    const current = await tx.campaignLead.findUnique({ where: { id: campaignLeadId }, select: { currentStepId: true } });
    if ((status !== "pending" && status !== "running") || current?.currentStepId !== stepId) return;
    await moveCampaignLead(tx, campaignLeadId, { phase: "ready", waitUntil: until });
  });
}

/** Says on the step's journal row which AI lines took the fallback, and why (and `more`: a connection note that took its fallback). */
export async function noteAiFallbacks(campaignLeadId: string, stepId: string, fallbacks: ReadonlyArray<{ name: string; reason: string }>, more: string | null = null): Promise<void> {
  const detail = [aiFallbackDetail(fallbacks), more].filter(Boolean).join(". ") || null;
  if (!detail) return;
  await db.campaignLeadStep.updateMany({ where: { campaignLeadId, stepId, detail: null }, data: { detail } });
}
