// The period the analytics cover, in whole UTC days, and the period of the same length just before
// it, which the figures are compared with.

export type PeriodPreset = "7d" | "30d" | "90d";

export interface Period {
  /** First and last day, both included, as YYYY-MM-DD. */
  from: string;
  to: string;
  days: number;
  previous: { from: string; to: string };
  /** Points of the charts: a day each up to 31 days, else a week each (starting on `from`). */
  bucket: "day" | "week";
}

const DAY_MS = 86_400_000;

export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A preset ends today; a custom period is given by its first and last day (checked by the caller's schema). */
export function resolvePeriod(input: { period?: PeriodPreset; from?: string; to?: string }, today: Date): Period {
  let from: string;
  let to: string;
  if (input.from && input.to) {
    from = input.from;
    to = input.to;
  } else {
    const days = Number((input.period ?? "30d").replace("d", ""));
    to = dayOf(today);
    from = addDays(to, -(days - 1));
  }
  const days = daysBetween(from, to) + 1;
  return { from, to, days, previous: { from: addDays(from, -days), to: addDays(from, -1) }, bucket: days <= 31 ? "day" : "week" };
}

/** The chart point a day falls in. */
export function bucketOf(period: Period, day: string): string {
  if (period.bucket === "day") return day;
  return addDays(period.from, Math.floor(daysBetween(period.from, day) / 7) * 7);
}

/** Every chart point of the period, in order. */
export function bucketsOf(period: Period): string[] {
  const step = period.bucket === "day" ? 1 : 7;
  const buckets: string[] = [];
  for (let offset = 0; offset < period.days; offset += step) buckets.push(addDays(period.from, offset));
  return buckets;
}
