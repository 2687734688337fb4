import type { DbClient } from "../../db/client";
import { db } from "../../db/client";
import type { CampaignLead, Lead } from "../../db/generated/client";
import { toIso } from "../../schemas/common";
import type { TCampaignLead } from "../../schemas/campaign";
import { readCustomVariables } from "../leads/lead-columns";
import { readHeldBy } from "./campaign-lead-columns";

/** The columns of a campaign lead the API shows (the leads list reads just these, in SQL). */
export type CampaignLeadViewRow = Pick<
  CampaignLead,
  | "id" | "campaignId" | "leadId" | "linkedinAccountId" | "emailAccountId" | "status" | "customVariables" | "interest" | "interestBy" | "outcome"
  | "currentStepId" | "waitUntil" | "heldBy" | "invitationSentAt" | "invitationAccepted" | "invitationAcceptedAt"
  | "invitationWithdrawnAt" | "messageSentAt" | "lastReplyAt" | "emailOpenedAt" | "emailClickedAt" | "finishedAt" | "createdAt" | "error"
>;
/** The columns of its lead the API shows beside them. */
export type CampaignLeadViewLead = Pick<
  Lead,
  "firstName" | "lastName" | "headline" | "company" | "picture" | "profileUrl" | "publicIdentifier" | "email" | "emailOptOut" | "emailOptOutAt" | "openProfile" | "customVariables"
>;

/** One campaign lead as the API shows it, from its row, its lead's, and the variant it got at each step. */
export function campaignLeadView(row: CampaignLeadViewRow, lead: CampaignLeadViewLead, variantIds: Record<string, string>): TCampaignLead {
  return {
    id: row.id,
    campaignId: row.campaignId,
    leadId: row.leadId,
    linkedinAccountId: row.linkedinAccountId,
    emailAccountId: row.emailAccountId,
    status: row.status,
    firstName: lead.firstName,
    lastName: lead.lastName,
    headline: lead.headline,
    company: lead.company,
    picture: lead.picture,
    profileUrl: lead.profileUrl,
    publicIdentifier: lead.publicIdentifier,
    email: lead.email,
    emailOptOut: lead.emailOptOut,
    emailOptOutAt: toIso(lead.emailOptOutAt),
    openProfile: lead.openProfile,
    customVariables: { ...readCustomVariables(lead.customVariables), ...readCustomVariables(row.customVariables) },
    interest: row.interest,
    interestBy: row.interestBy,
    outcome: row.outcome,
    currentStepId: row.currentStepId,
    variantIds,
    waitUntil: row.status === "pending" || row.status === "running" ? toIso(row.waitUntil) : null,
    heldBy: readHeldBy(row.heldBy),
    invitationSentAt: toIso(row.invitationSentAt),
    invitationAccepted: row.invitationAccepted,
    invitationAcceptedAt: toIso(row.invitationAcceptedAt),
    invitationWithdrawnAt: toIso(row.invitationWithdrawnAt),
    messageSentAt: toIso(row.messageSentAt),
    lastReplyAt: toIso(row.lastReplyAt),
    emailOpenedAt: toIso(row.emailOpenedAt),
    emailClickedAt: toIso(row.emailClickedAt),
    finishedAt: toIso(row.finishedAt),
    createdAt: row.createdAt.toISOString(),
    error: row.error,
  };
}

/** Campaign leads as the API shows them, with the A/B variant each got at every step it reached. */
export async function toCampaignLeads(rows: Array<CampaignLead & { lead: Lead }>, client: DbClient = db): Promise<TCampaignLead[]> {
  if (!rows.length) return [];
  const journal = await client.campaignLeadStep.findMany({
    where: { campaignLeadId: { in: rows.map((row) => row.id) }, variantId: { not: null } },
    select: { campaignLeadId: true, stepId: true, variantId: true },
  });
  const variants = new Map<string, Record<string, string>>();
  for (const entry of journal) {
    variants.set(entry.campaignLeadId, { ...(variants.get(entry.campaignLeadId) ?? {}), [entry.stepId]: entry.variantId! });
  }
  return rows.map(({ lead, ...row }) => campaignLeadView(row, lead, variants.get(row.id) ?? {}));
}
