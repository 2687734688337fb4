import { stableHash32 } from "./stable-hash";

/**
 * A lead's A/B variant at a step: random across leads, the same every time for one lead. Once a
 * variant is promoted (an experiment's winner), every lead that reaches the step from then on gets
 * it; leads that went through the step before keep theirs in the journal.
 */
export function chooseVariant<T extends { id: string }>(
  variants: T[],
  campaignLeadId: string,
  stepId: string,
  promotedVariantId?: string | null,
): T {
  const promoted = promotedVariantId ? variants.find((variant) => variant.id === promotedVariantId) : undefined;
  if (promoted) return promoted;
  if (variants.length <= 1) return variants[0]!;
  const value = stableHash32(`${campaignLeadId}:${stepId}`);
  return variants[value % variants.length]!;
}

/** A step's variant for a lead, the step's promoted variant honoured. */
export function chooseStepVariant<T extends { id: string }>(step: { id: string; config: { variants: T[]; promotedVariantId?: string | null } }, campaignLeadId: string): T {
  return chooseVariant(step.config.variants, campaignLeadId, step.id, step.config.promotedVariantId);
}
