import type { TCampaign } from "@/server/schemas/campaign";
import { plural } from "@/components/ui/plural";

const SEGMENTS = [
  { key: "replied", label: "replied", color: "bg-emerald-500" },
  { key: "done", label: "done", color: "bg-slate-400" },
  { key: "running", label: "running", color: "bg-brand-500" },
  { key: "paused", label: "paused", color: "bg-amber-400" },
  { key: "failed", label: "failed", color: "bg-red-500" },
  { key: "stopped", label: "stopped", color: "bg-slate-300" },
] as const;

/** The share of a campaign's leads in each status, as one thin stacked bar (pending is the empty part). */
export function ProgressStrip({ stats, className = "" }: { stats: TCampaign["stats"]; className?: string }) {
  if (!stats.total) return null;
  const text = SEGMENTS.filter((segment) => stats[segment.key])
    .map((segment) => `${stats[segment.key]} ${segment.label}`)
    .concat(stats.pending ? [`${stats.pending} pending`] : [])
    .join(", ");
  return (
    <div role="img" aria-label={`Of ${plural(stats.total, "lead")}: ${text}`} title={text} className={`flex h-1.5 overflow-hidden rounded-full bg-slate-100 ${className}`}>
      {SEGMENTS.map((segment) =>
        stats[segment.key] ? <div key={segment.key} className={segment.color} style={{ width: `${(stats[segment.key] / stats.total) * 100}%` }} /> : null,
      )}
    </div>
  );
}
