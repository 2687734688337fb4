// Whether a conversation can be answered now, and if not why, in plain words: the inbox shows the
// reason beside a disabled reply box, and a reply sent anyway is refused with it.
import { db, type DbClient } from "../../db/client";
import type { Lead, LinkedinAccount, Mailbox } from "../../db/generated/client";
import { HeraldError, isHeraldError } from "../../lib/errors";
import { checkSenderCanAct } from "../senders/check-sender-can-act";

export function senderReplyBlocker(sender: LinkedinAccount | null, lead: Lead): HeraldError | null {
  if (!sender) return new HeraldError({ code: "cannot-reply", message: "The sender of this conversation was removed from the workspace: connect it again to reply." });
  try {
    checkSenderCanAct(sender);
  } catch (error) {
    if (isHeraldError(error)) return error;
    throw error;
  }
  if (!lead.memberId) return new HeraldError({ code: "cannot-reply", message: "LinkedIn has not told Herald who this lead is yet: reply from LinkedIn." });
  return null;
}

export function mailboxReplyBlocker(mailbox: Mailbox | null, recipient: string | null, facts: { optedOut: boolean; deadAddress: boolean }): HeraldError | null {
  if (!mailbox) return new HeraldError({ code: "mailbox-not-ready", message: "The mailbox of this conversation was removed from the workspace: connect it again to reply." });
  if (mailbox.status === "error") {
    return new HeraldError({ code: "mailbox-not-ready", message: `Reconnect the mailbox ${mailbox.email} to reply: ${mailbox.error ?? "its mail server refused it"}` });
  }
  if (mailbox.status !== "connected") return new HeraldError({ code: "mailbox-not-ready", message: `The mailbox ${mailbox.email} is not connected: connect it to reply.` });
  if (mailbox.paused) return new HeraldError({ code: "mailbox-not-ready", message: `The mailbox ${mailbox.email} is paused: resume it to reply.` });
  if (!recipient) return new HeraldError({ code: "cannot-reply", message: "This lead has no e-mail address." });
  if (facts.optedOut) return new HeraldError({ code: "cannot-reply", message: "This lead unsubscribed from your e-mails." });
  if (facts.deadAddress) return new HeraldError({ code: "cannot-reply", message: `E-mails to ${recipient} bounce: the address does not receive mail.` });
  return null;
}

/** The address a reply goes to: the lead's, or the one Herald last wrote to in this thread. */
export function replyRecipient(lead: Lead, lastOutboundTo: string | null): string | null {
  return (lead.email?.trim() || lastOutboundTo?.trim() || "").toLowerCase() || null;
}

/** What stands between the conversation and a reply now (null: it can be answered), with the facts it was judged on. */
export async function findReplyBlocker(
  conversation: { channel: string; accountId: string; leadId: string; workspaceId: string; chatId: string },
  client: DbClient = db,
) {
  const lead = await client.lead.findUniqueOrThrow({ where: { id: conversation.leadId } });
  if (conversation.channel === "linkedin") {
    const sender = await client.linkedinAccount.findFirst({ where: { id: conversation.accountId, workspaceId: conversation.workspaceId } });
    return { channel: "linkedin" as const, lead, sender, blocker: senderReplyBlocker(sender, lead) };
  }
  const [mailbox, lastOutbound] = await Promise.all([
    client.mailbox.findFirst({ where: { id: conversation.accountId, workspaceId: conversation.workspaceId } }),
    client.emailMessage.findFirst({
      where: { mailboxId: conversation.accountId, leadId: conversation.leadId, direction: "outbound" },
      orderBy: { createdAt: "desc" },
      select: { toAddress: true },
    }),
  ]);
  const recipient = replyRecipient(lead, lastOutbound?.toAddress ?? null);
  const dead = recipient
    ? await client.deadEmailAddress.findUnique({ where: { workspaceId_address: { workspaceId: conversation.workspaceId, address: recipient } }, select: { address: true } })
    : null;
  return { channel: "email" as const, lead, mailbox, recipient, blocker: mailboxReplyBlocker(mailbox, recipient, { optedOut: lead.emailOptOut, deadAddress: Boolean(dead) }) };
}
