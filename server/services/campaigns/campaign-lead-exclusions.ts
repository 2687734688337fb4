import type { Prisma } from "../../db/client";
import type { Campaign } from "../../db/generated/client";
import type { TSkippedLead } from "../../schemas/lead";

/**
 * Why leads cannot join a campaign: already in it, on one of its exclusion lists, or (with
 * excludeOtherSenders) already contacted by a sender outside its pool. Leads absent from the map may join.
 */
export async function campaignLeadExclusions(
  tx: Prisma.TransactionClient,
  campaign: Campaign,
  leadIds: string[],
): Promise<Map<string, TSkippedLead["reason"]>> {
  const reasons = new Map<string, TSkippedLead["reason"]>();
  if (!leadIds.length) return reasons;
  const [inCampaign, excluded, contacted] = await Promise.all([
    tx.campaignLead.findMany({ where: { campaignId: campaign.id, leadId: { in: leadIds } }, select: { leadId: true } }),
    campaign.excludeListIds.length
      ? tx.leadListEntry.findMany({ where: { listId: { in: campaign.excludeListIds }, leadId: { in: leadIds } }, select: { leadId: true } })
      : [],
    campaign.excludeOtherSenders
      ? tx.senderAction.findMany({
          where: { workspaceId: campaign.workspaceId, leadId: { in: leadIds }, sentAt: { not: null }, accountId: { notIn: campaign.linkedinAccountIds } },
          select: { leadId: true },
        })
      : [],
  ]);
  for (const row of contacted) reasons.set(row.leadId, "contacted-by-other-sender");
  for (const row of excluded) reasons.set(row.leadId, "excluded-list");
  for (const row of inCampaign) reasons.set(row.leadId, "already-in-campaign");
  return reasons;
}
