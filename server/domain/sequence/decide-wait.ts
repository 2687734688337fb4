// How a lead that needs no sender's turn moves on when it falls due: the end of its sequence, an
// answer that did not come in time (after withdrawing the invitation, which waits for the
// campaign's schedule), a condition, or a find_email step. The executor's resolveDueWaits and the forecast both ask
// this. Pure.
import { LEAD_CONDITIONS, type WiredStep } from "../../schemas/sequence";
import type { MergeFields } from "./render-copy";
import { isWithinSchedule, spreadIntoNextWindow, type Schedule } from "./schedule";
import { CLOSED_SCHEDULE_RETRY_MS, isConditionStep } from "./turn-policy";
import { decideEmailActivity, isEmailActivityCondition, type EmailActivityDecision, type SentEmailActivity } from "./decide-email-activity";

export interface WaitFacts {
  /** The lead's current step; null past its last one. */
  step: WiredStep | null;
  phase: "ready" | "waiting";
  at: number;
  schedule: Schedule;
  /** Fixes the minute a withdrawal is spread to in the next window (the campaign lead's id). */
  key: string;
}

export type WaitDecision =
  /** The lead is past its last step: it is done. */
  | { kind: "end" }
  /** The withdrawal waits for the schedule: look again at `until`. */
  | { kind: "postpone"; until: number }
  /** The answer did not come in time: withdraw the invitation first when `withdraw`, then take the no branch. */
  | { kind: "no-answer"; step: WiredStep; withdraw: boolean; detail: string }
  /** A manual task: it is put in the Tasks queue, and the lead waits for a person (phase `approval`) to mark it done or skipped. */
  | { kind: "task"; step: WiredStep }
  /** A condition: evaluate it (decideCondition) and take its branch, or wait at it (an e-mail activity condition, whose window is open). */
  | { kind: "condition"; step: WiredStep }
  /** A find_email step: look the address up when the lead has none (decideFindEmail) and take its branch. */
  | { kind: "find-email"; step: WiredStep }
  /** An action step: it waits for its sender's turn. */
  | { kind: "turn" };

export const NOT_ACCEPTED_IN_TIME = "Not accepted in time";
export const NO_REPLY_IN_TIME = "No reply in time";

export function decideWait(facts: WaitFacts): WaitDecision {
  const { step, at } = facts;
  if (!step) return { kind: "end" };
  // A lead waiting at an e-mail activity condition whose window has closed: decided on what it did.
  if (facts.phase === "waiting" && isEmailActivityCondition(step.type)) return { kind: "condition", step };
  if (facts.phase === "waiting") {
    const withdraw = step.type === "invite" && Boolean(step.config.withdrawEnabled);
    if (withdraw && !isWithinSchedule(facts.schedule, new Date(at))) {
      const later = spreadIntoNextWindow(facts.schedule, new Date(at), facts.key);
      return { kind: "postpone", until: later ? later.getTime() : at + CLOSED_SCHEDULE_RETRY_MS };
    }
    return { kind: "no-answer", step, withdraw, detail: step.type === "invite" ? NOT_ACCEPTED_IN_TIME : NO_REPLY_IN_TIME };
  }
  if (step.type === "find_email") return { kind: "find-email", step };
  if (step.type === "task") return { kind: "task", step };
  if (isConditionStep(step.type)) return { kind: "condition", step };
  return { kind: "turn" };
}

/** What a condition finds, from what is known of the lead. */
export interface ConditionFacts {
  connected: boolean;
  openProfile: boolean;
  /** The lead's e-mail address, when Herald has one. */
  email: string | null;
  /** The lead has a LinkedIn profile to act on (its URL or public identifier). */
  hasLinkedin: boolean;
  /** The lead's placeholder values, its custom variables among them (mergeFields). */
  fields: MergeFields;
  /** The lead's e-mails of the campaign so far, with their recorded opens and clicks (read only by the e-mail activity conditions). */
  emails: readonly SentEmailActivity[];
  /** When the condition is decided. */
  at: number;
}

/** A lead has a LinkedIn profile to act on: its URL or public identifier (leads added by e-mail alone have neither). */
export function hasLinkedinProfile(lead: { profileUrl: string | null; publicIdentifier: string | null }): boolean {
  return Boolean(lead.profileUrl || lead.publicIdentifier);
}

/** Whether a condition needs LinkedIn's word (a connection, an open profile) rather than Herald's records alone. */
export function asksLinkedin(step: WiredStep): boolean {
  return !LEAD_CONDITIONS.has(step.type);
}

const filled = (value: string | null | undefined) => typeof value === "string" && value.trim() !== "";

/** The branch a condition takes, or for an e-mail activity condition whose window is open, how long the lead waits at it. */
export function decideCondition(step: WiredStep, facts: ConditionFacts): EmailActivityDecision {
  const branch = (yes: boolean, yesDetail: string, noDetail: string) => (yes ? { outcome: "yes" as const, detail: yesDetail } : { outcome: "no" as const, detail: noDetail });
  switch (step.type) {
    case "if_connected":
      return branch(facts.connected, "Connected", "Not connected");
    case "if_has_email":
      return branch(filled(facts.email), "Has an e-mail address", "No e-mail address");
    case "if_has_linkedin":
      return branch(facts.hasLinkedin, "Has a LinkedIn profile", "No LinkedIn profile");
    case "if_has_variable": {
      const name = step.config.variable ?? "";
      return branch(filled(facts.fields[name]), `${name} is set`, `${name} is not set`);
    }
    case "if_open_profile":
      return branch(facts.openProfile, "Open profile", "Not an open profile");
    case "if_email_opened":
    case "if_email_clicked":
      return decideEmailActivity(step, facts.emails, facts.at);
    default:
      throw new Error(`${step.type} is not a condition`);
  }
}
