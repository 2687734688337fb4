import type { Campaign } from "../../../db/generated/client";
import type { WiredSequence, WiredStep } from "../../../schemas/sequence";
import { readSchedule, readSequence } from "../campaign-columns";
import type { Schedule } from "../../../domain/sequence/schedule";

export function sequenceOf(campaign: Pick<Campaign, "sequence">): WiredSequence {
  return readSequence(campaign.sequence);
}

export function scheduleOf(campaign: Pick<Campaign, "schedule">): Schedule {
  return readSchedule(campaign.schedule);
}

export function stepById(sequence: WiredSequence, stepId: string | null): WiredStep | null {
  return stepId ? (sequence.steps.find((step) => step.id === stepId) ?? null) : null;
}
