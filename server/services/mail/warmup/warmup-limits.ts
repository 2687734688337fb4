// The limits every warmup answer carries: the highest target this mailbox may have, the
// installation's highest, and today's campaign cap (the same rule the executor counts with).
import type { Mailbox } from "../../../db/generated/client";
import { warmupCapFacts, type WarmupCapRow } from "../../../domain/mail/warmup-cap-facts";
import { warmupCampaignCap } from "../../../domain/mail/warmup-ramp";
import { env } from "../../../env";
import { zonedDateString } from "../../../lib/time-zones";

/**
 * The most warmup e-mails a day a mailbox of each provider should send, whatever the installation
 * allows: Google Workspace and Microsoft 365 accounts take 100 a day from a warmed mailbox without
 * looking like bulk mail; a mailbox on its own SMTP server has no such reputation behind it and
 * its host's sending limits are unknown, so 50; the sandbox is simulated, 100 like the big providers.
 */
export const PROVIDER_WARMUP_CEILING: Record<string, number> = { google: 100, microsoft: 100, "microsoft-graph": 100, smtp: 50, sandbox: 100 };
const UNKNOWN_PROVIDER_CEILING = 50;

export interface WarmupLimits {
  maxTarget: number;
  tierMax: number;
  campaignCap: number;
}

export function maxWarmupTarget(mailbox: Pick<Mailbox, "provider">): number {
  return Math.min(env().HERALD_WARMUP_MAX_VOLUME, PROVIDER_WARMUP_CEILING[mailbox.provider] ?? UNKNOWN_PROVIDER_CEILING);
}

export function warmupLimits(mailbox: Pick<Mailbox, "provider" | "timezone" | "dailyLimit">, row: WarmupCapRow | null, at: Date): WarmupLimits {
  return {
    maxTarget: maxWarmupTarget(mailbox),
    tierMax: env().HERALD_WARMUP_MAX_VOLUME,
    campaignCap: warmupCampaignCap(warmupCapFacts(row), mailbox.dailyLimit, at.getTime(), zonedDateString(at, mailbox.timezone)),
  };
}
