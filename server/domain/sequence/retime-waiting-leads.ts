// When a sequence's delays change under leads already waiting, the leads wait as if the new delays
// had always been there: a lead placed on a step 1 hour ago with a 2-hour delay, which becomes 30
// minutes, is due now (it has been for half an hour); one waiting for a reply whose window grows
// from 3 to 5 days waits 2 days more. The executor applies these shifts when the sequence is saved
// (update-campaign.ts); the forecast reads the shifted times like any other.
import type { WiredSequence, WiredStep } from "../../schemas/sequence";
import { answerWindowHours, delayAfterHours } from "./step-timing";

const HOUR = 3_600_000;

/** Leads on `stepId` in `phase` move their waitUntil by `shiftMs` (negative: sooner). */
export interface Retiming {
  stepId: string;
  /** ready: waiting out the delay before the step; waiting: the step acted and waits for an answer. */
  phase: "ready" | "waiting";
  shiftMs: number;
}

/** How long a lead waits before `step`, placed there by its parent: null for a first step. */
function delayInto(steps: Map<string, WiredStep>, step: WiredStep): number | null {
  const parent = step.parent ? steps.get(step.parent) : undefined;
  return parent ? delayAfterHours(parent, step.branch ?? null) : null;
}

/**
 * The shifts that re-time waiting leads after a sequence went from `before` to `after` (the same
 * steps, in the same places: structuralChanges refuses anything else once leads are in progress).
 * Steps that are new, or whose delays did not change, need none.
 */
export function retimeWaitingLeads(before: WiredSequence, after: WiredSequence): Retiming[] {
  const old = new Map(before.steps.map((step) => [step.id, step]));
  const now = new Map(after.steps.map((step) => [step.id, step]));
  const shifts: Retiming[] = [];
  for (const step of after.steps) {
    const previous = old.get(step.id);
    if (!previous) continue;
    const delayBefore = delayInto(old, previous);
    const delayAfter = delayInto(now, step);
    if (delayBefore !== null && delayAfter !== null && delayAfter !== delayBefore) {
      shifts.push({ stepId: step.id, phase: "ready", shiftMs: (delayAfter - delayBefore) * HOUR });
    }
    const windowBefore = answerWindowHours(previous);
    const windowAfter = answerWindowHours(step);
    if (windowBefore !== null && windowAfter !== null && windowAfter !== windowBefore) {
      shifts.push({ stepId: step.id, phase: "waiting", shiftMs: (windowAfter - windowBefore) * HOUR });
    }
  }
  return shifts;
}
