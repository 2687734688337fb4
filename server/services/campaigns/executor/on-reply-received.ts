import type { Prisma } from "../../../db/client";
import type { Interest } from "../../../providers/ai/types";
import { now } from "../../../lib/clock";
import type { Emit } from "../../events/with-outbox";
import { setCampaignLeadStatus } from "./settle-campaign-lead";

const ACTIVE = ["pending", "running", "paused"] as const;

/**
 * Where a reply arrived: a sender's LinkedIn chat, or a mailbox (with the campaign lead its thread
 * belongs to, when the reply was matched to one of the campaign's e-mails).
 */
export type ReplyChannel = { linkedinAccountId: string } | { emailAccountId: string; campaignLeadId: string | null };

/** The campaign leads a reply ends: the lead's active ones on the account the reply came through. */
export function repliedCampaignLeadsWhere(leadId: string, channel: ReplyChannel): Prisma.CampaignLeadWhereInput {
  const account: Prisma.CampaignLeadWhereInput =
    "linkedinAccountId" in channel
      ? { linkedinAccountId: channel.linkedinAccountId }
      : { OR: [{ emailAccountId: channel.emailAccountId }, ...(channel.campaignLeadId ? [{ id: channel.campaignLeadId }] : [])] };
  return { leadId, status: { in: [...ACTIVE] }, ...account };
}

/**
 * A lead replied (on LinkedIn to a sender, or by e-mail to a mailbox): every campaign of that lead
 * through that account ends its sequence with `replied` (lead.status_changed), with `lastReplyAt`,
 * and the reply's interest where the campaign asks for it. Returns the campaign lead to name in
 * message.received / email.received: the matched one for an e-mail, else the latest.
 */
export async function onReplyReceived(
  tx: Prisma.TransactionClient,
  emit: Emit,
  input: { channel: ReplyChannel; leadId: string; at: Date; interest: Interest | null },
): Promise<{ campaignLeadId: string; campaignId: string } | null> {
  // A reply to a campaign that is done with the lead (a late answer to its last message, or after a
  // stop) is a reply all the same: the lead keeps its status and the analytics count it (repliedAt
  // follows lastReplyAt). An e-mail's reply marks its thread's campaign lead (emailRepliedAt).
  if ("linkedinAccountId" in input.channel) {
    await tx.campaignLead.updateMany({
      where: { leadId: input.leadId, linkedinAccountId: input.channel.linkedinAccountId, status: { notIn: [...ACTIVE] }, contactedAt: { not: null }, lastReplyAt: null },
      data: { lastReplyAt: input.at, updatedAt: now() },
    });
  }
  const campaignLeads = await tx.campaignLead.findMany({
    where: repliedCampaignLeadsWhere(input.leadId, input.channel),
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
      [...ACTIVE],
    );
  }
  const matched = "campaignLeadId" in input.channel ? input.channel.campaignLeadId : null;
  const named = campaignLeads.find((campaignLead) => campaignLead.id === matched) ?? campaignLeads[0];
  return named ? { campaignLeadId: named.id, campaignId: named.campaignId } : null;
}
