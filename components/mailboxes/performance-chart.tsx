"use client";
// A light line chart of a mailbox's days (sent, opens, clicks, replies, bounces), drawn as plain SVG:
// the page needs a few lines, an axis and a tooltip, not a chart library. Series are drawn in their
// order, so the one that matters most goes last and stays visible where lines meet (replies over
// bounces); the legend's buttons hide and show each line.
import { useState, type KeyboardEvent, type PointerEvent } from "react";
import { dayFigures, dayPosition, labelIndexes, nearestIndex, niceMax, pointsAttribute, seriesPoints } from "./chart-geometry";

export interface ChartSeries {
  key: string;
  label: string;
  /** Tailwind classes (written out whole, so Tailwind sees them): the line, a lone day's dot, the legend's swatch. */
  stroke: string;
  dot: string;
  swatch: string;
  /** A dashed line, told apart from a solid one it may run along. */
  dashed?: boolean;
  values: readonly number[];
}

const BOX = { width: 600, height: 160 };

function dayLabel(date: string, long = false): string {
  // Dates are calendar days ("2026-03-02"), shown as such whatever the browser's zone.
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en", { ...(long ? { weekday: "short" } : {}), month: "short", day: "numeric", timeZone: "UTC" });
}

function Legend({ series, hidden, onToggle }: { series: readonly ChartSeries[]; hidden: ReadonlySet<string>; onToggle: (key: string) => void }) {
  return (
    <ul className="flex flex-wrap gap-x-1 gap-y-1 text-xs text-slate-600" aria-label="Lines shown">
      {series.map((line) => {
        const shown = !hidden.has(line.key);
        return (
          <li key={line.key}>
            <button
              type="button"
              aria-pressed={shown}
              onClick={() => onToggle(line.key)}
              className={`flex items-center gap-1.5 rounded px-1.5 py-0.5 hover:bg-slate-100 ${shown ? "" : "text-slate-400 line-through"}`}
              title={shown ? `Hide ${line.label.toLowerCase()}` : `Show ${line.label.toLowerCase()}`}
            >
              <span className={`inline-block h-0.5 w-3 ${shown ? line.swatch : "bg-slate-300"} ${line.dashed ? "opacity-70" : ""}`} />
              {line.label}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Tooltip({ date, figures, left }: { date: string; figures: ReturnType<typeof dayFigures>; left: number }) {
  // Kept inside the chart: anchored on its left half to the day, on its right half ending at it.
  const anchor = left > 50 ? "-translate-x-full" : "";
  return (
    <div
      role="status"
      data-testid="performance-tooltip"
      className={`pointer-events-none absolute top-1 z-10 min-w-32 rounded-md bg-white px-2.5 py-2 text-xs shadow-md ring-1 ring-slate-200 ${anchor}`}
      style={{ left: `${left}%` }}
    >
      <p className="font-medium text-slate-900">{dayLabel(date, true)}</p>
      <dl className="mt-1 space-y-0.5">
        {figures.map((figure) => (
          <div key={figure.key} className="flex justify-between gap-3">
            <dt className="text-slate-500">{figure.label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function PerformanceChart({ dates, series, title }: { dates: readonly string[]; series: readonly ChartSeries[]; title: string }) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [active, setActive] = useState<number | null>(null);
  const shown = series.filter((line) => !hidden.has(line.key));
  const max = niceMax(Math.max(0, ...shown.flatMap((line) => line.values)));
  const labels = labelIndexes(dates.length, 4);
  const summary = series.map((line) => `${line.label}: ${line.values.reduce((sum, value) => sum + value, 0)}`).join(", ");
  const toggle = (key: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const point = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setActive(nearestIndex((event.clientX - box.left) / box.width, dates.length));
  };
  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = dates.length - 1;
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key === "Escape") return setActive(null);
    if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      return setActive(event.key === "Home" ? 0 : last);
    }
    if (!(event.key in moves)) return;
    event.preventDefault();
    setActive((current) => Math.min(last, Math.max(0, (current ?? last) + moves[event.key]!)));
  };
  const activeLeft = active === null ? 0 : dayPosition(active, dates.length);
  return (
    <figure className="space-y-2">
      <Legend series={series} hidden={hidden} onToggle={toggle} />
      <div className="flex gap-2">
        <div className="flex h-40 flex-col justify-between text-right text-[11px] text-slate-400 tabular-nums" aria-hidden="true">
          <span>{max}</span>
          <span>{max / 2}</span>
          <span>0</span>
        </div>
        <div
          className="relative h-40 min-w-0 flex-1 touch-pan-y outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          tabIndex={0}
          aria-label={`${title}: use the left and right arrow keys to read each day's figures`}
          onPointerMove={point}
          onPointerDown={point}
          onPointerLeave={() => setActive(null)}
          onFocus={() => setActive((current) => current ?? dates.length - 1)}
          onBlur={() => setActive(null)}
          onKeyDown={keys}
          data-testid="performance-chart-area"
        >
          <svg
            viewBox={`0 0 ${BOX.width} ${BOX.height}`}
            preserveAspectRatio="none"
            className="absolute inset-0 h-full w-full overflow-visible"
            role="img"
            aria-label={`${title}. ${summary}.`}
            data-testid="performance-chart"
          >
            {[0, 0.5, 1].map((fraction) => (
              <line key={fraction} x1={0} x2={BOX.width} y1={BOX.height * fraction} y2={BOX.height * fraction} className="stroke-slate-200" strokeWidth={1} vectorEffect="non-scaling-stroke" />
            ))}
            {active !== null && (
              <line x1={(activeLeft / 100) * BOX.width} x2={(activeLeft / 100) * BOX.width} y1={0} y2={BOX.height} className="stroke-slate-300" strokeWidth={1} vectorEffect="non-scaling-stroke" />
            )}
            {shown.map((line) => {
              const points = seriesPoints(line.values, max, BOX);
              return points.length === 1 ? (
                <circle key={line.key} cx={points[0]!.x} cy={points[0]!.y} r={3} className={line.dot} />
              ) : (
                <polyline
                  key={line.key}
                  points={pointsAttribute(points)}
                  fill="none"
                  className={line.stroke}
                  strokeWidth={line.dashed ? 1.5 : 2}
                  strokeDasharray={line.dashed ? "5 4" : undefined}
                  strokeLinejoin="round"
                  strokeLinecap="round"
                  vectorEffect="non-scaling-stroke"
                  data-series={line.key}
                />
              );
            })}
          </svg>
          {active !== null && dates[active] && <Tooltip date={dates[active]} figures={dayFigures(series, active)} left={activeLeft} />}
        </div>
      </div>
      <div className="relative ml-8 h-4 text-[11px] text-slate-500" aria-hidden="true">
        {labels.map((index) => {
          const left = dayPosition(index, dates.length);
          const align = index === 0 && dates.length > 1 ? "translate-x-0" : index === dates.length - 1 && dates.length > 1 ? "-translate-x-full" : "-translate-x-1/2";
          return (
            <span key={index} className={`absolute whitespace-nowrap ${align}`} style={{ left: `${left}%` }}>
              {dayLabel(dates[index]!)}
            </span>
          );
        })}
      </div>
    </figure>
  );
}
