// A mailbox in the forecast simulation: its daily limit and what it sent today (rolled over at
// midnight in its zone, as countMailboxUsage counts), and its due e-mail leads in the core's order.
// A warming mailbox's limit is its campaign cap on the simulated day: nothing until its hold ends,
// then the ramp's volume, the warmup day advancing with the simulated date (warmupCampaignCap).
import { warmupCampaignCap } from "../../../domain/mail/warmup-ramp";
import { zonedDateString } from "../../../lib/time-zones";
import { MinHeap } from "./min-heap";
import { turnFirst, type DueEntry } from "./sim-senders";
import type { SimMailbox } from "./simulation-types";

export interface MailboxState extends SimMailbox {
  dayKey: string;
  sentToday: number;
  /** Due leads whose step is an e-mail. */
  ready: MinHeap<DueEntry>;
  /** It paused itself in the simulation for its bounce or complaint rate. */
  pausedByRates?: boolean;
}

export function mailboxState(mailbox: SimMailbox, start: number): MailboxState {
  return { ...mailbox, dayKey: zonedDateString(new Date(start), mailbox.timezone), sentToday: mailbox.usedToday, ready: new MinHeap<DueEntry>(turnFirst) };
}

/** Starts a new day's count when `at` is past the day the mailbox holds. */
export function rollMailboxDay(mailbox: MailboxState, at: number): void {
  const dayKey = zonedDateString(new Date(at), mailbox.timezone);
  if (dayKey === mailbox.dayKey) return;
  mailbox.dayKey = dayKey;
  mailbox.sentToday = 0;
}

export function mailboxRemaining(mailbox: MailboxState, at: number): number {
  rollMailboxDay(mailbox, at);
  return Math.max(0, warmupCampaignCap(mailbox.warmup ?? null, mailbox.dailyLimit, at, mailbox.dayKey) - mailbox.sentToday);
}

/** When the mailbox's warmup hold ends, if after `at`: its leads may go out from then (a moment the simulation must not skip). */
export function mailboxHoldEnds(mailbox: MailboxState, at: number): number | null {
  const holdUntil = mailbox.warmup?.holdUntil ?? null;
  return holdUntil !== null && holdUntil > at && !mailbox.warmup?.holdOverride ? holdUntil : null;
}
