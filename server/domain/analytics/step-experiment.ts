// A step's A/B test from its variants' outcomes: which outcome counts as a success, the statistics
// and the verdict. Pure; the experiments read and the auto-promotion both judge steps with it.
import type { TExperimentStep } from "../../schemas/campaign-experiments";
import type { WiredSequence, WiredStep } from "../../schemas/sequence";
import { stepLabel } from "../sequence/step-label";
import { experimentStats } from "./experiment-stats";
import { experimentVerdict, variantLetter, type VerdictOptions } from "./experiment-verdict";

export type VariantOutcomeCounts = { stepId: string; variantId: string; reached: number; accepted: number; replied: number; positive: number };

/** An invitation succeeds when it is accepted; every other step when the lead replies. */
export function experimentMetric(stepType: string): TExperimentStep["metric"] {
  return stepType === "invite" ? "acceptance" : "reply";
}

/** The steps with two variants or more, in sequence order. */
export function experimentSteps(sequence: WiredSequence): WiredStep[] {
  return sequence.steps.filter((step) => step.config.variants.length > 1);
}

export function stepExperiment(sequence: WiredSequence, step: WiredStep, outcomes: readonly VariantOutcomeCounts[], options: VerdictOptions): TExperimentStep {
  const metric = experimentMetric(step.type);
  const counts = step.config.variants.map((variant) => {
    const row = outcomes.find((outcome) => outcome.stepId === step.id && outcome.variantId === variant.id);
    return {
      variantId: variant.id,
      reached: row?.reached ?? 0,
      successes: (metric === "acceptance" ? row?.accepted : row?.replied) ?? 0,
      positive: row?.positive ?? 0,
    };
  });
  const stats = experimentStats(counts.map(({ variantId, reached, successes }) => ({ variantId, reached, successes })));
  const verdict = experimentVerdict(stats, options);
  const promotedVariantId = step.config.promotedVariantId ?? null;
  return {
    stepId: step.id,
    type: step.type,
    label: stepLabel(sequence.steps, step.id, step.type),
    metric,
    variants: stats.map((variant, index) => ({
      variantId: variant.variantId,
      label: variantLetter(index),
      reached: variant.reached,
      successes: variant.successes,
      positive: counts[index]!.positive,
      rate: variant.rate,
      interval: variant.interval,
      probabilityBest: variant.probabilityBest,
      expectedLoss: variant.expectedLoss,
      promoted: variant.variantId === promotedVariantId,
    })),
    verdict: { kind: verdict.kind, text: verdict.text, neededPerVariant: verdict.neededPerVariant, morePerVariant: verdict.morePerVariant },
    promotedVariantId,
  };
}
