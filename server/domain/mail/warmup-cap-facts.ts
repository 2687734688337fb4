// The campaign cap's facts from a stored warmup (a MailboxWarmup row), so that the executor's usage
// count, the warmup API's limits and the forecast feed warmupCampaignCap the same way.
import type { WarmupCapFacts } from "./warmup-ramp";

/** The MailboxWarmup columns the cap depends on. */
export interface WarmupCapRow {
  status: string;
  startingVolume: number;
  dailyIncrease: number;
  targetVolume: number;
  day: number;
  dayDate: string | null;
  holdUntil: Date | null;
  holdOverride: boolean;
}

/** Only the columns warmupCapFacts reads, for queries that load nothing else (Prisma `select`). */
export const WARMUP_CAP_COLUMNS = {
  status: true,
  startingVolume: true,
  dailyIncrease: true,
  targetVolume: true,
  day: true,
  dayDate: true,
  holdUntil: true,
  holdOverride: true,
} as const;

const STATUSES: ReadonlySet<string> = new Set(["pending", "warming", "warm", "paused", "stopped"]);

/** A mailbox without a warmup row (or with a status this code does not know) is not capped by warmup. */
export function warmupCapFacts(row: WarmupCapRow | null | undefined): WarmupCapFacts | null {
  if (!row || !STATUSES.has(row.status)) return null;
  return {
    status: row.status as WarmupCapFacts["status"],
    strategy: { startingVolume: row.startingVolume, dailyIncrease: row.dailyIncrease, targetVolume: row.targetVolume },
    day: row.day,
    dayDate: row.dayDate,
    holdUntil: row.holdUntil?.getTime() ?? null,
    holdOverride: row.holdOverride,
  };
}
