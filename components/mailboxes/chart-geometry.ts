// The arithmetic of the mailbox performance chart, kept apart from the SVG so it can be tested:
// a "nice" top for the value axis, and each series as points in a fixed drawing box.

/** The smallest of 1, 2, 2.5, 5 × 10ⁿ at or above `value` (at least 1), so the axis reads in round numbers. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

export interface ChartBox {
  width: number;
  height: number;
}

/**
 * The points of one series in the box: x spread evenly over the days (a single day sits in the
 * middle), y from the bottom (0) to the top (`max`).
 */
export function seriesPoints(values: readonly number[], max: number, box: ChartBox): Array<{ x: number; y: number }> {
  const top = max > 0 ? max : 1;
  const step = values.length > 1 ? box.width / (values.length - 1) : 0;
  return values.map((value, index) => ({
    x: values.length > 1 ? index * step : box.width / 2,
    y: box.height - (Math.max(0, value) / top) * box.height,
  }));
}

/** An SVG `points` attribute, rounded to tenths so the markup stays small. */
export function pointsAttribute(points: ReadonlyArray<{ x: number; y: number }>): string {
  return points.map(({ x, y }) => `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`).join(" ");
}

/** Which labels to show on the day axis: about `wanted` of them, always the first and the last. */
export function labelIndexes(count: number, wanted: number): number[] {
  if (count <= 0) return [];
  if (count <= wanted) return Array.from({ length: count }, (_unused, index) => index);
  const every = Math.ceil((count - 1) / (wanted - 1));
  const indexes: number[] = [];
  for (let index = 0; index < count - 1; index += every) indexes.push(index);
  // The last day always shows; drop a label that would sit right against it.
  if (count - 1 - indexes[indexes.length - 1]! < every / 2) indexes.pop();
  indexes.push(count - 1);
  return indexes;
}

/**
 * A period-over-period delta as the performance API gives it (the change, and the change in percent
 * of the previous period, null when that had none), in words: "+12%", "−30%", "±0%", "+4 (new)".
 */
export function formatDelta(delta: { change: number; percent: number | null }): { text: string; direction: "up" | "down" | "flat" } {
  const direction = delta.change > 0 ? "up" : delta.change < 0 ? "down" : "flat";
  if (delta.change === 0) return { text: "±0%", direction };
  if (delta.percent === null) return { text: `+${delta.change} (none before)`, direction };
  const percent = Math.round(delta.percent);
  const sign = delta.change > 0 ? "+" : "−";
  return { text: `${sign}${Math.abs(percent)}%`, direction };
}

/**
 * The day under a pointer at `fraction` of the chart's width (0 at the left edge, 1 at the right):
 * the nearest of `count` evenly spread days, as seriesPoints places them.
 */
export function nearestIndex(fraction: number, count: number): number {
  if (count <= 1) return 0;
  const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  return Math.round(clamped * (count - 1));
}

/** Where day `index` of `count` sits across the chart, in percent of its width (a single day in the middle). */
export function dayPosition(index: number, count: number): number {
  return count > 1 ? (index / (count - 1)) * 100 : 50;
}

/** The figures of one day, in the order of the series, for the tooltip. */
export function dayFigures(series: ReadonlyArray<{ key: string; label: string; values: readonly number[] }>, index: number): Array<{ key: string; label: string; value: number }> {
  return series.map((line) => ({ key: line.key, label: line.label, value: line.values[index] ?? 0 }));
}
