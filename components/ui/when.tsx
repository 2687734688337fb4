import { formatDateTime, formatRelative } from "@/components/ui/format";

/**
 * A moment as "in 3 hours" with the exact date and time beside it (and in the tooltip). With
 * `past`, a moment already gone reads as that text ("Due now") rather than "5 minutes ago". With
 * `phoneCompact`, a phone shows the relative time alone.
 */
export function When({ iso, now, empty = "—", past, phoneCompact }: { iso: string | null; now: number; empty?: string; past?: string; phoneCompact?: boolean }) {
  if (!iso) return <span className="text-slate-400">{empty}</span>;
  const absolute = formatDateTime(iso);
  const gone = new Date(iso).getTime() <= now;
  return (
    <time dateTime={iso} title={absolute} className="block leading-tight">
      <span className="text-slate-800">{gone && past ? past : formatRelative(iso, now)}</span>
      {/* On a phone a compact row keeps the relative time only; the exact one is in the tooltip. */}
      <span className={`text-xs text-slate-500 ${phoneCompact ? "hidden md:block" : "block"}`}>{absolute}</span>
    </time>
  );
}

/** "42%" of a part in a whole, or "—" when the whole is empty. */
export function percent(part: number, whole: number): string {
  if (!whole) return "—";
  const value = (part / whole) * 100;
  return `${value > 0 && value < 1 ? "<1" : Math.round(value)}%`;
}
