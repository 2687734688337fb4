// Durations as the Inngest SDK writes them in ops and configs: Go-style compound strings ("1h30m",
// "1w", "52w1d6h", "5s"), or an ISO date for sleepUntil. "" means no wait.
const UNIT_MS: Record<string, number> = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };

export function parseDurationMs(text: string | number | undefined | null): number | null {
  if (text === undefined || text === null) return null;
  if (typeof text === "number") return text;
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  const pattern = /(\d+(?:\.\d+)?)(ms|w|d|h|m|s)/g;
  let total = 0;
  let consumed = 0;
  for (const match of trimmed.matchAll(pattern)) {
    total += Number(match[1]) * UNIT_MS[match[2]!]!;
    consumed += match[0].length;
  }
  return consumed === trimmed.length && consumed > 0 ? total : null;
}

/** When a Sleep op wakes: its name is an ISO date (sleepUntil) or a duration from `from`. */
export function sleepUntil(name: string, from: Date): Date {
  if (/^\d{4}-\d{2}-\d{2}T/.test(name)) {
    const date = new Date(name);
    if (!Number.isNaN(date.getTime())) return date;
  }
  const duration = parseDurationMs(name);
  return new Date(from.getTime() + (duration ?? 0));
}
