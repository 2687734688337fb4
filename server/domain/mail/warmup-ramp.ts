// Warmup's rules, pure so that the executor, the warmup networks, the API and the forecast agree:
// the presets, the day's volume on the ramp, the campaign hold and cap, and health from where
// warmup mail landed. Days are the mailbox's local dates (YYYY-MM-DD).
import type { TWarmupStrategy, TWarmupStrategyValues } from "../../schemas/mailbox-health";

export const WARMUP_PRESET_VALUES = {
  conservative: { startingVolume: 2, dailyIncrease: 1, targetVolume: 20, replyInbox: [20, 30], replyPromotions: [10, 20], replySpam: 5 },
  standard: { startingVolume: 5, dailyIncrease: 2, targetVolume: 40, replyInbox: [25, 35], replyPromotions: [15, 25], replySpam: 10 },
  aggressive: { startingVolume: 10, dailyIncrease: 4, targetVolume: 80, replyInbox: [30, 45], replyPromotions: [20, 30], replySpam: 15 },
} as const satisfies Record<string, TWarmupStrategyValues>;

/** What each preset is for, shown beside it in the dashboard and the API reference. */
export const WARMUP_PRESET_EXPLAINED = {
  conservative: "A new domain or mailbox: starts at 2 e-mails a day, one more each day, up to 20. Slow and safe; about 3 weeks to warm.",
  standard: "A mailbox with some sending history: starts at 5, two more each day, up to 40. About 3 weeks to warm.",
  aggressive: "An established mailbox that needs volume soon: starts at 10, four more each day, up to 80. Warm in about 3 weeks, with more risk if the domain is young.",
} as const;

export const DEFAULT_WARMUP_PRESET = "conservative" as const;

/** Days campaigns wait after warmup starts (HERALD_WARMUP_HOLD_DAYS overrides it per installation). */
export const DEFAULT_WARMUP_HOLD_DAYS = 14;
/** The last 7 days' warmup mail decides health; fewer than this many e-mails: `unknown`. */
export const HEALTH_WINDOW_DAYS = 7;
export const HEALTH_MIN_EMAILS = 10;
/** Below this inbox rate (over enough mail), campaign sending is held for `poor-health`. */
export const POOR_HEALTH_INBOX_RATE = 0.7;

export function presetStrategy(preset: keyof typeof WARMUP_PRESET_VALUES): TWarmupStrategy {
  const values = WARMUP_PRESET_VALUES[preset];
  return { preset, ...values, replyInbox: [...values.replyInbox], replyPromotions: [...values.replyPromotions] };
}

/** Warmup e-mails on warmup day `day` (1-based): the starting volume, growing daily, never past the target. 0 before day 1. */
export function warmupVolumeOnDay(strategy: Pick<TWarmupStrategyValues, "startingVolume" | "dailyIncrease" | "targetVolume">, day: number): number {
  if (day < 1) return 0;
  return Math.min(strategy.targetVolume, strategy.startingVolume + (day - 1) * strategy.dailyIncrease);
}

/** The first warmup day whose volume reaches the target. */
export function dayTargetReached(strategy: Pick<TWarmupStrategyValues, "startingVolume" | "dailyIncrease" | "targetVolume">): number {
  if (strategy.startingVolume >= strategy.targetVolume) return 1;
  return 1 + Math.ceil((strategy.targetVolume - strategy.startingVolume) / strategy.dailyIncrease);
}

/** Whole days from local date `from` to local date `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetweenDates(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The facts of a warmup the campaign cap depends on. */
export interface WarmupCapFacts {
  status: "pending" | "warming" | "warm" | "paused" | "stopped";
  strategy: Pick<TWarmupStrategyValues, "startingVolume" | "dailyIncrease" | "targetVolume">;
  /** The warmup day on `dayDate` (the row's day/dayDate). */
  day: number;
  dayDate: string | null;
  holdUntil: number | null;
  holdOverride: boolean;
}

/**
 * The warmup day on local date `date`: a warming warmup advances one day per local date; a paused
 * one stays on its day (resume continues it); others keep theirs.
 */
export function warmupDayOn(facts: Pick<WarmupCapFacts, "status" | "day" | "dayDate">, date: string): number {
  if (facts.status !== "warming" || !facts.dayDate) return facts.day;
  return Math.max(facts.day, facts.day + daysBetweenDates(facts.dayDate, date));
}

/**
 * Campaign e-mails the mailbox may send on local date `date` at `at` (epoch ms), given its own daily
 * limit: 0 while the hold lasts (unless overridden); while warming or paused, no more than the
 * warmup's volume that day (the ramp); otherwise its daily limit. A warming mailbox whose ramp
 * reached its target that day is warm already (as the warmup sync will mark it): the cap must not
 * depend on when the sync last ran, or the forecast could not agree with the executor.
 */
export function warmupCampaignCap(facts: WarmupCapFacts | null, dailyLimit: number, at: number, date: string): number {
  if (!facts || facts.status === "pending" || facts.status === "stopped") return dailyLimit;
  if (facts.holdUntil !== null && at < facts.holdUntil && !facts.holdOverride) return 0;
  if (facts.status === "warm") return dailyLimit;
  const volume = warmupVolumeOnDay(facts.strategy, warmupDayOn(facts, date));
  if (facts.status === "warming" && volume >= facts.strategy.targetVolume) return dailyLimit;
  return Math.min(dailyLimit, volume);
}

export type WarmupHealth = "excellent" | "good" | "fair" | "poor" | "unknown";

export interface PlacementCounts {
  inbox: number;
  spam: number;
  promotions: number;
}

/**
 * Health from where the last days' warmup mail landed. The score is the inbox rate with promotions
 * counted at half (they were delivered, not trusted), 0–100. `unknown` below HEALTH_MIN_EMAILS.
 */
export function warmupHealth(counts: PlacementCounts): { health: WarmupHealth; healthScore: number | null; inboxRate: number | null } {
  const total = counts.inbox + counts.spam + counts.promotions;
  if (total < HEALTH_MIN_EMAILS) return { health: "unknown", healthScore: null, inboxRate: total ? counts.inbox / total : null };
  const inboxRate = counts.inbox / total;
  const healthScore = Math.round(((counts.inbox + counts.promotions * 0.5) / total) * 1000) / 10;
  return { health: healthOfInboxRate(inboxRate), healthScore, inboxRate };
}

/** The health band of an inbox rate (0–1) measured over enough mail. */
export function healthOfInboxRate(inboxRate: number): Exclude<WarmupHealth, "unknown"> {
  return inboxRate >= 0.95 ? "excellent" : inboxRate >= 0.85 ? "good" : inboxRate >= POOR_HEALTH_INBOX_RATE ? "fair" : "poor";
}

function percent(rate: number): string {
  return `${Math.round(rate * 100)} %`;
}

/** The health in plain words, with what to do about it. */
export function warmupHealthLabel(counts: PlacementCounts, health: WarmupHealth): string {
  const total = counts.inbox + counts.spam + counts.promotions;
  if (health === "unknown") {
    return total
      ? `Only ${total} warmup e-mail${total === 1 ? "" : "s"} landed so far: health is judged from ${HEALTH_MIN_EMAILS} on.`
      : "No warmup e-mail has landed yet: health shows once warmup has run for a day.";
  }
  const where = `${percent(counts.inbox / total)} of the last ${HEALTH_WINDOW_DAYS} days' warmup e-mails landed in the inbox, ${percent(counts.spam / total)} in spam and ${percent(counts.promotions / total)} in Promotions`;
  switch (health) {
    case "excellent":
      return `Excellent: ${where}.`;
    case "good":
      return `Good: ${where}.`;
    case "fair":
      return `Fair: ${where}. Check the DNS records below and keep the campaign volume low until it improves.`;
    case "poor":
      return `Poor: ${where}. Campaigns are held until it recovers: fix the DNS problems shown, then let warmup run.`;
  }
}
