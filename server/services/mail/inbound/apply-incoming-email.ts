// What an incoming e-mail does, once classified and matched (docs/email-replies.md): a reply ends the
// lead's campaigns through the mailbox and fires email.received; an auto-reply is kept and does
// nothing (the sequence goes on); a bounce or a complaint acts on the e-mail it reports; an
// unsubscribe request sent to the List-Unsubscribe mailto: address opts the address out. What
// matches no lead or no e-mail of Herald's is kept as `unmatched` and fires nothing.
import { db, type Prisma } from "../../../db/client";
import type { EmailMessage, Mailbox } from "../../../db/generated/client";
import type { IncomingEmail } from "../../../providers/mail/types";
import { classifyReply } from "../../campaigns/classify-reply";
import { unsubscribeAddressIn } from "../../campaigns/unsubscribe-address";
import { wantsReplyClassification } from "../../campaigns/wants-reply-classification";
import { isMailtoUnsubscribeRequest } from "../tracking/unsubscribe-parts";
import type { Emit } from "../../events/with-outbox";
import type { IncomingClassification, IncomingMatch, IncomingOutcome, PreparedIncoming } from "./inbound-types";
import { recordEmailBounce } from "./record-email-bounce";
import { recordEmailComplaint } from "./record-email-complaint";
import { recordEmailReply } from "./record-email-reply";

const MAILTO_UNSUBSCRIBE = "An unsubscribe request sent to the List-Unsubscribe address: the address is opted out";

/** An unsubscribe request from a lead, sent by its mail app to the mailto: address of List-Unsubscribe. */
function isUnsubscribeRequest(email: Pick<IncomingEmail, "subject">, classification: IncomingClassification, match: IncomingMatch): boolean {
  return (classification.kind === "reply" || classification.kind === "auto-reply") && match.leadId !== null && isMailtoUnsubscribeRequest(email.subject);
}

/**
 * Before the transaction: the reply's AI classification (a paid call), when a campaign the reply
 * ends sets the lead's interest or a webhook endpoint asked for classified email.received, as for
 * LinkedIn replies. A message already stored (read again), and an unsubscribe request (no reply),
 * are not classified.
 */
export async function prepareIncomingEmail(
  mailbox: Mailbox,
  classification: IncomingClassification,
  match: IncomingMatch,
  messageId: string,
  email?: Pick<IncomingEmail, "subject">,
): Promise<PreparedIncoming> {
  if (classification.kind !== "reply" || !match.leadId || !classification.text.trim()) return { interest: null };
  if (email && isUnsubscribeRequest(email, classification, match)) return { interest: null };
  const seen = await db.emailMessage.findUnique({ where: { mailboxId_messageId: { mailboxId: mailbox.id, messageId } }, select: { id: true } });
  if (seen) return { interest: null };
  const wanted = await wantsReplyClassification({
    workspaceId: mailbox.workspaceId,
    leadId: match.leadId,
    channel: { emailAccountId: mailbox.id, campaignLeadId: match.campaignLeadId },
    event: "email.received",
  });
  return { interest: wanted ? await classifyReply(mailbox.workspaceId, classification.text, messageId) : null };
}

/** In the transaction that stored the message: what it does to leads, addresses, the mailbox, and the events it fires. */
export async function applyIncomingEmail(
  tx: Prisma.TransactionClient,
  emit: Emit,
  input: { mailbox: Mailbox; stored: EmailMessage; email: IncomingEmail; classification: IncomingClassification; match: IncomingMatch; prepared: PreparedIncoming },
): Promise<IncomingOutcome> {
  const { mailbox, stored, email, classification, match } = input;
  if (isUnsubscribeRequest(email, classification, match)) return recordMailtoUnsubscribe(tx, emit, mailbox, stored, match);
  switch (classification.kind) {
    case "reply":
      return recordEmailReply(tx, emit, { mailbox, stored, match, interest: input.prepared.interest });
    case "auto-reply":
      // Kept in the lead's conversation and nothing more: no event, no status, the sequence goes on
      // (a return date does not delay the lead's next step; docs/email-replies.md says why).
      return match.leadId ? "auto-reply" : "unmatched";
    case "bounce":
      return recordEmailBounce(tx, emit, { mailbox, stored, match, bounce: classification.bounce });
    case "complaint":
      return recordEmailComplaint(tx, emit, { mailbox, stored, match, complaint: classification.complaint });
  }
}

/** Stored without counting as a reply (kind unmatched, with the reason), the address opted out as by the link's one-click. */
async function recordMailtoUnsubscribe(tx: Prisma.TransactionClient, emit: Emit, mailbox: Mailbox, stored: EmailMessage, match: IncomingMatch): Promise<IncomingOutcome> {
  await unsubscribeAddressIn(tx, emit, {
    workspaceId: mailbox.workspaceId,
    address: stored.fromAddress,
    source: "one-click",
    emailMessageId: match.outboundEmailId,
    campaignLeadId: match.campaignLeadId,
    mailboxEmail: mailbox.email,
  });
  await tx.emailMessage.update({ where: { id: stored.id }, data: { skipReason: MAILTO_UNSUBSCRIBE } });
  return "unmatched";
}
