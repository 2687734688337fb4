import type { Campaign } from "../../../db/generated/client";
import type { WiredSequence, WiredStep } from "../../../schemas/sequence";
import type { Schedule } from "../../../domain/sequence/schedule";

export function sequenceOf(campaign: Campaign): WiredSequence {
  return (campaign.sequence as unknown as WiredSequence) ?? { steps: [] };
}

export function scheduleOf(campaign: Campaign): Schedule {
  return campaign.schedule as unknown as Schedule;
}

export function stepById(sequence: WiredSequence, stepId: string | null): WiredStep | null {
  return stepId ? (sequence.steps.find((step) => step.id === stepId) ?? null) : null;
}
