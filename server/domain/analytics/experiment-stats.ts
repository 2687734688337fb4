import jStat from "jstat";

/**
 * The statistics of an A/B test between a step's variants, Bayesian with a uniform prior: each
 * variant's rate has the posterior Beta(1 + successes, 1 + reached − successes). Probabilities to
 * be best and expected losses are integrated numerically on a fixed grid (no sampling), so the
 * same counts always give the same numbers, on the server, in the forecast and in a test.
 * The distributions and special functions are jstat's.
 */

export type VariantCounts = { variantId: string; reached: number; successes: number };

export type VariantStats = VariantCounts & {
  /** successes / reached (0 when nothing reached). */
  rate: number;
  /** The posterior mean. */
  mean: number;
  /** The 95% credible interval of the rate (2.5% and 97.5% posterior quantiles). */
  interval: { low: number; high: number };
  probabilityBest: number;
  /** E[max_j p_j − p_i]: what choosing this variant is expected to cost, as a rate (0.002 = 0.2 points). */
  expectedLoss: number;
};

/** The smallest difference an experiment is sized to detect: 5 percentage points. */
export const DETECTABLE_DIFFERENCE = 0.05;
const ALPHA = 0.05;
const POWER = 0.8;
const GRID_POINTS = 4000;
/** The integration range covers each posterior from this quantile to its complement. */
const TAIL = 1e-9;

type Posterior = { a: number; b: number };

export function posteriorOf(counts: Pick<VariantCounts, "reached" | "successes">): Posterior {
  const reached = Math.max(0, Math.floor(counts.reached));
  const successes = Math.min(reached, Math.max(0, Math.floor(counts.successes)));
  return { a: 1 + successes, b: 1 + reached - successes };
}

/** Beta density in log space, so that large counts neither overflow nor underflow. */
function betaPdf(x: number, { a, b }: Posterior): number {
  if (x <= 0 || x >= 1) return 0;
  return Math.exp((a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x) - jStat.betaln(a, b));
}

export function betaQuantile(p: number, a: number, b: number): number {
  return jStat.beta.inv(p, a, b);
}

/**
 * P(variant i is best) = ∫ f_i(x) Π_{j≠i} F_j(x) dx and E[max_j p_j] = Σ_i ∫ x f_i(x) Π_{j≠i} F_j(x) dx,
 * by Simpson's rule on a grid spanning every posterior's mass.
 */
function integrate(posteriors: Posterior[]): { best: number[]; expectedMax: number } {
  const low = Math.max(0, Math.min(...posteriors.map((p) => betaQuantile(TAIL, p.a, p.b))));
  const high = Math.min(1, Math.max(...posteriors.map((p) => betaQuantile(1 - TAIL, p.a, p.b))));
  const step = (high - low) / GRID_POINTS;
  const best = posteriors.map(() => 0);
  let expectedMax = 0;
  for (let k = 0; k <= GRID_POINTS; k++) {
    const x = low + k * step;
    const weight = k === 0 || k === GRID_POINTS ? 1 : k % 2 === 1 ? 4 : 2;
    const cdfs = posteriors.map((p) => jStat.beta.cdf(x, p.a, p.b));
    posteriors.forEach((posterior, i) => {
      let others = 1;
      cdfs.forEach((cdf, j) => {
        if (j !== i) others *= cdf;
      });
      const density = weight * betaPdf(x, posterior) * others;
      best[i]! += density;
      expectedMax += x * density;
    });
  }
  const scale = step / 3;
  const raw = best.map((value) => value * scale);
  // The grid's rounding error is spread so the probabilities add up to exactly 1.
  const total = raw.reduce((sum, value) => sum + value, 0);
  return { best: raw.map((value) => (total > 0 ? value / total : 1 / raw.length)), expectedMax: expectedMax * scale / (total || 1) };
}

/** Per variant: rate, posterior mean, 95% interval, probability to be best and expected loss. */
export function experimentStats(variants: VariantCounts[]): VariantStats[] {
  const posteriors = variants.map(posteriorOf);
  const integrated = variants.length > 1 ? integrate(posteriors) : { best: [1], expectedMax: 0 };
  return variants.map((variant, index) => {
    const { a, b } = posteriors[index]!;
    const mean = a / (a + b);
    return {
      ...variant,
      rate: variant.reached > 0 ? Math.min(variant.successes, variant.reached) / variant.reached : 0,
      mean,
      interval: { low: betaQuantile(0.025, a, b), high: betaQuantile(0.975, a, b) },
      probabilityBest: integrated.best[index]!,
      expectedLoss: variants.length > 1 ? Math.max(0, integrated.expectedMax - mean) : 0,
    };
  });
}

/**
 * Leads per variant needed to detect an absolute `difference` over the `baseline` rate with a
 * two-sided test at α = 0.05 and power 0.8 (two proportions, normal approximation, pooled
 * variance under the null, no continuity correction).
 */
export function sampleSizePerVariant(baseline: number, difference = DETECTABLE_DIFFERENCE): number {
  const p1 = Math.min(Math.max(baseline, 0), 1 - difference);
  const p2 = p1 + difference;
  const pooled = (p1 + p2) / 2;
  const zAlpha = jStat.normal.inv(1 - ALPHA / 2, 0, 1);
  const zPower = jStat.normal.inv(POWER, 0, 1);
  const numerator = zAlpha * Math.sqrt(2 * pooled * (1 - pooled)) + zPower * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return Math.ceil((numerator * numerator) / (difference * difference));
}

/** The variants' pooled rate: every success over every lead reached. */
export function pooledRate(variants: Pick<VariantCounts, "reached" | "successes">[]): number {
  const reached = variants.reduce((sum, variant) => sum + variant.reached, 0);
  const successes = variants.reduce((sum, variant) => sum + Math.min(variant.successes, variant.reached), 0);
  return reached > 0 ? successes / reached : 0;
}

/** "About N": rounded up to a tidy figure (tens under 1,000, then hundreds). */
export function roundAbout(value: number): number {
  if (value <= 0) return 0;
  const unit = value < 100 ? 5 : value < 1000 ? 10 : 100;
  return Math.ceil(value / unit) * unit;
}

/** Leads each variant still needs (the least-reached variant decides), 0 once every one has enough. */
export function moreLeadsNeeded(variants: Pick<VariantCounts, "reached" | "successes">[], difference = DETECTABLE_DIFFERENCE): { perVariant: number; more: number } {
  const perVariant = sampleSizePerVariant(pooledRate(variants), difference);
  const fewest = Math.min(...variants.map((variant) => variant.reached));
  return { perVariant, more: Math.max(0, perVariant - fewest) };
}
