// A mailbox's overall health, the worst of what is known about it: its domain's DNS health, its
// latest deliverability test and its warmup health, and whether its links sit on another domain. Pure; the list's health column and filter.
export type OverallHealth = "ok" | "warning" | "failing" | "unchecked";

export interface HealthFacts {
  /** DnsHealth.status, null when never checked. */
  dns: "ok" | "warning" | "failing" | null;
  /** The latest finished deliverability test, null when none finished. */
  test: { landing: "inbox" | "spam" | "promotions" | "not-arrived" | null; blocklisted: boolean; failed: boolean } | null;
  /** Warmup health, null when warmup has no health yet. */
  warmup: "excellent" | "good" | "fair" | "poor" | "unknown" | null;
  /** Its tracking links point at a host on another domain than its address (domain/mail/tracking-domain.ts, linksOnOtherDomain). */
  linksOnOtherDomain?: boolean;
  /** Its new e-mails' links point at a tracking host that did not answer over HTTPS at its last check (linksWithoutHttps). */
  linksWithoutHttps?: boolean;
}

const RANK: Record<Exclude<OverallHealth, "unchecked">, number> = { ok: 0, warning: 1, failing: 2 };

export function overallMailboxHealth(facts: HealthFacts): OverallHealth {
  const parts: Array<Exclude<OverallHealth, "unchecked">> = [];
  if (facts.dns) parts.push(facts.dns);
  if (facts.test && !facts.test.failed) {
    if (facts.test.blocklisted || facts.test.landing === "spam" || facts.test.landing === "not-arrived") parts.push("failing");
    else if (facts.test.landing === "promotions") parts.push("warning");
    else parts.push("ok");
  }
  if (facts.warmup && facts.warmup !== "unknown") parts.push(facts.warmup === "poor" ? "failing" : facts.warmup === "fair" ? "warning" : "ok");
  // A warning, but not a check of its own: a mailbox nothing else was checked of stays unchecked.
  if (facts.linksOnOtherDomain && parts.length) parts.push("warning");
  // A finding of its own: unsubscribe links that lead nowhere.
  if (facts.linksWithoutHttps) parts.push("warning");
  if (!parts.length) return "unchecked";
  return parts.reduce((worst, part) => (RANK[part] > RANK[worst] ? part : worst));
}
