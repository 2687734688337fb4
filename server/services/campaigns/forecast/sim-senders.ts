// A sender in the forecast simulation: its caps and what it used today and this week (rolled over
// at midnight and on Monday in its timezone, as the executor counts), and its due leads per step kind.
import type { TDailyCaps } from "../../../schemas/sender";
import type { StepType } from "../../../schemas/sequence";
import { startOfZonedWeek, zonedDateString } from "../../../lib/time-zones";
import { KeyedHeaps } from "./min-heap";
import type { SimSender } from "./simulation-types";

export interface DueEntry {
  at: number;
  seq: number;
  leadId: string;
  version: number;
  /** In a sender's or mailbox's line: the lead was reached on that channel already (turn-policy.ts TurnCandidate). */
  followUp?: boolean;
}

/** The core's due order (turn-policy.ts dueOrder: due first, then seq), inlined for the heaps' hot path. */
export const dueFirst = (a: DueEntry, b: DueEntry) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

/** The core's candidate order (turn-policy.ts candidateOrder: follow-ups first, then dueOrder), for the senders' and mailboxes' lines. */
export const turnFirst = (a: DueEntry, b: DueEntry) => (a.followUp === b.followUp ? dueFirst(a, b) : Boolean(a.followUp));

export interface SenderState extends SimSender {
  dayKey: string;
  weekKey: string;
  day: TDailyCaps;
  week: number;
  /** Due leads whose next step is an action, per step kind. */
  ready: KeyedHeaps<StepType | null, DueEntry>;
}

export const ZERO_CAPS: TDailyCaps = { invitations: 0, profileViews: 0, postLikes: 0, messages: 0, inmails: 0, comments: 0, follows: 0 };

export function senderState(sender: SimSender, start: number): SenderState {
  return {
    ...sender,
    dayKey: zonedDateString(new Date(start), sender.timezone),
    weekKey: zonedDateString(startOfZonedWeek(new Date(start), sender.timezone), sender.timezone),
    day: { ...ZERO_CAPS, ...sender.usedToday },
    week: sender.usedThisWeek,
    ready: new KeyedHeaps<StepType | null, DueEntry>(turnFirst),
  };
}

/** Starts a new day's or week's counts when `at` is past the ones the sender holds. */
export function rollUsage(sender: SenderState, at: number): void {
  const date = new Date(at);
  const dayKey = zonedDateString(date, sender.timezone);
  if (dayKey !== sender.dayKey) {
    sender.dayKey = dayKey;
    sender.day = { ...ZERO_CAPS };
  }
  const weekKey = zonedDateString(startOfZonedWeek(date, sender.timezone), sender.timezone);
  if (weekKey !== sender.weekKey) {
    sender.weekKey = weekKey;
    sender.week = 0;
  }
}
