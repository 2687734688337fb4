// A light line chart of a mailbox's days (sent, replies, bounces), drawn as plain SVG: the page
// needs three lines and an axis, not a chart library.
import { labelIndexes, niceMax, pointsAttribute, seriesPoints } from "./chart-geometry";

export interface ChartSeries {
  key: string;
  label: string;
  /** Tailwind classes (written out whole, so Tailwind sees them): the line, a lone day's dot, the legend's swatch. */
  stroke: string;
  dot: string;
  swatch: string;
  values: readonly number[];
}

const BOX = { width: 600, height: 160 };

function dayLabel(date: string): string {
  // Dates are calendar days ("2026-03-02"), shown as such whatever the browser's zone.
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en", { month: "short", day: "numeric", timeZone: "UTC" });
}

export function PerformanceChart({ dates, series, title }: { dates: readonly string[]; series: readonly ChartSeries[]; title: string }) {
  const max = niceMax(Math.max(0, ...series.flatMap((line) => line.values)));
  const labels = labelIndexes(dates.length, 4);
  const summary = series.map((line) => `${line.label}: ${line.values.reduce((sum, value) => sum + value, 0)}`).join(", ");
  return (
    <figure className="space-y-2">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        {series.map((line) => (
          <li key={line.key} className="flex items-center gap-1.5">
            <span className={`inline-block size-2.5 rounded-full ${line.swatch}`} />
            {line.label}
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <div className="flex h-40 flex-col justify-between text-right text-[11px] text-slate-400 tabular-nums" aria-hidden="true">
          <span>{max}</span>
          <span>{max / 2}</span>
          <span>0</span>
        </div>
        <div className="relative h-40 min-w-0 flex-1">
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
            {series.map((line) => {
              const points = seriesPoints(line.values, max, BOX);
              return points.length === 1 ? (
                <circle key={line.key} cx={points[0]!.x} cy={points[0]!.y} r={3} className={line.dot} />
              ) : (
                <polyline
                  key={line.key}
                  points={pointsAttribute(points)}
                  fill="none"
                  className={line.stroke}
                  strokeWidth={2}
                  strokeLinejoin="round"
                  strokeLinecap="round"
                  vectorEffect="non-scaling-stroke"
                />
              );
            })}
          </svg>
        </div>
      </div>
      <div className="relative ml-8 h-4 text-[11px] text-slate-500" aria-hidden="true">
        {labels.map((index) => {
          const left = dates.length > 1 ? (index / (dates.length - 1)) * 100 : 50;
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
