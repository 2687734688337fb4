// A reply written in the inbox to an e-mail conversation, sent through the conversation's mailbox as
// an answer in the thread: In-Reply-To the thread's latest e-mail, References the chain from the
// thread's first, "Re: <thread subject>", the mailbox's signature, plain text and simple HTML (no
// tracking and no unsubscribe line: a person writes it). The intent is written first (`sending`),
// then the mail server takes the e-mail, then it is marked sent (the mailbox's `sentCount`, not
// its campaign daily limit, which counts campaign e-mails only) and email.sent fires with source
// `manual`. A failure marks the intent failed and is answered in plain words.
import { db } from "../../db/client";
import type { EmailMessage, Lead, Mailbox } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { logger } from "../../lib/logger";
import { getMailProvider } from "../../providers/mail";
import { isMailProviderError, type MailboxHandle, type MailProvider, type MailProviderName } from "../../providers/mail/types";
import { appendSignature, textToHtml } from "../../domain/mail/email-content";
import { replySubject } from "../../domain/sequence/decide-email-step";
import type { TConversationMessage } from "../../schemas/inbox";
import { randomMessageId } from "../campaigns/executor/perform-email-step";
import { withOutbox } from "../events/with-outbox";
import { mailboxHandle } from "../mail/mailboxes/mailbox-handle";
import { mailErrorReason } from "../mail/mailboxes/mail-error-reason";
import { markMailboxError } from "../mail/mailboxes/mark-mailbox-error";
import { emailConversationMessage, SHOWN_INBOUND_KINDS, threadRootOfChat } from "./conversation-messages";
import type { ConversationRow } from "./to-conversation-summaries";

/** The thread's latest e-mail that went out or came from the lead: what the reply answers. */
async function latestOfThread(mailboxId: string, leadId: string, threadRootId: string) {
  return db.emailMessage.findFirst({
    where: {
      mailboxId,
      leadId,
      threadRootId,
      OR: [{ direction: "inbound", kind: { in: SHOWN_INBOUND_KINDS } }, { direction: "outbound", status: { in: ["sent", "bounced"] } }],
    },
    orderBy: [{ sentAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
  });
}

/** Where the reply sits: after the latest e-mail, its References the chain from the thread's first Message-ID. */
export function replyThreading(threadRootId: string, latest: Pick<EmailMessage, "messageId" | "references"> | null) {
  if (!latest) return { inReplyTo: threadRootId, references: [threadRootId] };
  const chain = [threadRootId, ...latest.references, latest.messageId];
  return { inReplyTo: latest.messageId, references: chain.filter((id, index) => chain.indexOf(id) === index) };
}

async function openMailbox(mailbox: Mailbox): Promise<{ provider: MailProvider; handle: MailboxHandle }> {
  try {
    return { provider: await getMailProvider(mailbox.provider as MailProviderName), handle: mailboxHandle(mailbox) };
  } catch (error) {
    logger.error("A mailbox could not be opened for an inbox reply", { mailboxId: mailbox.id, error });
    throw new HeraldError({ code: "mailbox-not-ready", message: `Reconnect the mailbox ${mailbox.email}: its sign-in could not be read.` });
  }
}

/** What the person is told when the mail server did not take the reply (the mailbox is marked in error when it was signed out). */
async function sendFailure(error: unknown, mailbox: Mailbox, recipient: string): Promise<HeraldError> {
  if (!isMailProviderError(error)) {
    logger.error("An inbox reply could not be sent", { mailboxId: mailbox.id, error });
    return new HeraldError({ code: "email-not-sent", message: `The reply could not be sent from ${mailbox.email}. Try again in a few minutes.` });
  }
  const reason = mailErrorReason(error);
  switch (error.code) {
    case "auth-failed":
    case "oauth-expired":
      await markMailboxError(mailbox.id, error);
      return new HeraldError({ code: "mailbox-not-ready", message: `Reconnect the mailbox ${mailbox.email}: ${reason}` });
    case "sending-refused":
      await markMailboxError(mailbox.id, error);
      return new HeraldError({ code: "mailbox-not-ready", message: `The mail server refuses to send from ${mailbox.email}: ${reason}` });
    case "recipient-refused":
      return new HeraldError({ code: "email-not-sent", message: `The mail server refused ${recipient}: ${reason}` });
    case "timeout":
      return new HeraldError({ code: "email-not-sent", message: `The mail server did not answer in time: the reply may not have gone out. Look in the Sent folder of ${mailbox.email} before sending it again.` });
    default:
      return new HeraldError({ code: "email-not-sent", message: `The reply was not sent from ${mailbox.email}: ${reason}${error.retryable ? " Try again in a few minutes." : ""}` });
  }
}

export async function replyByEmail(conversation: ConversationRow, mailbox: Mailbox, lead: Lead, recipient: string, text: string): Promise<TConversationMessage> {
  const { provider, handle } = await openMailbox(mailbox);
  const threadRootId = threadRootOfChat(conversation.chatId, mailbox.id);
  const latest = await latestOfThread(mailbox.id, lead.id, threadRootId);
  const threading = replyThreading(threadRootId, latest);
  const subject = replySubject(conversation.subject ?? latest?.subject ?? "");
  const body = appendSignature({ text, html: textToHtml(text) }, mailbox.signature);
  const at = now();
  const intent = await db.emailMessage.create({
    data: {
      workspaceId: mailbox.workspaceId,
      mailboxId: mailbox.id,
      leadId: lead.id,
      campaignLeadId: conversation.campaignLeadId,
      campaignId: conversation.campaignId,
      direction: "outbound",
      source: "manual",
      status: "sending",
      messageId: randomMessageId(mailbox.email),
      threadRootId,
      inReplyTo: threading.inReplyTo,
      references: threading.references,
      threaded: true,
      fromAddress: mailbox.email,
      toAddress: recipient,
      subject,
      text: body.text,
      html: body.html,
      createdAt: at,
      updatedAt: at,
    },
  });
  try {
    const fullName = [lead.firstName, lead.lastName].filter(Boolean).join(" ").trim();
    await provider.send(handle, {
      from: { name: mailbox.fromName, address: mailbox.email },
      to: { name: fullName || null, address: recipient },
      subject,
      text: body.text,
      html: body.html,
      messageId: intent.messageId,
      inReplyTo: intent.inReplyTo,
      references: intent.references,
      headers: {},
    });
  } catch (error) {
    const failure = await sendFailure(error, mailbox, recipient);
    await db.emailMessage.update({ where: { id: intent.id }, data: { status: "failed", error: failure.message, updatedAt: now() } });
    throw failure;
  }
  const email = await withOutbox(async (tx, emit) => {
    const sentAt = now();
    const sent = await tx.emailMessage.update({ where: { id: intent.id }, data: { status: "sent", sentAt, updatedAt: sentAt } });
    await tx.mailbox.update({ where: { id: mailbox.id }, data: { sentCount: { increment: 1 }, updatedAt: sentAt } });
    await tx.conversation.updateMany({ where: { id: conversation.id }, data: { unread: false, updatedAt: sentAt } });
    await tx.lead.update({ where: { id: lead.id }, data: { lastActivityAt: sentAt } });
    await emit({
      workspaceId: mailbox.workspaceId,
      event: "email.sent",
      data: {
        source: "manual",
        accountId: mailbox.id,
        campaignLeadId: conversation.campaignLeadId,
        campaignId: conversation.campaignId,
        leadId: lead.id,
        chatId: conversation.chatId,
        message: { text: sent.text, at: sentAt.toISOString() },
        email: { subject, messageId: sent.messageId, to: recipient, threaded: true },
        to: { firstName: lead.firstName, lastName: lead.lastName, email: recipient },
      },
    });
    return sent;
  });
  return emailConversationMessage(email);
}
