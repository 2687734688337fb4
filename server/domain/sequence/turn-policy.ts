// The turn policy shared by the campaign executor, the forecast and the test driver: which steps
// take a sender's turn and which a mailbox's, which senders and mailboxes may take one and in what
// order, which due leads a turn looks at and in what order, and when a turn reads another batch of
// them. Pure: times are numbers (milliseconds) or Dates passed in.
import { LEAD_CONDITIONS, type StepType } from "../../schemas/sequence";
import { addZonedDays, startOfZonedDay } from "../../lib/time-zones";
import { senderAvailable, type SenderState } from "./rebalanceable-sender";
import { nextWindowStart, type Schedule } from "./schedule";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Step kinds a sender's turn is used for (the drafted kinds' drafts are made on a turn too). */
export const ACTION_STEP_TYPES: readonly StepType[] = ["visit_profile", "invite", "message", "inmail", "comment_post", "ai_voice_note", "voice_note", "like_post", "follow"];
const ACTIONS: ReadonlySet<StepType> = new Set(ACTION_STEP_TYPES);
/** Step kinds a mailbox's turn is used for. */
export const EMAIL_STEP_TYPES: readonly StepType[] = ["email"];
const EMAILS: ReadonlySet<StepType> = new Set(EMAIL_STEP_TYPES);
/** Step kinds resolved without a sender's turn, by what Herald knows of the lead (find_email by its e-mail finder too). */
export const CONDITION_STEP_TYPES: readonly StepType[] = ["if_connected", "if_open_profile", ...LEAD_CONDITIONS, "find_email", "task"];
const CONDITIONS: ReadonlySet<StepType> = new Set(CONDITION_STEP_TYPES);

/** How many due leads a sender's turn reads at a time. */
export const CANDIDATES_PER_SENDER = 10;
/** A lead another campaign holds is looked at again this much later. */
export const HELD_RETRY_MS = HOUR;
/** A lead whose InMail paused its sender is looked at again this much later. */
export const SENDER_PAUSED_RETRY_MS = HOUR;
/** A lead whose profile could not be read (LinkedIn unreachable) is looked at again this much later. */
export const UNREACHABLE_RETRY_MS = 10 * MINUTE;
/** A lead whose draft could not be paid for (the workspace is out of AI credits) is looked at again this much later. */
export const NO_CREDITS_RETRY_MS = HOUR;
/** A lead whose draft the AI or speech provider failed to make is looked at again this much later. */
export const DRAFT_FAILED_RETRY_MS = 10 * MINUTE;
/** A withdrawal due after the schedule's last window waits this long before it is looked at again. */
export const CLOSED_SCHEDULE_RETRY_MS = 24 * HOUR;
/** How many due waits are read at a time when resolving them (all of them are resolved each pass). */
export const WAITS_PER_BATCH = 1000;

export function isActionStep(type: string | null | undefined): boolean {
  return type !== null && type !== undefined && ACTIONS.has(type as StepType);
}

export function isEmailStep(type: string | null | undefined): boolean {
  return type !== null && type !== undefined && EMAILS.has(type as StepType);
}

export function isConditionStep(type: string | null | undefined): boolean {
  return type !== null && type !== undefined && CONDITIONS.has(type as StepType);
}

/** A sender as a turn sees it; times in milliseconds. */
export interface TurnSender {
  id: string;
  /** Connected, active and not paused (senderAvailable). */
  available: boolean;
  cooldownUntil: number | null;
  nextActionAt: number | null;
}

/** The turn's view of a sender's record. */
export function turnSender(sender: SenderState & { id: string; cooldownUntil: Date | null; nextActionAt: Date | null }): TurnSender {
  return { id: sender.id, available: senderAvailable(sender), cooldownUntil: sender.cooldownUntil?.getTime() ?? null, nextActionAt: sender.nextActionAt?.getTime() ?? null };
}

/** When the sender is next free to act, ignoring whether it can act at all: after its human-like gap and any cooldown. */
export function senderFreeFrom(sender: Pick<TurnSender, "cooldownUntil" | "nextActionAt">): number {
  return Math.max(sender.nextActionAt ?? 0, sender.cooldownUntil ?? 0);
}

/** Whether a sender may take a turn at `at`: connected, active, not paused, past its cooldown and its gap. */
export function senderCanActAt(sender: TurnSender, at: number): boolean {
  return sender.available && senderFreeFrom(sender) <= at;
}

/** The order senders take their turns in a pass: the longest-resting first (never acted first), then by id. */
export function senderTurnOrder(a: Pick<TurnSender, "id" | "nextActionAt">, b: Pick<TurnSender, "id" | "nextActionAt">): number {
  const byRest = (a.nextActionAt ?? -Infinity) - (b.nextActionAt ?? -Infinity);
  if (byRest) return byRest;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A mailbox as a turn sees it; times in milliseconds. */
export interface TurnMailbox {
  id: string;
  /** Connected and not paused. */
  available: boolean;
  /** The end of its human-like gap after its last e-mail. */
  nextSendAt: number | null;
}

/** The turn's view of a mailbox's record. */
export function turnMailbox(mailbox: { id: string; status: string; paused: boolean; nextSendAt: Date | null }): TurnMailbox {
  return { id: mailbox.id, available: mailbox.status === "connected" && !mailbox.paused, nextSendAt: mailbox.nextSendAt?.getTime() ?? null };
}

/** When the mailbox is next free to send, ignoring whether it can send at all: after its human-like gap. */
export function mailboxFreeFrom(mailbox: Pick<TurnMailbox, "nextSendAt">): number {
  return mailbox.nextSendAt ?? 0;
}

/** Whether a mailbox may take a turn at `at`: connected, not paused, past its gap (its daily limit is the turn's to check). */
export function mailboxCanActAt(mailbox: TurnMailbox, at: number): boolean {
  return mailbox.available && mailboxFreeFrom(mailbox) <= at;
}

/**
 * The first moment a turn can take a due lead: the lead is due (`dueAt`), its sender or mailbox is
 * free (senderFreeFrom, mailboxFreeFrom; 0 for a lead without one), and its campaign's schedule is
 * open then, or when it next opens after; null when the schedule never opens again. Whether the
 * sender (mailbox) can act at all and its caps are the caller's to ask (senderCanActAt, the caps).
 */
export function nextTurnAt(input: { dueAt: number; freeFrom: number; schedule: Schedule }): number | null {
  return nextWindowStart(input.schedule, new Date(Math.max(input.dueAt, input.freeFrom)))?.getTime() ?? null;
}

/** When a sender's (mailbox's) next day begins in its zone after `at`: its daily caps and limit start again. */
export function nextDayStarts(at: number, timezone: string): number {
  return addZonedDays(startOfZonedDay(new Date(at), timezone), 1, timezone).getTime();
}

/** The order mailboxes take their turns in a pass: the longest-resting first (never sent first), then by id. */
export function mailboxTurnOrder(a: Pick<TurnMailbox, "id" | "nextSendAt">, b: Pick<TurnMailbox, "id" | "nextSendAt">): number {
  return senderTurnOrder({ id: a.id, nextActionAt: a.nextSendAt }, { id: b.id, nextActionAt: b.nextSendAt });
}

/** A due lead: when it fell due, and its insertion order in its campaign. */
export interface DueCandidate {
  waitUntil: number;
  seq: number | bigint;
}

/** The order due waits and conditions are resolved in: the longest due first, then the first added. */
export function dueOrder(a: DueCandidate, b: DueCandidate): number {
  if (a.waitUntil !== b.waitUntil) return a.waitUntil - b.waitUntil;
  return a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0;
}

/** A due lead in a sender's (mailbox's) line: whether that sender (mailbox) has already reached it. */
export interface TurnCandidate extends DueCandidate {
  /** A follow-up: an action of this campaign reached the lead on this channel (CampaignLead.contacted, emailContacted). */
  followUp: boolean;
}

/**
 * The order a turn looks at due leads: follow-ups first (a message to someone who just accepted, the
 * invitation after a visit, a second e-mail), then the leads not reached yet; within each, the
 * longest due first, then the first added. A conversation under way is not kept waiting behind a
 * campaign's worth of first visits.
 */
export function candidateOrder(a: TurnCandidate, b: TurnCandidate): number {
  if (a.followUp !== b.followUp) return a.followUp ? -1 : 1;
  return dueOrder(a, b);
}

/** The step kinds a batch of a turn reads: the action kinds not at their cap. */
export function batchStepTypes(capped: ReadonlySet<string>): StepType[] {
  return ACTION_STEP_TYPES.filter((type) => !capped.has(type));
}

/**
 * Whether a turn that has not acted reads another batch of due leads: only when the batch was
 * full and a kind reached its cap while the batch was looked at (the leads behind may be of kinds
 * still allowed). Otherwise leads behind a capped kind (invitations waiting for tomorrow) would
 * keep a due message or InMail from its turn, or a turn would read every due lead.
 */
export function readAnotherBatch(batch: { size: number; cappedBefore: number; cappedAfter: number }): boolean {
  return batch.size >= CANDIDATES_PER_SENDER && batch.cappedAfter > batch.cappedBefore;
}
