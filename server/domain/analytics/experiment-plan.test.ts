import { describe, expect, it } from "vitest";
import { wireSequence } from "../sequence/wire-sequence";
import { planExperiment, type StepReach } from "./experiment-plan";
import { sampleSizePerVariant } from "./experiment-stats";

const DAY = 86_400_000;
const sequence = (promotedVariantId?: string) =>
  wireSequence({
    steps: [
      { id: "invite", type: "invite" },
      { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "A", variants: [{ id: "a", text: "A" }, { id: "b", text: "B" }], promotedVariantId } },
    ],
  });
const day = (at: number) => new Date(at).toISOString().slice(0, 10);
/** `count` leads reaching the step one per hour from 2026-01-01, one in ten succeeding. */
const reaches = (count: number): StepReach[] => Array.from({ length: count }, (_, index) => ({ at: Date.UTC(2026, 0, 1) + index * 3_600_000, success: index % 10 === 0 }));

describe("planExperiment", () => {
  it("says the test cannot tell within the forecast when too few leads reach the step", () => {
    const wired = sequence();
    const plan = planExperiment(wired, wired.steps[1]!, reaches(240), 45, day);
    expect(plan).toMatchObject({ label: "#2 Message", perVariant: 120, neededPerVariant: sampleSizePerVariant(0.1), expectedBy: null });
    expect(plan.text).toBe("#2 Message: at the forecast's pace each variant reaches about 120 leads in 45 days; detecting a 5-point difference needs about 690 per variant — not within the forecast.");
  });

  it("gives the day the last needed lead reaches the step", () => {
    const wired = sequence();
    const plan = planExperiment(wired, wired.steps[1]!, reaches(2000), 90, day);
    // 686 per variant, 1372 leads: the 1372nd arrives 1371 hours after the first.
    expect(plan.expectedBy).toBe(Date.UTC(2026, 0, 1) + 1371 * 3_600_000);
    expect(plan.text).toMatch(/— expected by 2026-02-27\.$/);
    expect(Math.floor((plan.expectedBy! - Date.UTC(2026, 0, 1)) / DAY)).toBe(57);
  });

  it("has nothing to plan for a promoted step, and says when no lead reaches the step", () => {
    const promoted = sequence("b");
    expect(planExperiment(promoted, promoted.steps[1]!, reaches(100), 45, day).text).toBe("#2 Message: variant B is promoted, so every new lead gets it; there is nothing left to test.");
    const wired = sequence();
    expect(planExperiment(wired, wired.steps[1]!, [], 10, day).text).toBe("#2 Message: no lead is expected to reach this step within 10 days, so its variants cannot be compared yet.");
  });
});
