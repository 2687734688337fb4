"use client";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import type { TAnalyticsOverview } from "@/server/schemas/analytics";
import { formatPeriod } from "./analytics-format";
import { customPeriodProblem, type AnalyticsView, type PeriodChoice } from "./analytics-params";

const PRESETS: Array<{ value: Exclude<PeriodChoice, "custom">; label: string }> = [
  { value: "7d", label: "7 days" },
  { value: "30d", label: "30 days" },
  { value: "90d", label: "90 days" },
];

const segment = "rounded px-3 py-1.5 text-sm font-medium whitespace-nowrap";
const segmentOn = "bg-white text-slate-900 shadow-xs";
const segmentOff = "text-slate-600 hover:text-slate-900";

/** The last 7, 30 or 90 days, or a custom first and last day; with the period shown and the one it is compared with. */
export function PeriodControl({
  view,
  period,
  onChange,
}: {
  view: AnalyticsView;
  /** The period as the server resolved it (today is the server's), once known. */
  period: TAnalyticsOverview["period"] | undefined;
  onChange: (changes: Partial<AnalyticsView>) => void;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const customOpen = editing || view.period === "custom";

  function openCustom() {
    setFrom(view.from || period?.from || "");
    setTo(view.to || period?.to || "");
    setProblem(null);
    setEditing(true);
  }

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wrong = customPeriodProblem(from, to);
    setProblem(wrong);
    if (wrong) return;
    setEditing(false);
    onChange({ period: "custom", from, to });
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div role="group" aria-label="Period" className="inline-flex flex-wrap rounded-md bg-slate-100 p-0.5">
          {PRESETS.map((preset) => {
            const on = view.period === preset.value && !editing;
            return (
              <button
                key={preset.value}
                type="button"
                aria-pressed={on}
                className={`${segment} ${on ? segmentOn : segmentOff}`}
                onClick={() => {
                  setEditing(false);
                  onChange({ period: preset.value, from: "", to: "" });
                }}
              >
                {preset.label}
              </button>
            );
          })}
          <button type="button" aria-pressed={customOpen} className={`${segment} ${customOpen ? segmentOn : segmentOff}`} onClick={openCustom}>
            Custom
          </button>
        </div>
        {period && (
          <p className="text-sm text-slate-600" data-testid="analytics-period">
            <span className="font-medium text-slate-900">{formatPeriod(period)}</span>
            <span className="text-slate-500"> · compared with {formatPeriod(period.previous)}</span>
          </p>
        )}
      </div>
      {editing && (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-3" aria-label="Custom period" noValidate>
          <label className="space-y-1 text-sm" htmlFor={`${id}-from`}>
            <span className="block font-medium text-slate-700">From</span>
            <Input id={`${id}-from`} type="date" value={from} onChange={(event) => setFrom(event.target.value)} aria-invalid={Boolean(problem)} className="w-44" />
          </label>
          <label className="space-y-1 text-sm" htmlFor={`${id}-to`}>
            <span className="block font-medium text-slate-700">To</span>
            <Input id={`${id}-to`} type="date" value={to} onChange={(event) => setTo(event.target.value)} aria-invalid={Boolean(problem)} className="w-44" />
          </label>
          <Button type="submit">Show</Button>
          <Button variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          {problem && (
            <p className="w-full text-xs text-red-600" role="alert">
              {problem}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
