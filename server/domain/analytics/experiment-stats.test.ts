import { describe, expect, it } from "vitest";
import jStat from "jstat";
import { betaQuantile, experimentStats, moreLeadsNeeded, posteriorOf, roundAbout, sampleSizePerVariant } from "./experiment-stats";
import { experimentVerdict } from "./experiment-verdict";

/**
 * Evan Miller's closed form of P(p_B > p_A) for Beta posteriors with an integer α_B
 * ("Formulas for Bayesian A/B Testing"): Σ_{i=0}^{α_B−1} B(α_A+i, β_A+β_B) / ((β_B+i) B(1+i, β_B) B(α_A, β_A)).
 * An independent check of the numerical integration.
 */
function evanMillerBBeatsA(a: { a: number; b: number }, b: { a: number; b: number }): number {
  let total = 0;
  for (let i = 0; i < b.a; i++) {
    total += Math.exp(jStat.betaln(a.a + i, a.b + b.b) - Math.log(b.b + i) - jStat.betaln(1 + i, b.b) - jStat.betaln(a.a, a.b));
  }
  return total;
}

describe("Beta quantiles (jstat) against published values", () => {
  it("gives the Beta(2,3) median: scipy.stats.beta.ppf(0.5, 2, 3) = 0.38572756813238945", () => {
    expect(betaQuantile(0.5, 2, 3)).toBeCloseTo(0.3857275681, 8);
  });

  it("gives Beta(10,20)'s 2.5% and 97.5% quantiles: scipy 0.17938365 and 0.50832335", () => {
    expect(betaQuantile(0.025, 10, 20)).toBeCloseTo(0.17938365, 6);
    expect(betaQuantile(0.975, 10, 20)).toBeCloseTo(0.50832335, 6);
  });

  it("matches closed forms: Beta(½,½) (arcsine) sin²(πq/2), Beta(a,1) q^(1/a), Beta(1,1) q", () => {
    expect(betaQuantile(0.25, 0.5, 0.5)).toBeCloseTo(Math.sin(Math.PI / 8) ** 2, 8);
    expect(betaQuantile(0.3, 4, 1)).toBeCloseTo(0.3 ** 0.25, 8);
    expect(betaQuantile(0.7, 1, 1)).toBeCloseTo(0.7, 8);
  });
});

describe("experimentStats", () => {
  it("takes the posterior Beta(1+s, 1+n−s) and its mean and 95% interval", () => {
    expect(posteriorOf({ reached: 29, successes: 9 })).toEqual({ a: 10, b: 21 });
    const [variant] = experimentStats([{ variantId: "a", reached: 28, successes: 9 }]);
    // Beta(10, 20): mean 1/3, interval as above.
    expect(variant!.mean).toBeCloseTo(1 / 3, 10);
    expect(variant!.rate).toBeCloseTo(9 / 28, 10);
    expect(variant!.interval.low).toBeCloseTo(0.17938365, 6);
    expect(variant!.interval.high).toBeCloseTo(0.50832335, 6);
    expect(variant!.probabilityBest).toBe(1);
  });

  it("gives two identical variants an even chance to be best and the same expected loss", () => {
    const [a, b] = experimentStats([
      { variantId: "a", reached: 120, successes: 14 },
      { variantId: "b", reached: 120, successes: 14 },
    ]);
    expect(a!.probabilityBest).toBeCloseTo(0.5, 6);
    expect(b!.probabilityBest).toBeCloseTo(0.5, 6);
    expect(a!.expectedLoss).toBeCloseTo(b!.expectedLoss, 8);
    expect(a!.expectedLoss).toBeGreaterThan(0);
  });

  it.each([
    [{ reached: 220, successes: 18 }, { reached: 230, successes: 34 }],
    [{ reached: 40, successes: 3 }, { reached: 35, successes: 5 }],
    [{ reached: 1000, successes: 100 }, { reached: 1000, successes: 120 }],
    [{ reached: 5000, successes: 150 }, { reached: 5000, successes: 151 }],
  ])("agrees with Evan Miller's closed form for %o vs %o", (a, b) => {
    const [, second] = experimentStats([
      { variantId: "a", ...a },
      { variantId: "b", ...b },
    ]);
    expect(second!.probabilityBest).toBeCloseTo(evanMillerBBeatsA(posteriorOf(a), posteriorOf(b)), 5);
  });

  it("gives the same numbers every time (no sampling)", () => {
    const counts = [
      { variantId: "a", reached: 90, successes: 7 },
      { variantId: "b", reached: 95, successes: 11 },
      { variantId: "c", reached: 88, successes: 9 },
    ];
    expect(experimentStats(counts)).toEqual(experimentStats(counts));
    const total = experimentStats(counts).reduce((sum, variant) => sum + variant.probabilityBest, 0);
    expect(total).toBeCloseTo(1, 10);
  });

  it("gives the expected loss E[max − p_i]: near 0 for a clear winner, about the gap for the loser", () => {
    const [a, b] = experimentStats([
      { variantId: "a", reached: 2000, successes: 100 },
      { variantId: "b", reached: 2000, successes: 300 },
    ]);
    expect(b!.expectedLoss).toBeLessThan(1e-6);
    expect(a!.expectedLoss).toBeCloseTo(b!.mean - a!.mean, 4);
  });
});

describe("sampleSizePerVariant", () => {
  it("needs 686 per variant to tell 10% from 15% (two-sided α 0.05, power 0.8; Fleiss without continuity correction)", () => {
    expect(sampleSizePerVariant(0.1)).toBe(686);
  });

  it("needs more near 50% than near 5%", () => {
    expect(sampleSizePerVariant(0.45)).toBeGreaterThan(sampleSizePerVariant(0.05));
    expect(sampleSizePerVariant(0)).toBeGreaterThan(0);
  });

  it("counts the more leads the least-reached variant needs", () => {
    const { perVariant, more } = moreLeadsNeeded([
      { reached: 50, successes: 5 },
      { reached: 40, successes: 4 },
    ]);
    expect(perVariant).toBe(686);
    expect(more).toBe(646);
    expect(roundAbout(646)).toBe(650);
  });
});

describe("experimentVerdict", () => {
  it("says it is too early with few leads, and how many more are needed", () => {
    const verdict = experimentVerdict(
      experimentStats([
        { variantId: "a", reached: 50, successes: 5 },
        { variantId: "b", reached: 40, successes: 4 },
      ]),
    );
    expect(verdict.kind).toBe("too-early");
    expect(verdict.text).toMatch(/^Too early to tell: need about 650 more leads per variant to detect a 5-point difference/);
  });

  it("names the likely better variant with its chance to be best and expected loss", () => {
    const verdict = experimentVerdict(
      experimentStats([
        { variantId: "a", reached: 220, successes: 18 },
        { variantId: "b", reached: 230, successes: 34 },
      ]),
    );
    expect(verdict.kind).toBe("winner");
    expect(verdict.leaderId).toBe("b");
    expect(verdict.text).toMatch(/^B is likely better \(9\d% chance to be best\); expected loss of choosing it \d+(\.\d)? points$/);
  });

  it("says there is no meaningful difference once both have enough leads and neither leads", () => {
    const verdict = experimentVerdict(
      experimentStats([
        { variantId: "a", reached: 900, successes: 90 },
        { variantId: "b", reached: 900, successes: 92 },
      ]),
    );
    expect(verdict.kind).toBe("no-difference");
    expect(verdict.text).toMatch(/^No meaningful difference so far/);
  });

  it("waits for the minimum sample before naming a winner", () => {
    const verdict = experimentVerdict(
      experimentStats([
        { variantId: "a", reached: 30, successes: 1 },
        { variantId: "b", reached: 30, successes: 12 },
      ]),
      { threshold: 0.95, minLeadsPerVariant: 100 },
    );
    expect(verdict.kind).toBe("too-early");
  });

  it("says when no lead has reached the step", () => {
    const verdict = experimentVerdict(
      experimentStats([
        { variantId: "a", reached: 0, successes: 0 },
        { variantId: "b", reached: 0, successes: 0 },
      ]),
    );
    expect(verdict.kind).toBe("no-data");
  });
});
