// The Warmup object as the API and the dashboard show it, from the mailbox's MailboxWarmup row (a
// mailbox that never had one shows a pending warmup with the default preset, not yet applied).
import type { Mailbox, MailboxWarmup } from "../../../db/generated/client";
import { toIso } from "../../../schemas/common";
import { ZWarmupPreset, type TWarmup, type TWarmupStrategy, type TWarmupStatus } from "../../../schemas/mailbox-health";
import { DEFAULT_WARMUP_PRESET, healthOfInboxRate, presetStrategy, warmupDayOn, warmupHealth, warmupHealthLabel, warmupVolumeOnDay, type PlacementCounts } from "../../../domain/mail/warmup-ramp";
import { zonedDateString } from "../../../lib/time-zones";
import { warmupNetworkFor } from "../../../providers/warmup";

export function strategyOf(row: MailboxWarmup): TWarmupStrategy {
  return {
    preset: ZWarmupPreset.catch("custom").parse(row.preset),
    startingVolume: row.startingVolume,
    dailyIncrease: row.dailyIncrease,
    targetVolume: row.targetVolume,
    replyInbox: [row.replyInboxMin, row.replyInboxMax],
    replyPromotions: [row.replyPromotionsMin, row.replyPromotionsMax],
    replySpam: row.replySpam,
  };
}

/** The campaign hold in words, when it still holds at `at`. */
function holdSentence(row: MailboxWarmup | null, at: Date, timeZone: string): string {
  if (!row?.holdUntil || row.holdUntil <= at) return "";
  const until = row.holdUntil.toLocaleDateString("en-GB", { day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", timeZone });
  if (row.holdOverride) return ` Campaigns may send despite the hold (until ${until}), within today's warmup volume.`;
  const why = row.holdReason === "poor-health" ? "while warmup mail lands in spam too often" : "while the mailbox warms up";
  return ` Campaigns wait until ${until} ${why}.`;
}

function statusLabel(status: TWarmupStatus, row: MailboxWarmup | null, day: number, volume: number): string {
  switch (status) {
    case "pending":
      return row?.appliedStrategy === null && row
        ? "Not started. The strategy is saved and applies when warmup starts."
        : "Not started. Start warmup to build the mailbox's reputation before campaigns send from it.";
    case "warming":
      return `Warming: day ${day}, ${volume} warmup e-mail${volume === 1 ? "" : "s"} today, rising to ${row?.targetVolume ?? volume}.`;
    case "warm":
      return `Warm: ${volume} warmup e-mails a day keep the reputation up.`;
    case "paused":
      return `Paused on day ${day}${row?.error ? `: ${row.error}` : ""}. Resume continues where it stopped.`;
    case "stopped":
      return `Stopped for good.${row?.error ? ` ${row.error}` : ""} Start warmup again to begin a new ramp at day 1.`;
  }
}

/**
 * The warmup as shown at `at`. `counts` are where the last 7 days' warmup mail landed (health);
 * without them the stored score is shown.
 */
export function toWarmup(mailbox: Pick<Mailbox, "provider" | "timezone">, row: MailboxWarmup | null, at: Date, counts?: PlacementCounts): TWarmup {
  const strategy = row ? strategyOf(row) : presetStrategy(DEFAULT_WARMUP_PRESET);
  const status = (row?.status ?? "pending") as TWarmupStatus;
  const date = zonedDateString(at, mailbox.timezone);
  const day = row ? warmupDayOn({ status, day: row.day, dayDate: row.dayDate }, date) : 0;
  const currentVolume = status === "warming" || status === "warm" ? warmupVolumeOnDay(strategy, day) : 0;
  const health = counts
    ? warmupHealth(counts)
    : { health: row?.healthScore == null ? ("unknown" as const) : healthOfInboxRate(row.inboxRate ?? 0), healthScore: row?.healthScore ?? null, inboxRate: row?.inboxRate ?? null };
  const healthLabel = counts ? warmupHealthLabel(counts, health.health) : storedHealthLabel(health.health, row);
  return {
    provider: (row?.network as TWarmup["provider"] | undefined) ?? warmupNetworkFor(mailbox),
    status,
    statusLabel: statusLabel(status, row, day, currentVolume) + (status === "warming" || status === "paused" ? holdSentence(row, at, mailbox.timezone) : ""),
    strategy,
    strategyApplied: Boolean(row?.appliedStrategy),
    day,
    currentVolume,
    targetVolume: strategy.targetVolume,
    health: health.health,
    healthLabel,
    healthScore: health.healthScore,
    inboxRate: health.inboxRate,
    startedAt: toIso(row?.startedAt),
    holdUntil: toIso(row?.holdUntil),
    holdReason: (row?.holdReason as TWarmup["holdReason"] | undefined) ?? null,
    holdOverride: row?.holdOverride ?? false,
    syncedAt: toIso(row?.syncedAt),
    error: row?.error ?? null,
  };
}

function storedHealthLabel(health: TWarmup["health"], row: MailboxWarmup | null): string {
  if (health === "unknown" || row?.inboxRate == null) return warmupHealthLabel({ inbox: 0, spam: 0, promotions: 0 }, "unknown");
  return `${health[0]!.toUpperCase()}${health.slice(1)}: ${Math.round(row.inboxRate * 100)} % of the last 7 days' warmup e-mails landed in the inbox.`;
}
