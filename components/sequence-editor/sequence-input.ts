// The draft as the API takes it (a full sequence for campaigns.update / PATCH /campaigns/{id}), and
// the campaign's stored sequence as a typed draft.
import type { TSequenceInput, TSequenceStepInput } from "@/server/schemas/sequence";
import { defaultAcceptanceHours } from "@/server/domain/sequence/step-timing";
import { wireSequence } from "@/server/domain/sequence/wire-sequence";
import type { EditorStep } from "./tree";
import { withFlatCopy } from "./variants";

function withoutEmpty<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/** One step as sent: ids and wiring explicit, variant A's flat copy equal to variant A. */
export function toStepInput(step: EditorStep): TSequenceStepInput {
  const branchDelays = step.branchDelays ? withoutEmpty(step.branchDelays) : undefined;
  return withoutEmpty({
    id: step.id,
    type: step.type,
    parent: step.parent ?? undefined,
    branch: step.parent === null ? undefined : (step.branch ?? undefined),
    config: withoutEmpty(withFlatCopy(step.config)),
    nextDelayHours: step.nextDelayHours,
    branchDelays: branchDelays && Object.keys(branchDelays).length ? branchDelays : undefined,
  });
}

export function toSequenceInput(steps: readonly EditorStep[]): TSequenceInput {
  return { steps: steps.map(toStepInput) };
}

/**
 * The API shows an invitation's acceptance window (branchDelays.no) even when it is the default
 * derived from withdrawDays. The editor leaves such a window unset, so that changing "Withdraw
 * after" moves it as it does for a step whose window was never set (and the form shows it as the
 * default); a window set to another value stays.
 */
function withDerivedAcceptance(step: EditorStep): EditorStep {
  if (step.type !== "invite" || step.branchDelays?.no === undefined || step.branchDelays.no !== defaultAcceptanceHours(step)) return step;
  const { no: _derived, ...rest } = step.branchDelays;
  return { ...step, branchDelays: Object.keys(withoutEmpty(rest)).length ? rest : undefined };
}

/**
 * The campaign's sequence (as campaigns.get returns it: already wired) as a typed draft. Wiring it
 * again types it; a stored sequence that no longer passes the rules is taken as it is, and the
 * editor shows its problems on the steps.
 */
export function fromStoredSequence(sequence: { steps: readonly EditorStep[] }): EditorStep[] {
  const steps = sequence.steps.map(withDerivedAcceptance);
  try {
    return wireSequence(toSequenceInput(steps)).steps;
  } catch {
    return steps.map((step) => ({ ...step, parent: step.parent ?? null, branch: step.branch ?? null, config: withFlatCopy({ ...step.config, variants: step.config?.variants ?? [] }) }));
  }
}

/** A stable text of the draft as it would be saved, to tell whether anything changed. */
export function draftSignature(steps: readonly EditorStep[]): string {
  return JSON.stringify(toSequenceInput(steps));
}
