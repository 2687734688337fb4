import { db } from "../../db/client";
import { repliedCampaignLeadsWhere, type ReplyChannel } from "./executor/on-reply-received";

/**
 * Whether anyone wants a reply classified (which spends a credit): a campaign the reply ends that
 * sets the lead's interest (aiInterestEnabled), or a webhook endpoint that asked for classified
 * replies of this event. The same rule for LinkedIn replies and e-mail replies.
 */
export async function wantsReplyClassification(input: {
  workspaceId: string;
  leadId: string;
  channel: ReplyChannel;
  event: "message.received" | "email.received";
}): Promise<boolean> {
  const [campaign, endpoint] = await Promise.all([
    db.campaignLead.findFirst({
      where: { AND: [repliedCampaignLeadsWhere(input.leadId, input.channel), { campaign: { aiInterestEnabled: true } }] },
      select: { id: true },
    }),
    db.webhookEndpoint.findFirst({
      where: { workspaceId: input.workspaceId, enabled: true, classifyReplies: true, events: { has: input.event } },
      select: { id: true },
    }),
  ]);
  return Boolean(campaign || endpoint);
}
