// How long each step waits, from its delays and the spec's defaults.
import type { StepType, WiredSequence, WiredStep } from "../../schemas/sequence";
import { BRANCHING_STEPS, DEFAULT_ACTIVITY_WINDOW_HOURS, EMAIL_ACTIVITY_CONDITIONS, REPLY_STEPS } from "../../schemas/sequence";
import { nextStep } from "./wire-sequence";

const HOUR = 3_600_000;
export const DEFAULT_REPLY_WINDOW_HOURS = 72;
export const DEFAULT_ACCEPTANCE_DAYS = 14;

type StepDelays = Pick<WiredStep, "nextDelayHours" | "branchDelays"> & { config: Pick<WiredStep["config"], "withdrawDays"> };

/** After a message-like step, in hours: how long to wait for a reply before the no-reply branch. */
export function replyWindowHours(step: StepDelays): number {
  return step.branchDelays?.no ?? step.nextDelayHours ?? DEFAULT_REPLY_WINDOW_HOURS;
}

/** An invitation's acceptance window when branchDelays.no is not set: withdrawDays, else 14 days. */
export function defaultAcceptanceHours(step: StepDelays): number {
  return (step.config.withdrawDays ?? DEFAULT_ACCEPTANCE_DAYS) * 24;
}

/** After an invitation, in hours: how long to wait for acceptance before the no branch (and withdrawal). */
export function acceptanceWindowHours(step: StepDelays): number {
  return step.branchDelays?.no ?? defaultAcceptanceHours(step);
}

/** After a message-like step: how long to wait for a reply before the no-reply branch. */
export function replyWindowMs(step: WiredStep): number {
  return replyWindowHours(step) * HOUR;
}

/** After an invitation: how long to wait for acceptance before the no branch (and withdrawal). */
export function acceptanceWindowMs(step: WiredStep): number {
  return acceptanceWindowHours(step) * HOUR;
}

export type Placement =
  | { kind: "step"; step: WiredStep; waitUntil: Date }
  | { kind: "end" };

/**
 * Where a lead goes after a step resolves with an outcome (the branch taken, or null for a single
 * next step), and when the next step is due.
 */
export function placeAfter(sequence: WiredSequence, step: WiredStep, outcome: "yes" | "no" | null, at: Date): Placement {
  const branch = BRANCHING_STEPS.has(step.type) ? outcome : REPLY_STEPS.has(step.type) ? "no" : null;
  const next = nextStep(sequence, step.id, branch);
  if (!next) return { kind: "end" };
  return { kind: "step", step: next, waitUntil: new Date(at.getTime() + delayAfterHours(step, outcome) * HOUR) };
}

/**
 * In hours: how long the step after `step` waits once `step` resolved with `outcome`. A branch's own
 * delay; none after an invitation's no (its acceptance window was the wait) or a message-like
 * step's no-reply (its reply window was); otherwise the step's nextDelayHours.
 */
export function delayAfterHours(step: Pick<WiredStep, "type" | "nextDelayHours" | "branchDelays">, outcome: "yes" | "no" | null): number {
  if (BRANCHING_STEPS.has(step.type)) return (outcome === "yes" ? step.branchDelays?.yes : step.type === "invite" ? 0 : step.branchDelays?.no) ?? 0;
  if (REPLY_STEPS.has(step.type)) return 0;
  return step.nextDelayHours ?? 0;
}

/**
 * In hours: how long a lead that acted on `step` waits for an answer (acceptance, reply), or at an
 * e-mail activity condition for an open or a click after the e-mail; null for a step that waits for none.
 */
export function answerWindowHours(step: WiredStep): number | null {
  if (step.type === "invite") return acceptanceWindowHours(step);
  if (EMAIL_ACTIVITY_CONDITIONS.has(step.type)) return step.config.windowHours ?? DEFAULT_ACTIVITY_WINDOW_HOURS;
  return REPLY_STEPS.has(step.type) ? replyWindowHours(step) : null;
}

/** Action steps that wait for no answer: the lead moves on once the sender acted. */
const MOVES_ON_AFTER_ACTION: ReadonlySet<StepType> = new Set(["visit_profile", "comment_post", "like_post", "follow"]);

/**
 * Where a lead stands once its sender acted at `at`: a visit, a comment, a like or a follow moves it on; an invitation
 * waits for acceptance and a message, InMail or voice note for a reply, until their window closes.
 */
export function afterAction(sequence: WiredSequence, step: WiredStep, at: Date): { kind: "place"; placement: Placement } | { kind: "await"; until: Date } {
  if (MOVES_ON_AFTER_ACTION.has(step.type)) return { kind: "place", placement: placeAfter(sequence, step, null, at) };
  return { kind: "await", until: new Date(at.getTime() + (step.type === "invite" ? acceptanceWindowMs(step) : replyWindowMs(step))) };
}
