"use client";
// The period's figures over time, by the day (or week) the leads were first contacted: what went
// out, and what came back. The mailbox page's light SVG line chart draws them.
import { PerformanceChart, type ChartSeries } from "@/components/mailboxes/performance-chart";
import { Card } from "@/components/ui/card";
import { COUNT_DEFINITIONS, type CountKey } from "@/server/schemas/analytics-figures";
import type { TAnalyticsOverview } from "@/server/schemas/analytics";

type Line = Omit<ChartSeries, "values" | "label"> & { key: CountKey };

// Tailwind classes written out whole, so that Tailwind sees them.
const OUTREACH: Line[] = [
  { key: "contacted", stroke: "stroke-brand-500", dot: "fill-brand-500", swatch: "bg-brand-500" },
  { key: "invited", stroke: "stroke-sky-400", dot: "fill-sky-400", swatch: "bg-sky-400", dashed: true },
  { key: "messaged", stroke: "stroke-violet-400", dot: "fill-violet-400", swatch: "bg-violet-400", dashed: true },
  { key: "emailed", stroke: "stroke-slate-400", dot: "fill-slate-400", swatch: "bg-slate-400", dashed: true },
];

const RESPONSES: Line[] = [
  { key: "bounced", stroke: "stroke-amber-500", dot: "fill-amber-500", swatch: "bg-amber-500", dashed: true },
  { key: "accepted", stroke: "stroke-sky-500", dot: "fill-sky-500", swatch: "bg-sky-500" },
  { key: "outcomes", stroke: "stroke-violet-500", dot: "fill-violet-500", swatch: "bg-violet-500" },
  { key: "positive", stroke: "stroke-emerald-300", dot: "fill-emerald-300", swatch: "bg-emerald-300" },
  { key: "replied", stroke: "stroke-emerald-600", dot: "fill-emerald-600", swatch: "bg-emerald-600" },
];

function seriesOf(lines: Line[], points: TAnalyticsOverview["series"]): ChartSeries[] {
  return lines.map((line) => ({ ...line, label: COUNT_DEFINITIONS[line.key].label, values: points.map((point) => point.counts[line.key]) }));
}

export function AnalyticsCharts({ overview }: { overview: TAnalyticsOverview }) {
  const dates = overview.series.map((point) => point.start);
  const weekly = overview.period.bucket === "week";
  return (
    <Card
      title="Over time"
      description={`${weekly ? "Per week (each point is the week from that day)" : "Per day"}, by the day the leads were first contacted: a reply counts on the day its lead was first written to.`}
    >
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="min-w-0 space-y-1">
          <h3 className="text-sm font-medium text-slate-900">Outreach</h3>
          <PerformanceChart title="Leads contacted, and how, over time" dates={dates} series={seriesOf(OUTREACH, overview.series)} />
        </div>
        <div className="min-w-0 space-y-1">
          <h3 className="text-sm font-medium text-slate-900">What came back</h3>
          <PerformanceChart title="Acceptances, replies and outcomes over time" dates={dates} series={seriesOf(RESPONSES, overview.series)} />
        </div>
      </div>
    </Card>
  );
}
