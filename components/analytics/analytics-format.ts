// How the analytics' numbers are written: counts, rates, the change against the period before, the
// period itself, and the order of a breakdown's rows. Pure, so it is tested beside.
import type { CountKey, RateKey } from "@/server/schemas/analytics-figures";
import type { TAnalyticsBreakdownRow } from "@/server/schemas/analytics";

export function formatCount(value: number): string {
  return value.toLocaleString("en");
}

/** A rate from 0 to 1 as a percentage with at most one decimal ("12.5%", "40%"); "—" when nothing could count. */
export function formatRate(rate: number | null): string {
  if (rate === null) return "—";
  const value = Math.round(rate * 1000) / 10;
  return `${rate > 0 && value === 0 ? "<0.1" : value}%`;
}

export type Change =
  /** The period before had nothing to compare with. */
  | { direction: "none"; text: string }
  | { direction: "same"; text: string }
  | { direction: "up" | "down"; text: string };

const NO_EARLIER: Change = { direction: "none", text: "no earlier data" };

/** A count against the period before, in per cent ("+25%", "−40%"). */
export function countChange(current: number, previous: number): Change {
  if (previous === 0) return NO_EARLIER;
  if (current === previous) return { direction: "same", text: "no change" };
  const percent = Math.round(((current - previous) / previous) * 100);
  const direction = current > previous ? "up" : "down";
  // A change that rounds to 0 % still says which way it went.
  const shown = percent === 0 ? "<1" : String(Math.abs(percent));
  return { direction, text: `${direction === "up" ? "+" : "−"}${shown}%` };
}

/** A rate against the period before, in percentage points ("+2.5 pts"). */
export function rateChange(current: number | null, previous: number | null): Change {
  if (previous === null || current === null) return NO_EARLIER;
  const points = Math.round((current - previous) * 1000) / 10;
  if (points === 0) return { direction: "same", text: "no change" };
  const direction = points > 0 ? "up" : "down";
  return { direction, text: `${direction === "up" ? "+" : "−"}${Math.abs(points)} ${Math.abs(points) === 1 ? "pt" : "pts"}` };
}

/** Whether a change is good news: more replies is, more bounces is not. */
export function changeTone(change: Change, upIsGood: boolean): "good" | "bad" | "neutral" {
  if (change.direction !== "up" && change.direction !== "down") return "neutral";
  return (change.direction === "up") === upIsGood ? "good" : "bad";
}

function dayLabel(day: string, withYear: boolean): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en", { day: "numeric", month: "short", ...(withYear ? { year: "numeric" } : {}), timeZone: "UTC" });
}

/** "3 Nov – 2 Dec 2026", or "5 Dec 2026" for a single day. */
export function formatPeriod(period: { from: string; to: string }): string {
  if (period.from === period.to) return dayLabel(period.from, true);
  const sameYear = period.from.slice(0, 4) === period.to.slice(0, 4);
  return `${dayLabel(period.from, !sameYear)} – ${dayLabel(period.to, true)}`;
}

/** The period as the empty state says it: "these 30 days", "these 7 days", "3 Nov – 2 Dec 2026". */
export function periodWords(period: { from: string; to: string; days: number }, custom: boolean): string {
  if (custom) return period.from === period.to ? `on ${formatPeriod(period)}` : `between ${dayLabel(period.from, true)} and ${dayLabel(period.to, true)}`;
  return `in these ${period.days} days`;
}

export type SortColumn = "name" | CountKey;
export interface Sort {
  column: SortColumn;
  descending: boolean;
}

/** A breakdown's rows in the order asked; ties keep the server's order (most contacted first). */
export function sortRows(rows: readonly TAnalyticsBreakdownRow[], sort: Sort): TAnalyticsBreakdownRow[] {
  const sign = sort.descending ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const order =
        sort.column === "name" ? a.row.name.localeCompare(b.row.name, "en", { numeric: true, sensitivity: "base" }) : a.row.counts[sort.column] - b.row.counts[sort.column];
      return order * sign || a.index - b.index;
    })
    .map(({ row }) => row);
}

/** The figures the cards and the breakdown show, each with its rate (if any) and which way is good. */
export const FIGURES: ReadonlyArray<{ count: CountKey; rate?: RateKey; upIsGood: boolean }> = [
  { count: "contacted", upIsGood: true },
  { count: "invited", upIsGood: true },
  { count: "accepted", rate: "acceptanceRate", upIsGood: true },
  { count: "messaged", upIsGood: true },
  { count: "emailed", upIsGood: true },
  { count: "replied", rate: "replyRate", upIsGood: true },
  { count: "positive", rate: "positiveReplyRate", upIsGood: true },
  { count: "outcomes", rate: "outcomeRate", upIsGood: true },
  { count: "bounced", rate: "bounceRate", upIsGood: false },
  { count: "complained", rate: "complaintRate", upIsGood: false },
  { count: "unsubscribed", rate: "unsubscribeRate", upIsGood: false },
];
