// A lead answered by e-mail: its campaigns through this mailbox end with `replied` (the same rule as
// a LinkedIn reply), and email.received fires, for every reply: a second one in a thread whose lead
// has already replied fires it again and changes nothing else.
import type { Prisma } from "../../../db/client";
import type { EmailMessage, Mailbox } from "../../../db/generated/client";
import type { Interest } from "../../../providers/ai/types";
import { onReplyReceived } from "../../campaigns/executor/on-reply-received";
import { emailChatId } from "../../campaigns/executor/record-email-sent";
import type { Emit } from "../../events/with-outbox";
import type { IncomingMatch, IncomingOutcome } from "./inbound-types";

export async function recordEmailReply(
  tx: Prisma.TransactionClient,
  emit: Emit,
  input: { mailbox: Mailbox; stored: EmailMessage; match: IncomingMatch; interest: Interest | null },
): Promise<IncomingOutcome> {
  const { mailbox, stored, match } = input;
  const lead = match.leadId ? await tx.lead.findUnique({ where: { id: match.leadId } }) : null;
  if (!lead) return "unmatched";
  const at = stored.sentAt ?? stored.createdAt;
  // Reading old mail (a mailbox's first read) never moves the lead's activity back in time.
  await tx.lead.updateMany({ where: { id: lead.id, OR: [{ lastActivityAt: null }, { lastActivityAt: { lt: at } }] }, data: { lastActivityAt: at } });
  const ended = await onReplyReceived(tx, emit, {
    channel: { emailAccountId: mailbox.id, campaignLeadId: match.campaignLeadId },
    leadId: lead.id,
    at,
    interest: input.interest,
  });
  const campaignLeadId = match.campaignLeadId ?? ended?.campaignLeadId ?? null;
  const campaignId = match.campaignLeadId ? match.campaignId : (ended?.campaignId ?? null);
  // The e-mail funnel counts a lead's replies once, from the first.
  if (campaignLeadId) await tx.campaignLead.updateMany({ where: { id: campaignLeadId, emailRepliedAt: null }, data: { emailRepliedAt: at } });
  // A reply by address to a lead whose campaign had not e-mailed it yet still belongs to that campaign.
  if (campaignLeadId && !stored.campaignLeadId) {
    await tx.emailMessage.update({ where: { id: stored.id }, data: { campaignLeadId, campaignId, source: "campaign" } });
  }
  await emit({
    workspaceId: mailbox.workspaceId,
    event: "email.received",
    data: {
      source: campaignLeadId ? "campaign" : "direct",
      accountId: mailbox.id,
      campaignLeadId,
      campaignId,
      leadId: lead.id,
      chatId: emailChatId(mailbox.id, stored.threadRootId),
      email: { subject: stored.subject, messageId: stored.messageId },
      message: { text: stored.text, at: at.toISOString() },
      from: { firstName: lead.firstName, lastName: lead.lastName, publicIdentifier: lead.publicIdentifier, email: stored.fromAddress || lead.email },
      // Kept for endpoints that classify replies; the dispatcher sends null to the others.
      classification: { interest: input.interest },
    },
  });
  return "reply";
}
