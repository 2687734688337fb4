import type { Campaign } from "../../db/generated/client";
import { toIso } from "../../schemas/common";
import type { TCampaign } from "../../schemas/campaign";
import type { Schedule } from "./engine/schedule";

export function toCampaign(row: Campaign, stats: TCampaign["stats"]): TCampaign {
  const schedule = row.schedule as unknown as Schedule;
  return {
    id: row.id,
    name: row.name,
    status: row.status as TCampaign["status"],
    stats,
    aiInterestEnabled: row.aiInterestEnabled,
    unsubscribe: row.unsubscribe as TCampaign["unsubscribe"],
    tracking: row.tracking as TCampaign["tracking"],
    linkedinAccountIds: row.linkedinAccountIds,
    emailAccountIds: row.emailAccountIds,
    excludeListIds: row.excludeListIds,
    listId: row.listId,
    excludeOtherCampaigns: row.excludeOtherCampaigns,
    excludeOtherSenders: row.excludeOtherSenders,
    excludeSameSenderOtherCampaigns: row.excludeSameSenderOtherCampaigns,
    schedule: {
      startDate: schedule.startDate ?? null,
      endDate: schedule.endDate ?? null,
      timezone: schedule.timezone,
      activeHours: schedule.activeHours,
      activeDays: schedule.activeDays,
    },
    sequence: row.sequence as unknown as TCampaign["sequence"],
    finishedAt: toIso(row.finishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
