import type { VariantStats } from "../analytics/experiment-stats";

export type PromotionOptions = { threshold: number; minLeadsPerVariant: number };

export const PROMOTION_DEFAULTS: PromotionOptions = { threshold: 0.95, minLeadsPerVariant: 100 };

export type PromotionDecision =
  | { kind: "promote"; variantId: string; probabilityBest: number }
  | { kind: "none"; reason: "single-variant" | "already-promoted" | "below-minimum" | "no-clear-winner" };

/**
 * Auto-promotion: once a variant's probability to be best passes the threshold with every variant
 * at the minimum sample, it becomes the step's promoted variant and the others stop receiving new
 * leads (chooseVariant). A step is promoted once; the user may clear it by editing the sequence.
 */
export function decideVariantPromotion(
  stats: Pick<VariantStats, "variantId" | "reached" | "probabilityBest">[],
  options: Partial<PromotionOptions> & { promotedVariantId?: string | null } = {},
): PromotionDecision {
  const { threshold, minLeadsPerVariant } = { ...PROMOTION_DEFAULTS, ...options };
  if (stats.length < 2) return { kind: "none", reason: "single-variant" };
  if (options.promotedVariantId) return { kind: "none", reason: "already-promoted" };
  if (stats.some((variant) => variant.reached < minLeadsPerVariant)) return { kind: "none", reason: "below-minimum" };
  const leader = stats.reduce((best, variant) => (variant.probabilityBest > best.probabilityBest ? variant : best));
  if (leader.probabilityBest < threshold) return { kind: "none", reason: "no-clear-winner" };
  return { kind: "promote", variantId: leader.variantId, probabilityBest: leader.probabilityBest };
}
