import { DETECTABLE_DIFFERENCE, moreLeadsNeeded, roundAbout, type VariantStats } from "./experiment-stats";

export type VerdictKind = "no-data" | "too-early" | "winner" | "no-difference";

export type ExperimentVerdict = {
  kind: VerdictKind;
  /** The verdict in plain words. */
  text: string;
  /** The leading variant (highest probability to be best). */
  leaderId: string;
  /** Leads per variant the test needs to detect a 5-point difference at the pooled rate. */
  neededPerVariant: number;
  /** How many more each variant needs (the least-reached decides); 0 when every one has enough. */
  morePerVariant: number;
};

export type VerdictOptions = { threshold: number; minLeadsPerVariant: number };

export const VERDICT_DEFAULTS: VerdictOptions = { threshold: 0.95, minLeadsPerVariant: 100 };

const percent = (value: number) => `${Math.round(value * 100)}%`;
/** A rate difference in percentage points, one decimal. */
export const points = (value: number) => `${(Math.round(value * 1000) / 10).toLocaleString("en-US", { maximumFractionDigits: 1 })} points`;
const DIFFERENCE_WORDS = `a ${Math.round(DETECTABLE_DIFFERENCE * 100)}-point difference`;

/** A variant's letter: A for the first, B for the second… */
export const variantLetter = (index: number) => String.fromCharCode(65 + index);

/**
 * Whether the data can tell yet, in words. A winner needs its probability to be best past the
 * threshold with every variant at the minimum sample; without one, the variants either still
 * lack the leads to show a 5-point difference, or have them and show none.
 */
export function experimentVerdict(stats: VariantStats[], options: VerdictOptions = VERDICT_DEFAULTS): ExperimentVerdict {
  const leaderIndex = stats.reduce((best, variant, index) => (variant.probabilityBest > stats[best]!.probabilityBest ? index : best), 0);
  const leader = stats[leaderIndex]!;
  const { perVariant, more } = moreLeadsNeeded(stats);
  const base = { leaderId: leader.variantId, neededPerVariant: perVariant, morePerVariant: more };
  const name = variantLetter(leaderIndex);
  const fewest = Math.min(...stats.map((variant) => variant.reached));
  if (stats.every((variant) => variant.reached === 0)) {
    return { ...base, kind: "no-data", text: `No leads have reached this step yet: each variant needs about ${roundAbout(perVariant)} leads to detect ${DIFFERENCE_WORDS}` };
  }
  if (leader.probabilityBest >= options.threshold && fewest >= options.minLeadsPerVariant) {
    const better = stats.length === 2 ? "better" : "the best";
    return {
      ...base,
      kind: "winner",
      text: `${name} is likely ${better} (${percent(leader.probabilityBest)} chance to be best); expected loss of choosing it ${points(leader.expectedLoss)}`,
    };
  }
  // A leader past the threshold below the minimum sample waits for the minimum too.
  const still = leader.probabilityBest >= options.threshold ? Math.max(more, options.minLeadsPerVariant - fewest) : more;
  if (still > 0) {
    const lead = leader.probabilityBest >= 0.5 && stats.some((variant) => variant.reached > 0) ? ` (${name} leads for now with ${percent(leader.probabilityBest)} chance to be best)` : "";
    return { ...base, kind: "too-early", text: `Too early to tell: need about ${roundAbout(still)} more leads per variant to detect ${DIFFERENCE_WORDS}${lead}` };
  }
  return {
    ...base,
    kind: "no-difference",
    text: `No meaningful difference so far: every variant reached enough leads to detect ${DIFFERENCE_WORDS} and none shows one (${name} has ${percent(leader.probabilityBest)} chance to be best, expected loss of choosing it ${points(leader.expectedLoss)})`,
  };
}
