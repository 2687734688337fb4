// Cross-campaign exclusions as the executor reads them: the campaign running the same person that
// holds a lead (exclusions.ts's holdsLead, asked of the database). Sender and mailbox turns alike.
import { db } from "../../../db/client";
import type { Campaign } from "../../../db/generated/client";
import type { Holder } from "../../../domain/sequence/decide-step";
import { exclusionScope } from "../../../domain/sequence/exclusions";
import type { LeadInCampaign } from "./perform-lead-step";

/** Another campaign running the same person, per the campaign's exclusions (cross-campaign or same sender). */
export async function heldBy(lead: LeadInCampaign, campaign: Campaign): Promise<Holder | null> {
  const scope = exclusionScope(campaign);
  if (!scope) return null;
  // The query asks what holdsLead says: the same person, running in another campaign (of the same sender).
  const other = await db.campaignLead.findFirst({
    where: {
      leadId: lead.leadId,
      campaignId: { not: campaign.id },
      status: "running",
      ...(scope === "any-sender" ? {} : { linkedinAccountId: lead.linkedinAccountId }),
    },
    include: { campaign: { select: { id: true, name: true } } },
    orderBy: { seq: "asc" },
  });
  if (!other) return null;
  const holder = other.linkedinAccountId ? await db.linkedinAccount.findUnique({ where: { id: other.linkedinAccountId }, select: { label: true, fullName: true } }) : null;
  return { campaignId: other.campaign.id, campaignName: other.campaign.name, senderName: holder ? holder.label || holder.fullName : null };
}

