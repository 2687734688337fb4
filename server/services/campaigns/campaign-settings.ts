import type { Prisma } from "../../db/client";
import { sequenceWithAppliedDefaults } from "../../domain/sequence/applied-defaults";
import type { TCampaign } from "../../schemas/campaign";
import { campaignVerificationOf } from "../../schemas/verification";
import { readApprovals, readExperiments, readSchedule, readSequence, readTracking, readUnsubscribe } from "./campaign-columns";

/** The parts of a campaign read from its Json columns: what a write changes, never a lead's progress. */
export type CampaignSettings = Pick<TCampaign, "unsubscribe" | "tracking" | "approvals" | "experiments" | "verification" | "schedule" | "sequence">;

export interface CampaignSettingsColumns {
  unsubscribe: Prisma.JsonValue;
  tracking: Prisma.JsonValue;
  approvals: Prisma.JsonValue;
  experiments: Prisma.JsonValue;
  verification: Prisma.JsonValue;
  schedule: Prisma.JsonValue;
  sequence: Prisma.JsonValue;
}

/** A campaign's Json columns parsed with their schemas, shaped as the API shows them. */
export function campaignSettings(row: CampaignSettingsColumns): CampaignSettings {
  const schedule = readSchedule(row.schedule);
  return {
    unsubscribe: readUnsubscribe(row.unsubscribe),
    tracking: readTracking(row.tracking),
    approvals: readApprovals(row.approvals),
    experiments: readExperiments(row.experiments),
    verification: campaignVerificationOf(row.verification),
    schedule: {
      startDate: schedule.startDate ?? null,
      endDate: schedule.endDate ?? null,
      timezone: schedule.timezone,
      activeHours: schedule.activeHours,
      activeDays: schedule.activeDays,
    },
    // Shown with the defaults the executor and the forecast apply; stored as sent.
    sequence: sequenceWithAppliedDefaults(readSequence(row.sequence)),
  };
}
