// Where a variant's rate and 95% interval sit on the Experiments panel's bars: one scale for all the
// variants of a step, from 0 to a little past the highest interval end, so small rates stay visible.
import type { TExperimentStep } from "@/server/schemas/campaign-experiments";

export type IntervalBar = { left: number; width: number; marker: number };

/** The top of a step's scale: 10% above the highest interval end, rounded up to 5 points, at most 100%. */
export function scaleTop(variants: TExperimentStep["variants"]): number {
  const highest = Math.max(0.05, ...variants.map((variant) => variant.interval.high));
  return Math.min(1, Math.ceil((highest * 1.1) / 0.05) * 0.05);
}

/** The interval as a band and the rate as a marker, in percent of the bar's width. */
export function intervalBar(variant: TExperimentStep["variants"][number], top: number): IntervalBar {
  const at = (value: number) => Math.min(100, Math.max(0, (value / top) * 100));
  return { left: at(variant.interval.low), width: at(variant.interval.high) - at(variant.interval.low), marker: at(variant.rate) };
}

/** A rate as people read it: "14.8%". */
export function ratePercent(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;
}
