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

/** When a prospect accepts an invitation, or null when they never do. */
export function acceptanceTime(invitationId: string, acceptRate: number, sentAt: Date, model = DEFAULT_BEHAVIOUR): Date | null {
  if (unitRandom(`${invitationId}:accept`) >= acceptRate) return null;
  return new Date(sentAt.getTime() + delay(invitationId, model.acceptDelayHours));
}

/** When a prospect replies to a message, or null when they do not. */
export function replyTime(messageId: string, replyRate: number, sentAt: Date, model = DEFAULT_BEHAVIOUR): Date | null {
  if (unitRandom(`${messageId}:reply`) >= replyRate) return null;
  return new Date(sentAt.getTime() + delay(messageId, model.replyDelayHours));
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
