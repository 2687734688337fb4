"use client";
import Link from "next/link";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { COUNT_DEFINITIONS, RATE_DEFINITIONS, type CountKey, type RateKey } from "@/server/schemas/analytics-figures";
import type { TAnalyticsOverview } from "@/server/schemas/analytics";
import { changeTone, countChange, FIGURES, formatCount, formatRate, rateChange, type Change } from "./analytics-format";
import { leadsHref, type AnalyticsView } from "./analytics-params";

type Definitions = TAnalyticsOverview["definitions"];

const TONES = { good: "text-emerald-700", bad: "text-red-700", neutral: "text-slate-500" } as const;
const ARROWS = { up: "▲", down: "▼", same: "", none: "" } as const;

/** "▲ +25%", green when it is good news; "no earlier data" in grey. */
export function ChangeText({ change, upIsGood, against }: { change: Change; upIsGood: boolean; against: string }) {
  const arrow = ARROWS[change.direction];
  return (
    <span className={`text-xs font-medium tabular-nums ${TONES[changeTone(change, upIsGood)]}`} data-testid="change">
      {arrow && <span aria-hidden="true">{arrow} </span>}
      {change.text}
      <span className="sr-only"> {against}</span>
    </span>
  );
}

function definitionOf(definitions: Definitions, key: string, fallback: string): string {
  return definitions.find((definition) => definition.key === key)?.definition ?? fallback;
}

/** The "i" beside a figure: how it is counted (and its rate), one click away. */
export function DefinitionButton({ count, rate, definitions }: { count: CountKey; rate?: RateKey; definitions: Definitions }) {
  const [open, setOpen] = useState(false);
  const label = COUNT_DEFINITIONS[count].label;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`How “${label}” is counted`}
        title={`How “${label}” is counted`}
        className="-m-1 rounded-full p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
      >
        <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
          <circle cx="10" cy="10" r="7.5" />
          <path d="M10 9v5M10 6.5v.01" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <Dialog title={label} size="sm" onClose={() => setOpen(false)}>
          <div className="space-y-4 text-sm text-slate-700" data-testid="definition">
            <p>{definitionOf(definitions, count, COUNT_DEFINITIONS[count].definition)}</p>
            {rate && (
              <div>
                <h3 className="font-medium text-slate-900">{RATE_DEFINITIONS[rate].label}</h3>
                <p className="mt-1">{definitionOf(definitions, rate, RATE_DEFINITIONS[rate].definition)}</p>
              </div>
            )}
          </div>
        </Dialog>
      )}
    </>
  );
}

/** Each figure of the period: its count (a link to the leads behind it), its rate, and both against the period before. */
export function KpiCards({ overview, view }: { overview: TAnalyticsOverview; view: AnalyticsView }) {
  const against = `compared with the ${overview.period.days} days before`;
  return (
    <ul className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4" aria-label="Figures of the period">
      {FIGURES.map(({ count, rate, upIsGood }) => {
        const label = COUNT_DEFINITIONS[count].label;
        const value = overview.counts[count];
        const href = value > 0 ? leadsHref(view, count) : null;
        return (
          <li key={count} className="flex min-w-0 flex-col gap-1 rounded-lg bg-white p-3 shadow-xs ring-1 ring-slate-200 sm:p-4" data-testid={`kpi-${count}`}>
            <div className="flex items-start justify-between gap-2">
              <h3 className="text-sm font-medium text-slate-600">{label}</h3>
              <DefinitionButton count={count} rate={rate} definitions={overview.definitions} />
            </div>
            <div className="flex flex-wrap items-baseline gap-x-2">
              <p className="text-2xl font-semibold text-slate-900 tabular-nums" data-testid="kpi-value">
                {href ? (
                  <Link href={href} className="hover:text-brand-700 hover:underline" aria-label={`${label}: ${formatCount(value)}. See these leads`}>
                    {formatCount(value)}
                  </Link>
                ) : (
                  formatCount(value)
                )}
              </p>
              <ChangeText change={countChange(value, overview.previous.counts[count])} upIsGood={upIsGood} against={against} />
            </div>
            {rate && (
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm" data-testid="kpi-rate">
                <span className="text-slate-500">{RATE_DEFINITIONS[rate].label}</span>
                <span className="font-medium text-slate-900 tabular-nums">{formatRate(overview.rates[rate])}</span>
                <ChangeText change={rateChange(overview.rates[rate], overview.previous.rates[rate])} upIsGood={upIsGood} against={against} />
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The cards' shape while the figures load. */
export function KpiSkeleton() {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4" aria-hidden="true">
      {FIGURES.map(({ count }) => (
        <li key={count} className="h-28 animate-pulse rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200">
          <div className="h-3 w-24 rounded bg-slate-200" />
          <div className="mt-3 h-6 w-16 rounded bg-slate-200" />
          <div className="mt-3 h-3 w-32 rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}
