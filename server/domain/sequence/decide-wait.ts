// How a lead that needs no sender's turn moves on when it falls due: the end of its sequence, an
// answer that did not come in time (after withdrawing the invitation, which waits for the
// campaign's schedule), or a condition. The executor's resolveDueWaits and the forecast both ask
// this. Pure.
import type { WiredStep } from "../../schemas/sequence";
import { isWithinSchedule, spreadIntoNextWindow, type Schedule } from "./schedule";
import { CLOSED_SCHEDULE_RETRY_MS, isConditionStep } from "./turn-policy";

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
  /** A condition: evaluate it (decideCondition) and take its branch. */
  | { kind: "condition"; step: WiredStep }
  /** An action step: it waits for its sender's turn. */
  | { kind: "turn" };

export const NOT_ACCEPTED_IN_TIME = "Not accepted in time";
export const NO_REPLY_IN_TIME = "No reply in time";

export function decideWait(facts: WaitFacts): WaitDecision {
  const { step, at } = facts;
  if (!step) return { kind: "end" };
  if (facts.phase === "waiting") {
    const withdraw = step.type === "invite" && Boolean(step.config.withdrawEnabled);
    if (withdraw && !isWithinSchedule(facts.schedule, new Date(at))) {
      const later = spreadIntoNextWindow(facts.schedule, new Date(at), facts.key);
      return { kind: "postpone", until: later ? later.getTime() : at + CLOSED_SCHEDULE_RETRY_MS };
    }
    return { kind: "no-answer", step, withdraw, detail: step.type === "invite" ? NOT_ACCEPTED_IN_TIME : NO_REPLY_IN_TIME };
  }
  if (isConditionStep(step.type)) return { kind: "condition", step };
  return { kind: "turn" };
}

/** What a condition finds, from what is known of the lead. */
export interface ConditionFacts {
  connected: boolean;
  openProfile: boolean;
}

export function decideCondition(step: WiredStep, facts: ConditionFacts): { outcome: "yes" | "no"; detail: string } {
  if (step.type === "if_connected") return facts.connected ? { outcome: "yes", detail: "Connected" } : { outcome: "no", detail: "Not connected" };
  return facts.openProfile ? { outcome: "yes", detail: "Open profile" } : { outcome: "no", detail: "Not an open profile" };
}
