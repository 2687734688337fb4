// The planner's answer before launch: from the forecast's volumes, whether a step's A/B test can
// tell a 5-point difference within the forecast's horizon, and when. Pure; the same sample-size
// rule as the experiments read (experiment-stats.ts).
import type { WiredSequence, WiredStep } from "../../schemas/sequence";
import { stepLabel } from "../sequence/step-label";
import { DETECTABLE_DIFFERENCE, roundAbout, sampleSizePerVariant } from "./experiment-stats";
import { variantLetter } from "./experiment-verdict";

/** A lead the forecast has the step act for: when, and whether it then succeeds by the step's metric. */
export type StepReach = { at: number; success: boolean };

export type ExperimentPlan = {
  stepId: string;
  label: string;
  variants: number;
  promotedVariantId: string | null;
  /** Leads each variant is expected to reach within the horizon (split evenly). */
  perVariant: number;
  /** Leads each variant needs to detect a 5-point difference at the rate the forecast expects. */
  neededPerVariant: number;
  /** When the last of those leads is expected to reach the step, or null if not within the horizon. */
  expectedBy: number | null;
  text: string;
};

const DIFFERENCE_WORDS = `a ${Math.round(DETECTABLE_DIFFERENCE * 100)}-point difference`;

export function planExperiment(sequence: WiredSequence, step: WiredStep, reaches: readonly StepReach[], horizonDays: number, formatDate: (at: number) => string): ExperimentPlan {
  const label = stepLabel(sequence.steps, step.id, step.type);
  const variants = step.config.variants.length;
  const promotedVariantId = step.config.promotedVariantId ?? null;
  const rate = reaches.length ? reaches.filter((reach) => reach.success).length / reaches.length : 0;
  const neededPerVariant = sampleSizePerVariant(rate);
  const perVariant = Math.floor(reaches.length / variants);
  const ordered = reaches.map((reach) => reach.at).sort((a, b) => a - b);
  const expectedBy = ordered[neededPerVariant * variants - 1] ?? null;
  const base = { stepId: step.id, label, variants, promotedVariantId, perVariant, neededPerVariant, expectedBy };
  const promoted = step.config.variants.findIndex((variant) => variant.id === promotedVariantId);
  if (promoted >= 0) return { ...base, text: `${label}: variant ${variantLetter(promoted)} is promoted, so every new lead gets it; there is nothing left to test.` };
  const days = `${horizonDays} day${horizonDays === 1 ? "" : "s"}`;
  if (!reaches.length) return { ...base, text: `${label}: no lead is expected to reach this step within ${days}, so its variants cannot be compared yet.` };
  const when = expectedBy === null ? "not within the forecast" : `expected by ${formatDate(expectedBy)}`;
  return {
    ...base,
    text: `${label}: at the forecast's pace each variant reaches about ${perVariant} leads in ${days}; detecting ${DIFFERENCE_WORDS} needs about ${roundAbout(neededPerVariant)} per variant — ${when}.`,
  };
}
