"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Tabs, type TabItem } from "@/components/ui/tabs";
import { errorMessage } from "@/components/ui/trpc-error";
import { COUNT_DEFINITIONS } from "@/server/schemas/analytics-figures";
import type { TAnalyticsBreakdownRow } from "@/server/schemas/analytics";
import { FIGURES, formatCount, formatRate, sortRows, type Sort, type SortColumn } from "./analytics-format";
import { breakdownNeedsCampaign, filterOf, leadsHref, type AnalyticsView, type Breakdown } from "./analytics-params";

const TABS: Array<TabItem<Breakdown>> = [
  { id: "campaign", label: "Campaign" },
  { id: "sender", label: "Sender" },
  { id: "mailbox", label: "Mailbox" },
  { id: "step", label: "Step" },
  { id: "variant", label: "Variant" },
];

function SortHeader({ column, label, sort, onSort, first = false }: { column: SortColumn; label: string; sort: Sort; onSort: (sort: Sort) => void; first?: boolean }) {
  const active = sort.column === column;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.descending ? "descending" : "ascending") : "none"}
      className={`px-3 py-2 font-medium whitespace-nowrap ${first ? "sticky left-0 z-10 bg-slate-50 text-left" : "text-right"}`}
    >
      <button
        type="button"
        className={`inline-flex items-center gap-1 hover:text-slate-900 ${active ? "text-slate-900" : ""}`}
        // Names start A to Z, numbers largest first.
        onClick={() => onSort({ column, descending: active ? !sort.descending : column !== "name" })}
      >
        {label}
        <span aria-hidden="true" className="text-[10px]">
          {active ? (sort.descending ? "▼" : "▲") : ""}
        </span>
      </button>
    </th>
  );
}

/** `by` is the one the rows were broken down by: the tab chosen a moment ago may still be loading. */
function Rows({ view, by, rows }: { view: AnalyticsView; by: AnalyticsView["by"]; rows: TAnalyticsBreakdownRow[] }) {
  return (
    <tbody className="divide-y divide-slate-100">
      {rows.map((row) => (
        <tr key={row.key || "none"} data-testid="breakdown-row" className="group">
          <th scope="row" className="sticky left-0 max-w-56 bg-white px-3 py-2 text-left font-medium break-words text-slate-900 group-hover:bg-slate-50">
            {row.name}
          </th>
          {FIGURES.map(({ count, rate }) => {
            const value = row.counts[count];
            const href = value > 0 ? leadsHref(view, count, { by, ...row, campaignId: row.campaignId ?? (by === "campaign" ? row.key : null) }) : null;
            const label = COUNT_DEFINITIONS[count].label;
            return (
              <td key={count} className="px-3 py-2 text-right tabular-nums group-hover:bg-slate-50" data-testid={`breakdown-${count}`}>
                {href ? (
                  <Link href={href} className="font-medium text-brand-700 hover:underline" aria-label={`${label} of ${row.name}: ${formatCount(value)}. See these leads`}>
                    {formatCount(value)}
                  </Link>
                ) : (
                  <span className={value ? "text-slate-900" : "text-slate-400"}>{formatCount(value)}</span>
                )}
                {rate && <span className="block text-xs text-slate-500">{formatRate(row.rates[rate])}</span>}
              </td>
            );
          })}
        </tr>
      ))}
    </tbody>
  );
}

function BreakdownTable({ view }: { view: AnalyticsView }) {
  const trpc = useTRPC();
  const [sort, setSort] = useState<Sort>({ column: "contacted", descending: true });
  const breakdown = useQuery({ ...trpc.analytics.breakdown.queryOptions({ ...filterOf(view), by: view.by }), placeholderData: keepPreviousData });
  if (breakdown.isPending) {
    return (
      <div className="space-y-2" aria-hidden="true">
        {[0, 1, 2].map((line) => (
          <div key={line} className="h-8 animate-pulse rounded bg-slate-100" />
        ))}
      </div>
    );
  }
  if (breakdown.isError) return <Alert tone="error">The breakdown could not be loaded: {errorMessage(breakdown.error)}</Alert>;
  if (!breakdown.data.rows.length) return <p className="text-sm text-slate-500">No lead of this view was contacted in the period.</p>;
  const tab = TABS.find((item) => item.id === breakdown.data.by)!.label;
  return (
    // Wide: it scrolls sideways inside the card on a narrow screen, the names staying in view.
    <div className="-mx-5 overflow-x-auto" aria-busy={breakdown.isFetching}>
      <table className="w-full text-sm" aria-label={`Figures by ${tab.toLowerCase()}`}>
        <thead className="bg-slate-50 text-xs text-slate-500">
          <tr>
            <SortHeader column="name" label={tab} sort={sort} onSort={setSort} first />
            {FIGURES.map(({ count }) => (
              <SortHeader key={count} column={count} label={COUNT_DEFINITIONS[count].label} sort={sort} onSort={setSort} />
            ))}
          </tr>
        </thead>
        <Rows view={view} by={breakdown.data.by} rows={sortRows(breakdown.data.rows, sort)} />
      </table>
    </div>
  );
}

/** The figures by campaign, sender, mailbox, step or variant; each number opens the leads behind it. */
export function BreakdownCard({ view, onChange }: { view: AnalyticsView; onChange: (changes: Partial<AnalyticsView>) => void }) {
  return (
    <Card title="Breakdown" description="Each number opens the leads behind it; the small figures are the rates, as on the cards.">
      <Tabs label="Break the figures down by" tabs={TABS} selected={view.by} onSelect={(by) => onChange({ by })}>
        {breakdownNeedsCampaign(view) ? (
          <p className="text-sm text-slate-600" data-testid="breakdown-needs-campaign">
            Choose a campaign to see its {view.by === "variant" ? "steps' variants" : "steps"}: use the Campaign filter above.
          </p>
        ) : (
          <BreakdownTable view={view} />
        )}
      </Tabs>
    </Card>
  );
}
