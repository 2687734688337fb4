// How a step of a campaign's sequence is named to people: its place in the sequence and its kind
// ("#2 Message"), or only its kind when the step left the sequence. The lead page and the inbox's
// lead card name steps alike. Pure.
import { STEP_LABELS, type StepType } from "../../schemas/sequence";

export function stepKindLabel(stepType: string): string {
  return STEP_LABELS[stepType as StepType] ?? stepType;
}

export function stepLabel(steps: ReadonlyArray<{ id: string; type: string }>, stepId: string, stepType: string): string {
  const index = steps.findIndex((step) => step.id === stepId);
  return index >= 0 ? `#${index + 1} ${stepKindLabel(steps[index]!.type)}` : stepKindLabel(stepType);
}
