// A reply written in the inbox to a LinkedIn conversation: sent through the conversation's sender,
// as a direct action is (the intent recorded within the sender's daily message cap first, LinkedIn's
// failures answered as the API answers them), then stored as the chat's message with the
// provider's id, so that the provider reporting the same message later records nothing twice.
// message.sent fires with source `manual`, and the conversation is read.
import { db } from "../../db/client";
import type { Lead, LinkedinAccount } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { getLinkedinProvider } from "../../providers/linkedin";
import type { SentMessage } from "../../providers/linkedin/types";
import type { TConversationMessage } from "../../schemas/inbox";
import { failSenderAction } from "../direct-actions/fail-sender-action";
import { reserveOrRefuse } from "../direct-actions/reserve-sender-action";
import { withOutbox } from "../events/with-outbox";
import { leadSummary } from "../leads/lead-summary";
import { linkedinConversationMessage } from "./conversation-messages";
import type { ConversationRow } from "./to-conversation-summaries";

export async function replyOnLinkedin(conversation: ConversationRow, sender: LinkedinAccount, lead: Lead, text: string): Promise<TConversationMessage> {
  const provider = await getLinkedinProvider();
  const action = await db.$transaction((tx) =>
    reserveOrRefuse(tx, sender, {
      type: "message",
      source: "manual",
      leadId: lead.id,
      profileUrl: lead.profileUrl,
      publicIdentifier: lead.publicIdentifier,
      honourWeeklyBypass: true,
    }),
  );
  let sent: SentMessage;
  try {
    sent = await provider.sendMessage(sender.providerAccountId, { memberId: lead.memberId!, text });
  } catch (error) {
    return failSenderAction(sender, action.id, error);
  }
  const at = now();
  const message = await withOutbox(async (tx, emit) => {
    await tx.senderAction.update({
      where: { id: action.id },
      data: { status: "done", providerRef: sent.messageId, chatId: sent.chatId, sentAt: at, updatedAt: at },
    });
    const stored = await tx.linkedinMessage.createMany({
      data: [
        {
          workspaceId: sender.workspaceId,
          accountId: sender.id,
          leadId: lead.id,
          chatId: sent.chatId,
          providerMessageId: sent.messageId,
          direction: "outbound",
          source: "manual",
          text,
          at: new Date(sent.sentAt),
          createdAt: at,
        },
      ],
      skipDuplicates: true,
    });
    await tx.conversation.updateMany({ where: { id: conversation.id }, data: { unread: false, updatedAt: at } });
    await tx.lead.update({ where: { id: lead.id }, data: { lastActivityAt: at } });
    // Stored already: the provider reported the message first, and message.sent fired then.
    if (stored.count) {
      await emit({
        workspaceId: sender.workspaceId,
        event: "message.sent",
        data: {
          source: "manual",
          accountId: sender.id,
          // The spec names the campaign only when the campaign sent the message; an inbox reply is not its.
          campaignLeadId: null,
          campaignId: null,
          leadId: lead.id,
          chatId: sent.chatId,
          message: { text, at: new Date(sent.sentAt).toISOString() },
          to: leadSummary(lead),
        },
      });
    }
    return tx.linkedinMessage.findUniqueOrThrow({ where: { providerMessageId: sent.messageId } });
  });
  return linkedinConversationMessage(message);
}
