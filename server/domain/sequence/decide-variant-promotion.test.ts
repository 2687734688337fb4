import { describe, expect, it } from "vitest";
import { experimentStats } from "../analytics/experiment-stats";
import { chooseVariant, chooseStepVariant } from "./choose-variant";
import { decideVariantPromotion } from "./decide-variant-promotion";
import { wireSequence } from "./wire-sequence";

const stats = (a: [number, number], b: [number, number]) =>
  experimentStats([
    { variantId: "a", reached: a[0], successes: a[1] },
    { variantId: "v_b", reached: b[0], successes: b[1] },
  ]);

describe("decideVariantPromotion", () => {
  it("promotes the variant whose probability to be best passes the threshold with every variant at the minimum", () => {
    const decision = decideVariantPromotion(stats([220, 18], [230, 34]));
    expect(decision).toMatchObject({ kind: "promote", variantId: "v_b" });
  });

  it("waits for the minimum sample per variant", () => {
    expect(decideVariantPromotion(stats([90, 2], [230, 34]))).toEqual({ kind: "none", reason: "below-minimum" });
    expect(decideVariantPromotion(stats([90, 2], [230, 34]), { minLeadsPerVariant: 50 })).toMatchObject({ kind: "promote", variantId: "v_b" });
  });

  it("promotes nothing without a clear winner, or past a higher threshold", () => {
    expect(decideVariantPromotion(stats([300, 30], [300, 33]))).toEqual({ kind: "none", reason: "no-clear-winner" });
    expect(decideVariantPromotion(stats([220, 18], [230, 34]), { threshold: 0.999 })).toEqual({ kind: "none", reason: "no-clear-winner" });
  });

  it("promotes a step once, and never a single variant", () => {
    expect(decideVariantPromotion(stats([220, 18], [230, 34]), { promotedVariantId: "a" })).toEqual({ kind: "none", reason: "already-promoted" });
    expect(decideVariantPromotion(experimentStats([{ variantId: "a", reached: 500, successes: 50 }]))).toEqual({ kind: "none", reason: "single-variant" });
  });
});

describe("chooseVariant with a promoted variant", () => {
  const variants = [{ id: "a" }, { id: "v_b" }];
  const leads = Array.from({ length: 40 }, (_, index) => `cld_${index}`);

  it("splits leads between the variants until one is promoted, then gives every lead the promoted one", () => {
    const split = new Set(leads.map((lead) => chooseVariant(variants, lead, "st_1").id));
    expect(split).toEqual(new Set(["a", "v_b"]));
    expect(new Set(leads.map((lead) => chooseVariant(variants, lead, "st_1", "v_b").id))).toEqual(new Set(["v_b"]));
    // A promoted id that names no variant (removed since) leaves the split as it was.
    expect(leads.map((lead) => chooseVariant(variants, lead, "st_1", "gone").id)).toEqual(leads.map((lead) => chooseVariant(variants, lead, "st_1").id));
  });

  it("reads the promoted variant from the wired step, which must name one of its variants", () => {
    const sequence = wireSequence({
      steps: [{ id: "m1", type: "message", config: { text: "A", variants: [{ id: "a", text: "A" }, { id: "v_b", text: "B" }], promotedVariantId: "v_b" } }],
    });
    expect(sequence.steps[0]!.config.promotedVariantId).toBe("v_b");
    expect(chooseStepVariant(sequence.steps[0]!, "cld_1").id).toBe("v_b");
    expect(() =>
      wireSequence({ steps: [{ id: "m1", type: "message", config: { text: "A", variants: [{ id: "a", text: "A" }], promotedVariantId: "zz" } }] }),
    ).toThrow(/promotedVariantId/);
  });
});
