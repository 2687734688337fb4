// A stored step keeps only what its author sent; the executor and the forecast fill the rest with
// the spec's defaults as they read it (step-timing.ts, decideInmailUnable). The API shows the step
// with those defaults written out, so that a consumer reads the delays and the InMail rule the
// server applies instead of guessing them. Only the shown step changes: the stored one stays as
// sent, so the engine's reading of existing rows is untouched, and sending a shown step back changes
// nothing either (each written-out value is the one the engine would have applied).
import type { WiredSequence, WiredStep } from "../../schemas/sequence";
import { BRANCHING_STEPS, DEFAULT_WHEN_UNABLE, REPLY_STEPS } from "../../schemas/sequence";
import { acceptanceWindowHours, replyWindowHours } from "./step-timing";

/**
 * The step with its applied defaults:
 * - an InMail's `config.whenUnable` (auto);
 * - a reply step (message, InMail, voice notes, e-mail): `nextDelayHours`, its reply window
 *   (branchDelays.no, else nextDelayHours, else 72 hours); `branchDelays` only as stored, since a
 *   shown `no` would win over a later change of nextDelayHours sent back with it;
 * - an invitation: `branchDelays.yes` (0) and `branchDelays.no`, its acceptance window
 *   (withdrawDays × 24 hours, else 14 days);
 * - a condition: `branchDelays.yes` and `.no` (0);
 * - a step with one next step (visit, comment): `nextDelayHours` (0).
 */
export function withAppliedDefaults(step: WiredStep): WiredStep {
  const config = step.type === "inmail" ? { ...step.config, whenUnable: step.config.whenUnable ?? DEFAULT_WHEN_UNABLE } : step.config;
  if (REPLY_STEPS.has(step.type)) {
    const window = replyWindowHours(step);
    return { ...step, config, nextDelayHours: window };
  }
  if (BRANCHING_STEPS.has(step.type)) {
    const no = step.type === "invite" ? acceptanceWindowHours(step) : (step.branchDelays?.no ?? 0);
    return { ...step, config, branchDelays: { yes: step.branchDelays?.yes ?? 0, no } };
  }
  return { ...step, config, nextDelayHours: step.nextDelayHours ?? 0 };
}

export function sequenceWithAppliedDefaults(sequence: WiredSequence): WiredSequence {
  return { steps: sequence.steps.map(withAppliedDefaults) };
}
