// The words and colours of the mailbox health page, kept apart from the components so they can be
// tested: badges for each status, the worst thing found (the list's tooltip), where a test e-mail
// landed and what that means, a running test's stage, and a refused warmup strategy's problems
// mapped to the form's fields.
import type { BadgeTone } from "@/components/ui/badge";
import type { TMailbox } from "@/server/schemas/mailbox";
import type { TDeliverabilityTest, TDnsCheckStatus, TDnsHealth, TWarmup } from "@/server/schemas/mailbox-health";

export type MailboxHealth = TMailbox["health"];

export const MAILBOX_HEALTH_BADGE: Record<MailboxHealth, { label: string; tone: BadgeTone }> = {
  ok: { label: "Healthy", tone: "green" },
  warning: { label: "Needs attention", tone: "amber" },
  failing: { label: "Failing", tone: "red" },
  unchecked: { label: "Not checked", tone: "slate" },
};

export const DNS_STATUS_BADGE: Record<TDnsCheckStatus, { label: string; tone: BadgeTone }> = {
  ok: { label: "OK", tone: "green" },
  warning: { label: "Warning", tone: "amber" },
  missing: { label: "Missing", tone: "red" },
  invalid: { label: "Not valid", tone: "red" },
  error: { label: "Could not check", tone: "amber" },
};

export const DNS_CHECKS = [
  { key: "spf", name: "SPF", what: "Which servers may send for the domain" },
  { key: "dkim", name: "DKIM", what: "The key that signs the mailbox's e-mail" },
  { key: "dmarc", name: "DMARC", what: "What receivers do with e-mail that fails SPF and DKIM" },
  { key: "mx", name: "MX", what: "Where the domain receives e-mail (replies and bounces)" },
] as const;

export type DnsCheckKey = (typeof DNS_CHECKS)[number]["key"];

const DNS_RANK: Record<TDnsCheckStatus, number> = { ok: 0, warning: 1, error: 2, missing: 3, invalid: 3 };

export const WARMUP_HEALTH_BADGE: Record<TWarmup["health"], { label: string; tone: BadgeTone }> = {
  excellent: { label: "Excellent", tone: "green" },
  good: { label: "Good", tone: "green" },
  fair: { label: "Fair", tone: "amber" },
  poor: { label: "Poor", tone: "red" },
  unknown: { label: "Not known yet", tone: "slate" },
};

export const WARMUP_STATUS_BADGE: Record<TWarmup["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Not started", tone: "slate" },
  warming: { label: "Warming up", tone: "blue" },
  warm: { label: "Warm", tone: "green" },
  paused: { label: "Paused", tone: "amber" },
  stopped: { label: "Stopped", tone: "slate" },
};

export const BLOCKLIST_BADGE: Record<"clean" | "listed" | "unknown", { label: string; tone: BadgeTone }> = {
  clean: { label: "Not listed", tone: "green" },
  listed: { label: "Listed", tone: "red" },
  unknown: { label: "Could not ask", tone: "slate" },
};

export const LANDING: Record<NonNullable<TDeliverabilityTest["landing"]>, { title: string; meaning: string; tone: BadgeTone }> = {
  inbox: { title: "Landed in the inbox", meaning: "The receiver trusted the e-mail: campaigns from this mailbox reach people.", tone: "green" },
  promotions: {
    title: "Landed in Promotions",
    meaning: "Delivered, but filed away from the inbox: fewer people see it. Plainer e-mails with fewer links and images help.",
    tone: "amber",
  },
  spam: {
    title: "Landed in spam",
    meaning: "The receiver did not trust the e-mail. Fix what the DNS checks and blocklists show, and warm the mailbox up before sending campaigns.",
    tone: "red",
  },
  "not-arrived": {
    title: "Did not arrive",
    meaning: "The e-mail was not in the test inbox 10 minutes after sending: it was refused or silently dropped. Check the DNS records and blocklists.",
    tone: "red",
  },
};

/** The worst DNS check of a domain, with its reason: what to fix first. */
export function worstDnsCheck(dns: TDnsHealth): { name: string; status: TDnsCheckStatus; reason: string } | null {
  let worst: { name: string; status: TDnsCheckStatus; reason: string } | null = null;
  for (const check of DNS_CHECKS) {
    const result = dns[check.key];
    if (result.status === "ok") continue;
    if (!worst || DNS_RANK[result.status] > DNS_RANK[worst.status]) worst = { name: check.name, status: result.status, reason: result.reason };
  }
  return worst;
}

/**
 * The worst thing found about a mailbox, in a sentence: the list shows it beside the health badge.
 * The order follows what hurts sending most: a failing DNS record, then where the last test landed
 * or a blocklist, then warmup health, then softer DNS warnings.
 */
export function healthReason(mailbox: Pick<TMailbox, "health" | "dnsHealth" | "deliverabilityTest" | "warmup">): string {
  const { dnsHealth: dns, deliverabilityTest: test, warmup } = mailbox;
  if (mailbox.health === "unchecked") return "Nothing checked yet: open the mailbox's health page to check its domain.";
  const worstDns = dns ? worstDnsCheck(dns) : null;
  if (worstDns && DNS_RANK[worstDns.status] >= 2) return `${worstDns.name}: ${worstDns.reason}`;
  if (test?.status === "done" && test.landing && test.landing !== "inbox" && test.landing !== "promotions") return `Last test e-mail: ${LANDING[test.landing].title.toLowerCase()}.`;
  if (test?.blocklists?.ip === "listed") return "The sending server is on a blocklist.";
  if (test?.blocklists?.domain === "listed") return "The domain is on a blocklist.";
  if (warmup.health === "poor") return `Warmup health is poor: ${warmup.healthLabel}`;
  if (worstDns) return `${worstDns.name}: ${worstDns.reason}`;
  if (test?.status === "done" && test.landing === "promotions") return "Last test e-mail: landed in Promotions.";
  if (warmup.health === "fair") return `Warmup health is fair: ${warmup.healthLabel}`;
  if (test?.status === "failed") return test.failureMessage ?? "The last deliverability test failed.";
  // The one warning with no check of its own above: the links sit on another domain (domain/mail/tracking-domain.ts).
  if (mailbox.health === "warning") return "Its tracking links point at another domain than its own: add a tracking domain under Mailboxes → Tracking domains.";
  return "Nothing wrong found.";
}

export const TEST_TIMEOUT_MS = 10 * 60_000;
/** A running test's stage: sending until the mailbox's server accepted the e-mail, then waiting at the seed inbox (the 10 minutes count from sending). */
export function testStage(test: Pick<TDeliverabilityTest, "startedAt" | "sentAt">, now: number): { stage: "sending" | "waiting"; text: string; elapsedMs: number } {
  if (!test.sentAt) return { stage: "sending", text: "Sending…", elapsedMs: Math.max(0, now - new Date(test.startedAt).getTime()) };
  return { stage: "waiting", text: "Waiting for it to arrive (up to 10 minutes)", elapsedMs: Math.max(0, now - new Date(test.sentAt).getTime()) };
}

/** "0:42", "3:05": minutes and seconds since something started. */
export function formatElapsed(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** An authentication verdict (pass, fail, softfail…) in plain words with its tone. */
export function verdict(result: string | null): { label: string; tone: BadgeTone } {
  switch (result?.toLowerCase()) {
    case "pass":
      return { label: "Pass", tone: "green" };
    case "fail":
    case "permerror":
      return { label: result.toLowerCase() === "fail" ? "Fail" : "Broken record", tone: "red" };
    case "softfail":
      return { label: "Soft fail", tone: "amber" };
    case "neutral":
      return { label: "Neutral", tone: "amber" };
    case "none":
      return { label: "None", tone: "amber" };
    case "temperror":
      return { label: "Lookup failed", tone: "amber" };
    case undefined:
      return { label: "Not seen", tone: "slate" };
    default:
      return { label: result ?? "Not seen", tone: "slate" };
  }
}

export const STRATEGY_FIELDS = ["preset", "startingVolume", "dailyIncrease", "targetVolume", "replyInbox", "replyPromotions", "replySpam", "holdOverride"] as const;
export type StrategyField = (typeof STRATEGY_FIELDS)[number];

export const STRATEGY_FIELD_LABELS: Record<StrategyField, string> = {
  preset: "Preset",
  startingVolume: "E-mails on day 1",
  dailyIncrease: "More each day",
  targetVolume: "E-mails a day once warm",
  replyInbox: "Replies to inbox e-mails",
  replyPromotions: "Rescued from Promotions",
  replySpam: "Rescued from spam",
  holdOverride: "Send campaigns during warmup",
};

/**
 * The problems of a refused warmup strategy (400 invalid-strategy's `details.errors`), keyed by the
 * form's fields. The server names each field, as a map (field → message) or a list ({field,
 * message}); a field path such as `replyInbox.1` belongs to its field. Problems with no field of the
 * form are kept under `other`, so that none is lost.
 */
export function strategyFieldErrors(error: unknown): Partial<Record<StrategyField | "other", string>> {
  const data = (error as { data?: { details?: { errors?: unknown } | null; fields?: Array<{ field: string; message: string }> | null } } | null)?.data;
  const raw = data?.details?.errors ?? data?.fields ?? null;
  const entries: Array<[string, string]> = [];
  if (Array.isArray(raw)) {
    for (const item of raw) {
      const issue = item as { field?: unknown; path?: unknown; message?: unknown };
      const field = typeof issue.field === "string" ? issue.field : Array.isArray(issue.path) ? issue.path.join(".") : typeof issue.path === "string" ? issue.path : "";
      if (typeof issue.message === "string") entries.push([field, issue.message]);
    }
  } else if (raw && typeof raw === "object") {
    for (const [field, message] of Object.entries(raw)) {
      if (typeof message === "string") entries.push([field, message]);
      else if (Array.isArray(message) && typeof message[0] === "string") entries.push([field, message.join(" ")]);
    }
  }
  const result: Partial<Record<StrategyField | "other", string>> = {};
  for (const [path, message] of entries) {
    const head = path.split(/[.[]/)[0] ?? "";
    const field = (STRATEGY_FIELDS as readonly string[]).includes(head) ? (head as StrategyField) : "other";
    result[field] = result[field] ? `${result[field]} ${message}` : message;
  }
  return result;
}

/** "5 to 10 %" for a reply range. */
export function formatRange([min, max]: readonly [number, number]): string {
  return min === max ? `${min} %` : `${min} to ${max} %`;
}

/** "2 e-mails a day, 1 more each day, up to 20": a strategy's numbers in a line. */
export function strategyNumbers(values: { startingVolume: number; dailyIncrease: number; targetVolume: number }): string {
  return `${values.startingVolume} e-mail${values.startingVolume === 1 ? "" : "s"} on day 1, ${values.dailyIncrease} more each day, up to ${values.targetVolume} a day`;
}
