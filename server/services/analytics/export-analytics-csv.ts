// The analytics as a spreadsheet: a breakdown's rows (or the period's days) with every figure and
// rate, in CSV (RFC 4180). A cell a spreadsheet would run as a formula is written as text.
import type { Actor } from "../../lib/actor";
import { COUNT_DEFINITIONS, COUNT_KEYS, RATE_DEFINITIONS, RATE_KEYS, type Counts, type Rates } from "../../domain/analytics/metrics";
import { ZAnalyticsExportQuery, type TAnalyticsExportQuery } from "../../schemas/analytics";
import { parseInput } from "../../lib/zod-issues";
import { getAnalyticsBreakdown } from "./get-analytics-breakdown";
import { getAnalyticsOverview } from "./get-analytics-overview";
import { csvLine } from "../../lib/csv-line";

export async function exportAnalyticsCsv(actor: Actor, input: TAnalyticsExportQuery): Promise<string> {
  const query = parseInput(ZAnalyticsExportQuery, input);
  const header = [
    query.by === "day" ? "Day" : "Name",
    ...COUNT_KEYS.map((key) => COUNT_DEFINITIONS[key].label),
    ...RATE_KEYS.map((key) => `${RATE_DEFINITIONS[key].label} (%)`),
  ];
  const cells = (counts: Counts, rates: Rates) => [
    ...COUNT_KEYS.map((key) => String(counts[key])),
    ...RATE_KEYS.map((key) => (rates[key] === null ? "" : (rates[key]! * 100).toFixed(1))),
  ];
  let lines: string[][];
  if (query.by === "day") {
    const { by: _by, ...filter } = query;
    const overview = await getAnalyticsOverview(actor, filter);
    lines = overview.series.map((point) => [point.start, ...cells(point.counts, point.rates)]);
  } else {
    const breakdown = await getAnalyticsBreakdown(actor, { ...query, by: query.by });
    lines = breakdown.rows.map((row) => [row.name, ...cells(row.counts, row.rates)]);
  }
  return [header, ...lines].map(csvLine).join("\r\n") + "\r\n";
}
