import { db } from "../../../db/client";
import { experimentSteps, stepExperiment } from "../../../domain/analytics/step-experiment";
import { decideVariantPromotion } from "../../../domain/sequence/decide-variant-promotion";
import { now } from "../../../lib/clock";
import type { TExperimentStep } from "../../../schemas/campaign-experiments";
import type { WiredSequence } from "../../../schemas/sequence";
import { readExperiments, readSequence, sequenceColumn } from "../campaign-columns";
import { variantOutcomes } from "./variant-outcomes";

export type Promotion = { stepId: string; variantId: string; probabilityBest: number; text: string };

const percent = (value: number) => `${Math.round(value * 100)}%`;

function promotionText(experiment: TExperimentStep, variantId: string, probabilityBest: number): string {
  const winner = experiment.variants.find((variant) => variant.variantId === variantId)!;
  const others = experiment.variants.filter((variant) => variant.variantId !== variantId).map((variant) => variant.label);
  const leads = experiment.variants.map((variant) => `${variant.label} ${variant.reached}`).join(", ");
  return `${experiment.label}: variant ${winner.label} promoted (${percent(probabilityBest)} chance to be best, leads reached ${leads}); ${others.join(" and ")} no longer get${others.length > 1 ? "" : "s"} new leads`;
}

/** The steps whose winner the campaign's settings promote now. */
function promotionsOf(sequence: WiredSequence, outcomes: Awaited<ReturnType<typeof variantOutcomes>>, settings: ReturnType<typeof readExperiments>): Array<Promotion & { experiment: TExperimentStep }> {
  return experimentSteps(sequence).flatMap((step) => {
    const experiment = stepExperiment(sequence, step, outcomes, settings);
    const decision = decideVariantPromotion(experiment.variants, { ...settings, promotedVariantId: experiment.promotedVariantId });
    if (decision.kind !== "promote") return [];
    return [{ stepId: step.id, variantId: decision.variantId, probabilityBest: decision.probabilityBest, text: promotionText(experiment, decision.variantId, decision.probabilityBest), experiment }];
  });
}

/**
 * Auto-promotion of one campaign: for an active campaign with autoPromote on, each step whose
 * variant passes the threshold (decideVariantPromotion) gets it as its promoted variant, and the
 * campaign's history says so. The campaign row is locked while its sequence is rewritten, so an
 * edit saved meanwhile is neither lost nor overwritten; a step promoted already is left alone.
 */
export async function promoteWinningVariants(campaignId: string): Promise<Promotion[]> {
  const outcomes = await variantOutcomes(campaignId);
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Campaign" WHERE id = ${campaignId} FOR UPDATE`;
    const campaign = await tx.campaign.findUnique({ where: { id: campaignId } });
    if (!campaign || campaign.status !== "active") return [];
    const settings = readExperiments(campaign.experiments);
    if (!settings.autoPromote) return [];
    const sequence = readSequence(campaign.sequence);
    const promotions = promotionsOf(sequence, outcomes, settings);
    if (!promotions.length) return [];
    const at = now();
    const promoted = new Map(promotions.map((promotion) => [promotion.stepId, promotion.variantId]));
    const steps = sequence.steps.map((step) => (promoted.has(step.id) ? { ...step, config: { ...step.config, promotedVariantId: promoted.get(step.id)! } } : step));
    await tx.campaign.update({ where: { id: campaign.id }, data: { sequence: sequenceColumn({ steps }), updatedAt: at } });
    await tx.campaignHistoryEntry.createMany({
      data: promotions.map(({ stepId, variantId, probabilityBest, text, experiment }) => ({
        workspaceId: campaign.workspaceId,
        campaignId: campaign.id,
        kind: "variant_promoted",
        text,
        at,
        detail: { stepId, variantId, probabilityBest, threshold: settings.threshold, variants: experiment.variants.map(({ variantId: id, label, reached, successes }) => ({ variantId: id, label, reached, successes })) },
      })),
    });
    return promotions.map(({ experiment: _experiment, ...promotion }) => promotion);
  });
}
