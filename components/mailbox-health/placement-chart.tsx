// Where each day's warmup mail landed, as stacked bars of shares (inbox, Promotions, spam) that
// reach 100 %: plain SVG like the mailbox performance chart.
import { labelIndexes } from "@/components/mailboxes/chart-geometry";
import type { TWarmupHistoryDay } from "@/server/schemas/mailbox-health";
import { formatShare, placementShares, stackedBars } from "./warmup-chart-geometry";

const BOX = { width: 600, height: 160 };

const SEGMENTS = [
  { key: "inbox", label: "Inbox", fill: "fill-emerald-500", swatch: "bg-emerald-500" },
  { key: "promotions", label: "Promotions", fill: "fill-amber-400", swatch: "bg-amber-400" },
  { key: "spam", label: "Spam", fill: "fill-red-500", swatch: "bg-red-500" },
] as const;

function dayLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en", { month: "short", day: "numeric", timeZone: "UTC" });
}

export function PlacementChart({ days }: { days: readonly TWarmupHistoryDay[] }) {
  const shares = days.map((day) => placementShares(day));
  const bars = stackedBars(shares, SEGMENTS.map((segment) => segment.key), 1, BOX);
  const landed = days.reduce((sum, day) => ({ inbox: sum.inbox + day.inbox, promotions: sum.promotions + day.promotions, spam: sum.spam + day.spam }), { inbox: 0, promotions: 0, spam: 0 });
  const overall = placementShares(landed);
  const summary = overall.total
    ? `Over these days: ${formatShare(overall.inbox)} inbox, ${formatShare(overall.promotions)} Promotions, ${formatShare(overall.spam)} spam`
    : "No warmup e-mail has landed yet";
  const labels = labelIndexes(days.length, 4);
  const fills = { inbox: SEGMENTS[0].fill, promotions: SEGMENTS[1].fill, spam: SEGMENTS[2].fill };
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium text-slate-900">Where warmup e-mail landed</figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        {SEGMENTS.map((segment) => (
          <li key={segment.key} className="flex items-center gap-1.5">
            <span className={`inline-block size-2.5 rounded-sm ${segment.swatch}`} />
            {segment.label}
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <div className="flex h-32 flex-col justify-between text-right text-[11px] text-slate-400 tabular-nums" aria-hidden="true">
          <span>100%</span>
          <span>50%</span>
          <span>0%</span>
        </div>
        <div className="relative h-32 min-w-0 flex-1">
          <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} preserveAspectRatio="none" className="absolute inset-0 h-full w-full" role="img" aria-label={`Where warmup e-mail landed each day. ${summary}.`} data-testid="warmup-placement-chart">
            {[0, 0.5, 1].map((fraction) => (
              <line key={fraction} x1={0} x2={BOX.width} y1={BOX.height * fraction} y2={BOX.height * fraction} className="stroke-slate-200" strokeWidth={1} vectorEffect="non-scaling-stroke" />
            ))}
            {bars.map((day, index) =>
              day.map((bar) => (
                <rect key={`${index}-${bar.key}`} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className={fills[bar.key]}>
                  <title>{`${days[index]!.date}: ${bar.key} ${formatShare(shares[index]![bar.key])}`}</title>
                </rect>
              )),
            )}
          </svg>
        </div>
      </div>
      <div className="relative ml-10 h-4 text-[11px] text-slate-500" aria-hidden="true">
        {labels.map((index) => {
          const left = days.length ? ((index + 0.5) / days.length) * 100 : 50;
          const align = index === 0 && days.length > 1 ? "translate-x-0" : index === days.length - 1 && days.length > 1 ? "-translate-x-full" : "-translate-x-1/2";
          return (
            <span key={index} className={`absolute whitespace-nowrap ${align}`} style={{ left: `${left}%` }}>
              {dayLabel(days[index]!.date)}
            </span>
          );
        })}
      </div>
      <p className="text-xs text-slate-500">{summary}.</p>
    </figure>
  );
}
