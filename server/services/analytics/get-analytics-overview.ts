// The home's outcomes: a period's figures beside the period before, and per day or week, summed from
// the rollup (CampaignDailyOutcome).
import type { Actor } from "../../lib/actor";
import { parseInput } from "../../lib/zod-issues";
import { addCounts, COUNT_DEFINITIONS, COUNT_KEYS, emptyCounts, RATE_DEFINITIONS, RATE_KEYS, ratesOf } from "../../domain/analytics/metrics";
import { bucketOf, bucketsOf } from "../../domain/analytics/period";
import { ZAnalyticsFilter, type TAnalyticsFilter, type TAnalyticsOverview } from "../../schemas/analytics";
import { analyticsScope } from "./analytics-scope";
import { rollupSums } from "./rollup-sums";

export const ANALYTICS_DEFINITIONS: TAnalyticsOverview["definitions"] = [
  ...COUNT_KEYS.map((key) => ({ key, ...COUNT_DEFINITIONS[key] })),
  ...RATE_KEYS.map((key) => ({ key, label: RATE_DEFINITIONS[key].label, definition: RATE_DEFINITIONS[key].definition })),
];

export async function getAnalyticsOverview(actor: Actor, input: TAnalyticsFilter): Promise<TAnalyticsOverview> {
  const scope = await analyticsScope(actor, parseInput(ZAnalyticsFilter, input));
  const { period } = scope;
  const days = await rollupSums(scope, "day", { from: period.previous.from, to: period.to });
  const current = emptyCounts();
  const previous = emptyCounts();
  const buckets = new Map(bucketsOf(period).map((start) => [start, emptyCounts()]));
  for (const { key: day, ...counts } of days) {
    if (day < period.from) {
      addCounts(previous, counts);
      continue;
    }
    addCounts(current, counts);
    addCounts(buckets.get(bucketOf(period, day))!, counts);
  }
  return {
    period: { from: period.from, to: period.to, days: period.days, bucket: period.bucket, previous: period.previous },
    counts: current,
    rates: ratesOf(current),
    previous: { counts: previous, rates: ratesOf(previous) },
    series: [...buckets].map(([start, counts]) => ({ start, counts, rates: ratesOf(counts) })),
    definitions: ANALYTICS_DEFINITIONS,
  };
}
