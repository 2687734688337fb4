// How far along a mailbox order's pipeline is and whether it is late, from the facts alone: the
// order's status, what its pipeline is waiting on (in plain words), and how long that has taken.
// Each stage has an expected time; past it the order shows as delayed, past four times it (or when
// a step failed after its retries) it needs attention, and the run stops until the team resumes it.

export const PROGRESS_STAGES = ["placing", "provisioning", "authorizing", "connecting"] as const;
export type ProgressStage = (typeof PROGRESS_STAGES)[number];

const MINUTE_MS = 60_000;

/** How long each stage usually takes at most. */
export const EXPECTED_STAGE_MS: Record<ProgressStage, number> = {
  placing: 15 * MINUTE_MS,
  provisioning: 30 * MINUTE_MS,
  authorizing: 10 * MINUTE_MS,
  connecting: 10 * MINUTE_MS,
};

/** Past this many times the expected time, a wait is no longer "slow" but stuck. */
export const ATTENTION_FACTOR = 4;

/** The pipeline's statuses in their forward order; the same rank means the same stage (the Orders page's timeline too). */
export const ORDER_STATUS_RANK: Readonly<Record<string, number>> = {
  paid: 0,
  placing: 1,
  placing_unknown: 1,
  placed: 2,
  provisioning: 3,
  authorizing: 4,
  connecting: 5,
  completed: 6,
};

/** The stage whose expected time applies while the order has this status (null when nothing is awaited). */
export function stageOfStatus(status: string): ProgressStage | null {
  switch (status) {
    case "paid":
    case "placing":
    case "placing_unknown":
      return "placing";
    case "placed":
    case "provisioning":
      return "provisioning";
    case "authorizing":
      return "authorizing";
    case "connecting":
      return "connecting";
    default:
      return null;
  }
}

/**
 * Where an order stands for a pipeline step that works while the order has one of `stepStatuses`:
 * `here` (do the work), `past` (a later step already ran: nothing to do), or `stopped` (cancelled,
 * held for attention, or never paid: the run ends).
 */
export function orderPhase(status: string, stepStatuses: readonly string[]): "here" | "past" | "stopped" {
  const rank = ORDER_STATUS_RANK[status];
  if (rank === undefined) return "stopped";
  if (stepStatuses.includes(status)) return "here";
  const stepRank = Math.max(...stepStatuses.map((step) => ORDER_STATUS_RANK[step] ?? -1));
  return rank > stepRank ? "past" : "here";
}

export interface ProgressFacts {
  status: string;
  /** What the pipeline waits on, in plain words: "Registering acme.com". */
  waitingOn: string;
  elapsedMs: number;
}

export type ProgressVerdict =
  | { state: "on_time" }
  | { state: "delayed"; label: string }
  | { state: "needs_attention"; label: string };

export function judgeProgress(facts: ProgressFacts): ProgressVerdict {
  const stage = stageOfStatus(facts.status);
  if (!stage) return { state: "on_time" };
  const expected = EXPECTED_STAGE_MS[stage];
  if (facts.elapsedMs > expected * ATTENTION_FACTOR) return { state: "needs_attention", label: stuckLabel(facts.waitingOn) };
  if (facts.elapsedMs > expected) return { state: "delayed", label: delayedLabel(facts.waitingOn) };
  return { state: "on_time" };
}

export function delayedLabel(waitingOn: string): string {
  return `${waitingOn} is taking longer than usual`;
}

export function stuckLabel(waitingOn: string): string {
  return `${waitingOn} is taking much longer than it should. The team is looking into it and will resume the order.`;
}

/** A step that kept failing after its retries, said with what it was doing. */
export function failedLabel(doing: string, reason: string): string {
  const cause = reason.trim().replace(/\.$/, "");
  return `${doing} failed${cause ? ` (${cause})` : ""}. The team is looking into it and will resume the order.`;
}

/** What each stage does, in plain words, for a failure that names no domain or mailbox. */
export const STAGE_DOING: Record<ProgressStage, string> = {
  placing: "Registering the domains",
  provisioning: "Setting up the domains and mailboxes",
  authorizing: "Granting Herald access to the mailboxes",
  connecting: "Connecting the mailboxes",
};

/** How long the pipeline sleeps before its `poll`th look (1-based): soon at first, then every 5 minutes. */
export function pollDelayMs(poll: number): number {
  return Math.min(15_000 * 2 ** Math.max(0, poll - 1), 5 * MINUTE_MS);
}

/** The same day and time `months` calendar months later (the month's last day when it is shorter), in UTC. */
export function addCalendarMonths(from: Date, months: number): Date {
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  target.setUTCHours(from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds());
  return target;
}
