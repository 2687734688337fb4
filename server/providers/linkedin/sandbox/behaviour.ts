// The sandbox network's behaviour model: deterministic from a seed, so a simulated campaign and its
// forecast agree, and tests can predict outcomes.
import { createHash } from "node:crypto";

/** Deterministic random number in [0, 1) for a key (an invitation id, a message id…). */
export function unitRandom(key: string): number {
  const hash = createHash("sha256").update(key).digest();
  return hash.readUInt32BE(0) / 0x1_0000_0000;
}

export interface BehaviourModel {
  /** Acceptance delay range, in hours. */
  acceptDelayHours: [number, number];
  /** Reply delay range, in hours. */
  replyDelayHours: [number, number];
  /** The network's own limit on invitations per sender per rolling 7 days. */
  networkWeeklyInvitationLimit: number;
  /** More actions than this in an hour from one sender makes the network throttle it. */
  throttleActionsPerHour: number;
  /** InMail credits a Premium sender starts with. */
  premiumInmailCredits: number;
}

export const DEFAULT_BEHAVIOUR: BehaviourModel = {
  acceptDelayHours: [1, 72],
  replyDelayHours: [0.5, 48],
  networkWeeklyInvitationLimit: 200,
  throttleActionsPerHour: 60,
  premiumInmailCredits: 15,
};

function delay(key: string, [min, max]: [number, number]): number {
  // Skewed towards short delays, as real answers are.
  const r = unitRandom(`${key}:delay`);
  return (min + (max - min) * r * r) * 3_600_000;
}

/**
 * Outcomes are keyed by who acts on whom and how many times before, never by generated ids, so
 * anyone who knows the network (the campaign forecast) can tell what a prospect will do.
 */
export function invitationKey(fromMemberId: string, toMemberId: string, earlierInvitations: number): string {
  return `${fromMemberId}>${toMemberId}:invite:${earlierInvitations}`;
}

export function messageKey(fromMemberId: string, toMemberId: string, earlierMessages: number): string {
  return `${fromMemberId}>${toMemberId}:message:${earlierMessages}`;
}

/** InMails are answered a little more often than messages. */
export function replyRateFor(kind: string, replyRate: number): number {
  return kind === "inmail" ? Math.min(1, replyRate * 1.2) : replyRate;
}

/** When a prospect accepts an invitation, or null when they never do. */
export function acceptanceTime(key: string, acceptRate: number, sentAt: Date, model = DEFAULT_BEHAVIOUR): Date | null {
  if (unitRandom(`${key}:accept`) >= acceptRate) return null;
  return new Date(sentAt.getTime() + delay(key, model.acceptDelayHours));
}

/** When a prospect replies to a message, or null when they do not. */
export function replyTime(key: string, replyRate: number, sentAt: Date, model = DEFAULT_BEHAVIOUR): Date | null {
  if (unitRandom(`${key}:reply`) >= replyRate) return null;
  return new Date(sentAt.getTime() + delay(key, model.replyDelayHours));
}

const REPLIES = [
  "Thanks for reaching out! Happy to talk, how about a call next week?",
  "Interesting, tell me more about how this works.",
  "Not interested at the moment, thanks.",
  "Please remove me from your list.",
  "Thanks, I'll take a look and come back to you.",
  "We already use something similar, but feel free to send details.",
];

export function replyText(messageId: string): string {
  return REPLIES[Math.floor(unitRandom(`${messageId}:text`) * REPLIES.length)]!;
}
