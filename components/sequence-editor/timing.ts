// What each branch means and when a lead moves along it, with the engine's defaults
// (server/domain/sequence/step-timing.ts): for the edge labels and the form's hints.
import { BRANCH_MEANING, BRANCHING_STEPS, REPLY_STEPS } from "@/server/schemas/sequence";
import { DEFAULT_ACCEPTANCE_DAYS, DEFAULT_REPLY_WINDOW_HOURS } from "@/server/domain/sequence/step-timing";
import type { Branch, EditorStep } from "./tree";

export interface BranchTiming {
  /** What the branch means for this step: Accepted, No reply, Connected, Next… */
  meaning: string;
  /** Hours: how long the lead waits for the outcome (`waitsForOutcome`), or the delay after it. */
  hours: number;
  /** The hours come from a default, not from the step. */
  defaulted: boolean;
  /** The no branch of an invitation or a message: taken once the wait runs out. */
  waitsForOutcome: boolean;
}

/** The acceptance window of an invitation when branchDelays.no is not set. */
export function defaultAcceptanceHours(step: EditorStep): number {
  return (step.config.withdrawDays ?? DEFAULT_ACCEPTANCE_DAYS) * 24;
}

export function branchTiming(step: EditorStep, branch: Branch): BranchTiming {
  const meaning = branch ? (BRANCH_MEANING[step.type]?.[branch] ?? (branch === "yes" ? "Yes" : "No")) : "Next";
  if (step.type === "invite" && branch === "no") {
    const set = step.branchDelays?.no;
    return { meaning, hours: set ?? defaultAcceptanceHours(step), defaulted: set === undefined, waitsForOutcome: true };
  }
  if (REPLY_STEPS.has(step.type)) {
    const set = step.branchDelays?.no ?? step.nextDelayHours;
    return { meaning, hours: set ?? DEFAULT_REPLY_WINDOW_HOURS, defaulted: set === undefined, waitsForOutcome: true };
  }
  if (BRANCHING_STEPS.has(step.type) && branch) {
    const set = step.branchDelays?.[branch];
    return { meaning, hours: set ?? 0, defaulted: set === undefined, waitsForOutcome: false };
  }
  return { meaning, hours: step.nextDelayHours ?? 0, defaulted: step.nextDelayHours === undefined, waitsForOutcome: false };
}

/** "3 days", "5 h", "1 day 2 h". */
export function formatHours(hours: number): string {
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const parts: string[] = [];
  if (days) parts.push(`${days} ${days === 1 ? "day" : "days"}`);
  if (rest || !days) parts.push(`${rest} h`);
  return parts.join(" ");
}

/** The edge's second line: when the lead moves on. */
export function timingPhrase(timing: BranchTiming): string {
  if (timing.waitsForOutcome) return `after ${formatHours(timing.hours)}`;
  return timing.hours ? `wait ${formatHours(timing.hours)}` : "right away";
}
