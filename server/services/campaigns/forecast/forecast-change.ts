// A change to forecast without storing it (the dry run of a campaign change,
// dry-run-campaign-change.ts): forecastCampaign runs on the campaign as the change would leave it.
import type { Campaign } from "../../../db/generated/client";

/**
 * A change to forecast without storing it (the dry run of a campaign change): the campaign as the
 * change would leave it and, when no lead has started and the sequence changes, the step every lead
 * would begin at. Leads behave as updateCampaign leaves them: one whose sender left the pool before
 * contacting them gets one from the new pool (assign-campaign-senders.ts).
 */
export interface ForecastChange {
  campaign: Campaign;
  firstStep?: { id: string; type: string } | null;
}

export function changedRow<T extends { contacted: boolean; linkedinAccountId: string | null; currentStepId: string | null; currentStepType: string | null }>(row: T, campaign: Campaign, change: ForecastChange): T {
  const leftPool = !row.contacted && row.linkedinAccountId !== null && !campaign.linkedinAccountIds.includes(row.linkedinAccountId);
  const step = change.firstStep === undefined ? {} : { currentStepId: change.firstStep?.id ?? null, currentStepType: change.firstStep?.type ?? null };
  return { ...row, ...step, ...(leftPool ? { linkedinAccountId: null } : {}) };
}

