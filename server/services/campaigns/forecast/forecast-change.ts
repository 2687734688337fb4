// A change to forecast without storing it (the dry run of a campaign change,
// dry-run-campaign-change.ts): forecastCampaign runs on the campaign as the change would leave it.
import type { Campaign, Prisma } from "../../../db/generated/client";

/** What the forecast reads of each campaign lead with its row. */
export const FORECAST_ROW_INCLUDE = {
  lead: {
    select: {
      memberId: true,
      publicIdentifier: true,
      profileUrl: true,
      openProfile: true,
      firstName: true,
      lastName: true,
      email: true,
      emailOptOut: true,
      company: true,
      headline: true,
      jobTitle: true,
      location: true,
      customVariables: true,
    },
  },
} satisfies Prisma.CampaignLeadInclude;

export type ForecastRow = Prisma.CampaignLeadGetPayload<{ include: typeof FORECAST_ROW_INCLUDE }>;

/**
 * A change to forecast without storing it (the dry run of a campaign change): the campaign as the
 * change would leave it and, when no lead has started and the sequence changes, the step every lead
 * would begin at. Leads behave as updateCampaign leaves them: one whose sender left the pool before
 * contacting them gets one from the new pool (assign-campaign-senders.ts), one whose mailbox left the
 * pool before e-mailing them gets one from the new mailbox pool (assign-campaign-mailboxes.ts), and
 * the leads a new list would enroll (enroll-list-leads.ts) are in the campaign too.
 */
export interface ForecastChange {
  campaign: Campaign;
  firstStep?: { id: string; type: string } | null;
  /** The campaign leads the change enrolls (a new list's), as written in a rolled-back transaction. */
  enrolledRows?: ForecastRow[];
}

export function changedRow<
  T extends { contacted: boolean; linkedinAccountId: string | null; emailContacted: boolean; emailAccountId: string | null; currentStepId: string | null; currentStepType: string | null },
>(row: T, campaign: Campaign, change: ForecastChange): T {
  const leftPool = !row.contacted && row.linkedinAccountId !== null && !campaign.linkedinAccountIds.includes(row.linkedinAccountId);
  const leftMailboxPool = !row.emailContacted && row.emailAccountId !== null && !campaign.emailAccountIds.includes(row.emailAccountId);
  const step = change.firstStep === undefined ? {} : { currentStepId: change.firstStep?.id ?? null, currentStepType: change.firstStep?.type ?? null };
  return { ...row, ...step, ...(leftPool ? { linkedinAccountId: null } : {}), ...(leftMailboxPool ? { emailAccountId: null } : {}) };
}
