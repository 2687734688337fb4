// Where the sandbox mail network files an e-mail at a recipient that sorts its mail (a seed inbox of
// a deliverability test, or a Herald mailbox receiving warmup mail): inbox, spam or Promotions.
// Like a real provider's filter, it trusts a sender more whose domain's DNS is in order, that has
// warmed up, and whose mail rarely bounces. Pure and deterministic (keyed by the e-mail), so a test
// or the demo can count on it.
import { stableFraction } from "../../../domain/sequence/stable-hash";

export type SandboxFolder = "inbox" | "spam" | "promotions";

export interface PlacementFacts {
  /** The sender domain's DNS health (DnsHealth.status); null when never checked (judged as found by the sandbox zones). */
  dns: "ok" | "warning" | "failing" | null;
  /** Warmup days the sending mailbox has behind it (0 when it never warmed). */
  warmupDays: number;
  /** Share of its recent e-mails that bounced, 0–1. */
  bounceRate: number;
}

/** The chances of each folder, summing to 1. */
export function placementOdds(facts: PlacementFacts): Record<SandboxFolder, number> {
  let spam = facts.dns === "failing" ? 0.45 : facts.dns === "warning" ? 0.15 : 0.04;
  // A mailbox with no history is suspicious; two weeks of warmup earns the trust.
  spam += Math.max(0, 14 - Math.min(facts.warmupDays, 14)) * 0.012;
  // Bounces are the strongest signal of a bought or scraped list.
  spam += Math.min(0.4, Math.max(0, facts.bounceRate - 0.02) * 4);
  spam = Math.min(0.95, spam);
  const promotions = Math.min(1 - spam, 0.08);
  return { inbox: 1 - spam - promotions, spam, promotions };
}

/** The folder for one e-mail, drawn from the odds with the e-mail's key (e.g. its Message-ID). */
export function placeSandboxEmail(facts: PlacementFacts, key: string): SandboxFolder {
  const odds = placementOdds(facts);
  const draw = stableFraction(`${key}:placement`);
  if (draw < odds.spam) return "spam";
  if (draw < odds.spam + odds.promotions) return "promotions";
  return "inbox";
}
