import type { Prisma } from "../../../db/client";
import type { Interest } from "../../../providers/ai/types";
import type { Emit } from "../../events/with-outbox";
import { setCampaignLeadStatus } from "./settle-campaign-lead";

/**
 * A lead replied to a sender: every campaign of that lead with that sender ends its sequence with
 * `replied` (lead.status_changed). Returns the campaign lead to name in message.received.
 */
export async function onReplyReceived(
  tx: Prisma.TransactionClient,
  emit: Emit,
  input: { accountId: string; leadId: string; at: Date; interest: Interest | null },
): Promise<{ campaignLeadId: string; campaignId: string } | null> {
  const campaignLeads = await tx.campaignLead.findMany({
    where: { leadId: input.leadId, linkedinAccountId: input.accountId, status: { in: ["pending", "running", "paused"] } },
    include: { lead: true, campaign: { select: { aiInterestEnabled: true } } },
    orderBy: { createdAt: "desc" },
  });
  for (const { campaign, ...campaignLead } of campaignLeads) {
    await setCampaignLeadStatus(
      tx,
      emit,
      campaignLead,
      "replied",
      { lastReplyAt: input.at, ...(campaign.aiInterestEnabled && input.interest ? { interest: input.interest, interestBy: "ai" } : {}) },
      ["pending", "running", "paused"],
    );
  }
  const first = campaignLeads[0];
  return first ? { campaignLeadId: first.id, campaignId: first.campaignId } : null;
}
