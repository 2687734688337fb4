// What the daily warmup sync decides for one mailbox, pure: the warmup day on today's local date,
// warming → warm once the day's volume reaches the target, health from where the last 7 days'
// warmup mail landed, the campaign hold (the warming period, then poor health), and a pause when the
// mailbox can no longer send. The service (services/mail/warmup/sync-warmup.ts) fetches the facts and
// stores the outcome.
import type { TWarmupStrategyValues } from "../../schemas/mailbox-health";
import { warmupDayOn, warmupHealth, warmupVolumeOnDay, type PlacementCounts, type WarmupHealth } from "./warmup-ramp";

export type SyncedWarmupStatus = "warming" | "warm" | "paused";

export interface WarmupSyncFacts {
  status: SyncedWarmupStatus;
  strategy: Pick<TWarmupStrategyValues, "startingVolume" | "dailyIncrease" | "targetVolume">;
  day: number;
  dayDate: string | null;
  holdUntil: number | null;
  holdReason: "warming" | "poor-health" | null;
  /** When the warming hold ends (epoch ms): startedAt + the installation's hold days; null without one. */
  warmingHoldUntil: number | null;
  error: string | null;
  /** The mailbox's own connection status (Mailbox.status). */
  mailboxStatus: string;
  /** Where the last 7 days' warmup mail landed. */
  counts: PlacementCounts;
  /** Today's local date (YYYY-MM-DD) and the instant of the sync (epoch ms). */
  today: string;
  at: number;
  /** Local midnight starting tomorrow (epoch ms): a poor-health hold is looked at again then. */
  tomorrow: number;
}

export interface WarmupSyncOutcome {
  status: SyncedWarmupStatus;
  day: number;
  dayDate: string;
  holdUntil: number | null;
  holdReason: "warming" | "poor-health" | null;
  health: WarmupHealth;
  healthScore: number | null;
  inboxRate: number | null;
  error: string | null;
  /** The sync paused it (the mailbox cannot send): pause it at the network too. */
  pauseAtNetwork: boolean;
}

/** Why warmup stopped for a mailbox that can no longer send, in plain words with what to do. */
export function mailboxProblem(mailboxStatus: string): string | null {
  if (mailboxStatus === "disconnected") return "The mailbox was disconnected, so warmup stopped sending. Reconnect it, then resume warmup.";
  if (mailboxStatus === "error") return "The mailbox has a connection error, so warmup stopped sending. Fix the connection, then resume warmup.";
  return null;
}

export function decideWarmupSync(facts: WarmupSyncFacts): WarmupSyncOutcome {
  // The day first: a paused warmup stays on its day, and its date moves along so that a resume
  // continues from the day it stopped on, not from a jump over the paused dates.
  const day = warmupDayOn({ status: facts.status, day: facts.day, dayDate: facts.dayDate }, facts.today);
  let status: SyncedWarmupStatus = facts.status;
  let error = facts.error;
  let pauseAtNetwork = false;
  const problem = mailboxProblem(facts.mailboxStatus);
  if (problem && status !== "paused") {
    status = "paused";
    error = problem;
    pauseAtNetwork = true;
  } else if (status !== "paused") {
    // A raised target takes a warm mailbox back to warming until the ramp reaches it.
    status = warmupVolumeOnDay(facts.strategy, day) >= facts.strategy.targetVolume ? "warm" : "warming";
  }

  const { health, healthScore, inboxRate } = warmupHealth(facts.counts);
  // The warming hold lasts until its end; poor health holds campaigns a day at a time until it
  // recovers, and the warming hold (if still running) outlasts it.
  const warmingUntil = facts.holdReason === "warming" && facts.holdUntil !== null ? facts.holdUntil : facts.warmingHoldUntil;
  const warmingHeld = warmingUntil !== null && facts.at < warmingUntil;
  let holdUntil: number | null = null;
  let holdReason: WarmupSyncOutcome["holdReason"] = null;
  if (health === "poor") {
    holdReason = "poor-health";
    holdUntil = warmingHeld ? Math.max(warmingUntil, facts.tomorrow) : facts.tomorrow;
  } else if (warmingHeld) {
    holdReason = "warming";
    holdUntil = warmingUntil;
  }
  return { status, day, dayDate: facts.today, holdUntil, holdReason, health, healthScore, inboxRate, error, pauseAtNetwork };
}
