import { describe, expect, it } from "vitest";
import { intervalBar, ratePercent, scaleTop } from "./experiment-bars";

const variant = (rate: number, low: number, high: number) => ({
  variantId: "a",
  label: "A",
  reached: 100,
  successes: Math.round(rate * 100),
  positive: 0,
  rate,
  interval: { low, high },
  probabilityBest: 0.5,
  expectedLoss: 0,
  promoted: false,
});

describe("experiment bars", () => {
  it("scales a step's bars to a little past its highest interval end", () => {
    expect(scaleTop([variant(0.08, 0.05, 0.12), variant(0.15, 0.1, 0.2)])).toBeCloseTo(0.25, 10);
    expect(scaleTop([variant(0.9, 0.85, 0.95)])).toBe(1);
    expect(scaleTop([variant(0, 0, 0.01)])).toBeCloseTo(0.1, 10);
  });

  it("places the interval as a band and the rate as a marker, in percent of the width", () => {
    expect(intervalBar(variant(0.15, 0.1, 0.2), 0.25)).toEqual({ left: 40, width: 40, marker: 60 });
  });

  it("writes a rate with one decimal", () => {
    expect(ratePercent(34 / 230)).toBe("14.8%");
    expect(ratePercent(0)).toBe("0%");
  });
});
