"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { formatDelta } from "./chart-geometry";
import { PerformanceChart, type ChartSeries } from "./performance-chart";

const PERIODS = [7, 30, 90] as const;
type Period = (typeof PERIODS)[number];

const METRICS = [
  { key: "sent", label: "Sent", goodWhenUp: true },
  { key: "replies", label: "Replies", goodWhenUp: true },
  { key: "bounces", label: "Bounces", goodWhenUp: false },
] as const;

/**
 * The chart's lines, in drawing order: replies last, so that they stay on top where they meet another
 * line (a day of one reply and one bounce); bounces dashed, so both show when they run together.
 */
const LINES = [
  { key: "sent", label: "Sent", stroke: "stroke-brand-500", dot: "fill-brand-500", swatch: "bg-brand-500" },
  { key: "opens", label: "Opens", stroke: "stroke-sky-400", dot: "fill-sky-400", swatch: "bg-sky-400" },
  { key: "clicks", label: "Clicks", stroke: "stroke-violet-500", dot: "fill-violet-500", swatch: "bg-violet-500" },
  { key: "bounces", label: "Bounces", stroke: "stroke-amber-500", dot: "fill-amber-500", swatch: "bg-amber-500", dashed: true },
  { key: "replies", label: "Replies", stroke: "stroke-emerald-600", dot: "fill-emerald-600", swatch: "bg-emerald-600" },
] as const;

function percent(rate: number): string {
  return `${(rate * 100).toFixed(rate > 0 && rate < 0.1 ? 1 : 0)}%`;
}

function DeltaTile({
  label,
  value,
  previous,
  change,
  goodWhenUp,
  days,
}: {
  label: string;
  value: number;
  previous: number;
  change: { change: number; percent: number | null };
  goodWhenUp: boolean;
  days: number;
}) {
  const delta = formatDelta(change);
  const good = delta.direction === "flat" ? null : (delta.direction === "up") === goodWhenUp;
  const tone = good === null ? "text-slate-500" : good ? "text-emerald-700" : "text-red-700";
  return (
    <div className="min-w-0 rounded-md bg-slate-50 px-2.5 py-2 ring-1 ring-slate-200 sm:px-3" data-testid={`performance-${label.toLowerCase()}`}>
      <p className="text-xs text-slate-500">{label}</p>
      <p className="text-xl font-semibold text-slate-900 tabular-nums">{value.toLocaleString("en")}</p>
      <p className={`text-xs tabular-nums ${tone}`} title={`${previous} in the ${days} days before`}>
        {delta.text} <span className="block text-slate-400 sm:inline">vs previous {days} days</span>
      </p>
    </div>
  );
}

/** Sent, opens, clicks, replies and bounces per day over 7, 30 or 90 days, against the period before, and all-time totals. */
export function PerformanceCard({ mailboxId }: { mailboxId: string }) {
  const trpc = useTRPC();
  const [days, setDays] = useState<Period>(30);
  const performance = useQuery({ ...trpc.mailboxes.performance.queryOptions({ id: mailboxId, days }), placeholderData: (previous) => previous });
  const data = performance.data;
  const series: ChartSeries[] = data
    ? LINES.map((line) => ({ ...line, values: data.daily.map((day) => day[line.key]) }))
    : [];
  return (
    <Card
      title="Performance"
      description="E-mails sent from this mailbox (campaign e-mails and your replies from the inbox); opens, clicks, replies and bounces count each lead once, rates are of the leads e-mailed."
      actions={
        <div className="w-36 shrink-0">
          <Select aria-label="Period" value={String(days)} onChange={(event) => setDays(Number(event.target.value) as Period)}>
            {PERIODS.map((period) => (
              <option key={period} value={period}>
                Last {period} days
              </option>
            ))}
          </Select>
        </div>
      }
    >
      {performance.isPending ? (
        <p className="text-sm text-slate-500" role="status">
          Loading performance…
        </p>
      ) : performance.error ? (
        <ErrorAlert error={performance.error} />
      ) : (
        <div className="space-y-5" aria-busy={performance.isFetching}>
          <div className="grid grid-cols-3 gap-2 sm:gap-3">
            {METRICS.map((metric) => (
              <DeltaTile
                key={metric.key}
                label={metric.label}
                value={data!.period[metric.key]}
                previous={data!.previousPeriod[metric.key]}
                change={data!.deltas[metric.key]}
                goodWhenUp={metric.goodWhenUp}
                days={days}
              />
            ))}
          </div>
          <PerformanceChart title={`Sent, opens, clicks, replies and bounces per day, last ${days} days`} dates={data!.daily.map((day) => day.date)} series={series} />
          <div>
            <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">All time</h3>
            <dl className="mt-2 grid grid-cols-2 gap-3 text-sm sm:grid-cols-5" data-testid="performance-totals">
              {(
                [
                  ["Sent", data!.allTime.sent.toLocaleString("en")],
                  ["Replies", data!.allTime.replies.toLocaleString("en")],
                  ["Bounces", data!.allTime.bounces.toLocaleString("en")],
                  ["Reply rate", percent(data!.allTime.replyRate)],
                  ["Bounce rate", percent(data!.allTime.bounceRate)],
                ] as const
              ).map(([term, value]) => (
                <div key={term}>
                  <dt className="text-xs text-slate-500">{term}</dt>
                  <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
          {data!.campaigns.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" aria-label={`Per campaign, last ${days} days`}>
                <thead>
                  <tr className="text-left text-xs text-slate-500">
                    <th className="py-1.5 pr-3 font-medium">Campaign</th>
                    <th className="px-3 py-1.5 text-right font-medium">Sent</th>
                    <th className="px-3 py-1.5 text-right font-medium">Replies</th>
                    <th className="py-1.5 pl-3 text-right font-medium">Bounces</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data!.campaigns.map((campaign) => (
                    <tr key={campaign.campaignId}>
                      <td className="max-w-0 truncate py-1.5 pr-3">
                        <Link href={`/campaigns/${campaign.campaignId}`} className="text-brand-700 hover:underline">
                          {campaign.campaignName}
                        </Link>
                      </td>
                      <td className="px-3 py-1.5 text-right tabular-nums">{campaign.sent}</td>
                      <td className="px-3 py-1.5 text-right tabular-nums">{campaign.replies}</td>
                      <td className="py-1.5 pl-3 text-right tabular-nums">{campaign.bounces}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
