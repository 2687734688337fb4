// What happened on LinkedIn, reported by the provider (webhooks, polling, the sandbox network),
// turned into Herald's state and events: acceptances, replies, messages and session problems.
import { db } from "../../db/client";
import type { LinkedinAccount } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";
import type { ProviderActivity } from "../../providers/linkedin/types";
import { withOutbox } from "../events/with-outbox";
import { classifyReply } from "../campaigns/classify-reply";
import { onInvitationAccepted } from "../campaigns/executor/on-invitation-accepted";
import { onReplyReceived } from "../campaigns/executor/on-reply-received";
import { wantsReplyClassification } from "../campaigns/wants-reply-classification";
import { leadSummary } from "../leads/lead-summary";
import { recordSenderSessionState } from "../senders/record-sender-session-state";

async function accountFor(providerName: string, providerAccountId: string): Promise<LinkedinAccount | null> {
  return db.linkedinAccount.findUnique({ where: { provider_providerAccountId: { provider: providerName, providerAccountId } } });
}

async function recordAcceptance(account: LinkedinAccount, activity: Extract<ProviderActivity, { kind: "relation.created" }>) {
  const lead = await db.lead.findFirst({ where: { workspaceId: account.workspaceId, memberId: activity.memberId } });
  if (!lead) return;
  const at = new Date(activity.at);
  await withOutbox(async (tx, emit) => {
    const invitation = await tx.senderAction.findFirst({
      where: { accountId: account.id, leadId: lead.id, type: "invitation", status: { in: ["pending", "sending"] } },
      orderBy: { createdAt: "desc" },
    });
    const campaign = await onInvitationAccepted(tx, emit, { accountId: account.id, leadId: lead.id, at });
    // A new relation is an acceptance only of an invitation Herald sent (or a campaign waited on).
    if (!invitation && !campaign) return;
    if (invitation) {
      await tx.senderAction.update({
        where: { id: invitation.id },
        data: { status: "accepted", acceptedAt: at, openInvitationKey: null, updatedAt: now() },
      });
    }
    await tx.lead.update({ where: { id: lead.id }, data: { lastActivityAt: at } });
    const fromCampaign = invitation ? invitation.source === "campaign" : true;
    await emit({
      workspaceId: account.workspaceId,
      event: "connection.accepted",
      data: {
        source: fromCampaign ? "campaign" : "direct",
        accountId: account.id,
        campaignLeadId: fromCampaign ? (campaign?.campaignLeadId ?? invitation?.campaignLeadId ?? null) : null,
        campaignId: fromCampaign ? (campaign?.campaignId ?? null) : null,
        leadId: lead.id,
        acceptedAt: at.toISOString(),
        lead: leadSummary(lead),
      },
    });
  });
}

async function recordMessage(account: LinkedinAccount, activity: Extract<ProviderActivity, { kind: "message.created" }>) {
  const lead = await db.lead.findFirst({ where: { workspaceId: account.workspaceId, memberId: activity.counterpartMemberId } });
  if (!lead) return;
  if (await db.linkedinMessage.findUnique({ where: { providerMessageId: activity.messageId }, select: { id: true } })) return;
  const at = new Date(activity.at);
  const interest =
    !activity.isFromSender &&
    (await wantsReplyClassification({ workspaceId: account.workspaceId, leadId: lead.id, channel: { linkedinAccountId: account.id }, event: "message.received" }))
      ? await classifyReply(account.workspaceId, activity.text, activity.messageId)
      : null;
  await withOutbox(async (tx, emit) => {
    const stored = await tx.linkedinMessage.createMany({
      data: [
        {
          workspaceId: account.workspaceId,
          accountId: account.id,
          leadId: lead.id,
          chatId: activity.chatId,
          providerMessageId: activity.messageId,
          direction: activity.isFromSender ? "outbound" : "inbound",
          source: activity.isFromSender ? "manual" : "direct",
          text: activity.text,
          at,
          createdAt: now(),
        },
      ],
      skipDuplicates: true,
    });
    // Seen before (Herald sent it, or the provider reported it twice): nothing new happened.
    if (!stored.count) return;
    await tx.lead.update({ where: { id: lead.id }, data: { lastActivityAt: at } });
    const common = {
      accountId: account.id,
      campaignLeadId: null,
      campaignId: null,
      leadId: lead.id,
      chatId: activity.chatId,
      message: { text: activity.text, at: at.toISOString() },
    };
    if (activity.isFromSender) {
      await emit({ workspaceId: account.workspaceId, event: "message.sent", data: { source: "manual", ...common, to: leadSummary(lead) } });
    } else {
      const campaign = await onReplyReceived(tx, emit, { channel: { linkedinAccountId: account.id }, leadId: lead.id, at, interest });
      await emit({
        workspaceId: account.workspaceId,
        event: "message.received",
        data: {
          source: campaign ? "campaign" : "direct",
          ...common,
          campaignLeadId: campaign?.campaignLeadId ?? null,
          campaignId: campaign?.campaignId ?? null,
          from: leadSummary(lead),
          // Kept for endpoints that classify replies; the dispatcher sends null to the others.
          classification: { interest },
        },
      });
    }
  });
}

export async function recordProviderActivity(providerName: string, activity: ProviderActivity): Promise<void> {
  if (activity.kind === "account.state") {
    await recordSenderSessionState({ provider: providerName, providerAccountId: activity.providerAccountId }, activity.state, activity.message);
    return;
  }
  const account = await accountFor(providerName, activity.providerAccountId);
  if (!account) {
    logger.debug("Provider activity for an unknown account", { providerAccountId: activity.providerAccountId, kind: activity.kind });
    return;
  }
  if (activity.kind === "relation.created") await recordAcceptance(account, activity);
  else await recordMessage(account, activity);
}
