// The campaign step (and its variant) a draft was made for, as the campaign's sequence has it now.
import { db } from "../../db/client";
import type { WiredStep } from "../../schemas/sequence";
import { sequenceOf, stepById } from "../campaigns/executor/load-campaign-sequence";

export async function draftStep(draft: { campaignId: string; stepId: string; variantId: string | null }): Promise<{ step: WiredStep; variant: WiredStep["config"]["variants"][number] | null } | null> {
  const campaign = await db.campaign.findUnique({ where: { id: draft.campaignId }, select: { sequence: true } });
  const step = campaign ? stepById(sequenceOf(campaign), draft.stepId) : null;
  if (!step) return null;
  const variant = step.config.variants.find((candidate) => candidate.id === draft.variantId) ?? step.config.variants[0] ?? null;
  return { step, variant };
}
