// What an incoming e-mail belongs to. A reply names the e-mails it answers in In-Reply-To and
// References: the first of them that Herald sent (In-Reply-To, then References newest first) gives
// the lead, the campaign and the thread. A bounce or a complaint carries the original's Message-ID
// (else its recipient). Mail apps that drop those headers leave the sender's address: a lead this
// mailbox wrote to, or any lead of the workspace with that address (a conversation of its own).
import { db } from "../../../db/client";
import type { EmailMessage, Mailbox } from "../../../db/generated/client";
import type { IncomingEmail } from "../../../providers/mail/types";
import type { IncomingClassification, IncomingMatch } from "./inbound-types";

type Outbound = Pick<EmailMessage, "id" | "mailboxId" | "messageId" | "leadId" | "campaignLeadId" | "campaignId" | "threadRootId">;

const OUTBOUND_FIELDS = { id: true, mailboxId: true, messageId: true, leadId: true, campaignLeadId: true, campaignId: true, threadRootId: true } as const;

/** A Message-ID as stored: trimmed, with its angle brackets. */
function normalizeMessageId(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  return trimmed.startsWith("<") ? trimmed : `<${trimmed}>`;
}

/** The Message-IDs a reply names, the likeliest first: In-Reply-To, then References newest first. */
export function referencedMessageIds(email: Pick<IncomingEmail, "inReplyTo" | "references">): string[] {
  const named = [...(email.inReplyTo ?? "").split(/\s+/), ...[...email.references].reverse()];
  return [...new Set(named.map(normalizeMessageId).filter((id): id is string => id !== null))];
}

/** The first of `messageIds` (in their order) that Herald sent from the workspace, this mailbox's copy first. */
async function findOutboundByMessageId(mailbox: Mailbox, messageIds: string[]): Promise<Outbound | null> {
  if (!messageIds.length) return null;
  const rows = await db.emailMessage.findMany({
    where: { workspaceId: mailbox.workspaceId, messageId: { in: messageIds.slice(0, 100) }, direction: "outbound" },
    select: OUTBOUND_FIELDS,
  });
  const rank = (row: Outbound) => messageIds.indexOf(row.messageId) * 2 + (row.mailboxId === mailbox.id ? 0 : 1);
  return rows.sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

/** This mailbox's latest e-mail that left for an address (compared without regard to case). */
async function latestOutboundTo(mailbox: Mailbox, address: string): Promise<Outbound | null> {
  const rows = await db.$queryRaw<Outbound[]>`
    SELECT id, "mailboxId", "messageId", "leadId", "campaignLeadId", "campaignId", "threadRootId" FROM "EmailMessage"
     WHERE "mailboxId" = ${mailbox.id} AND direction = 'outbound' AND "sentAt" IS NOT NULL AND lower("toAddress") = lower(${address})
     ORDER BY "sentAt" DESC, id DESC LIMIT 1`;
  return rows[0] ?? null;
}

function fromOutbound(by: IncomingMatch["by"], outbound: Outbound): IncomingMatch {
  return {
    by,
    leadId: outbound.leadId,
    campaignLeadId: outbound.campaignLeadId,
    campaignId: outbound.campaignId,
    outboundEmailId: outbound.id,
    threadRootId: outbound.threadRootId,
  };
}

/** A report (bounce, complaint) about one of Herald's e-mails: by the original's Message-ID, else by its recipient. */
async function matchReport(mailbox: Mailbox, report: { originalMessageId: string | null; recipient: string | null }, messageId: string): Promise<IncomingMatch> {
  const original = report.originalMessageId ? normalizeMessageId(report.originalMessageId) : null;
  const byId = original ? await findOutboundByMessageId(mailbox, [original]) : null;
  if (byId) return fromOutbound("headers", byId);
  const byRecipient = report.recipient ? await latestOutboundTo(mailbox, report.recipient) : null;
  if (byRecipient) return fromOutbound("address", byRecipient);
  return none(messageId);
}

/** A reply by its sender's address: a lead this mailbox wrote to (the thread it wrote in), else any lead of the workspace with it. */
async function matchByAddress(mailbox: Mailbox, address: string, messageId: string): Promise<IncomingMatch> {
  const outbound = await latestOutboundTo(mailbox, address);
  if (outbound?.leadId) return fromOutbound("address", outbound);
  const leads = await db.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM "Lead" WHERE "workspaceId" = ${mailbox.workspaceId} AND lower(email) = lower(${address}) ORDER BY "createdAt", id LIMIT 1`;
  const lead = leads[0];
  if (!lead) return none(messageId);
  return { by: "address", leadId: lead.id, campaignLeadId: null, campaignId: null, outboundEmailId: null, threadRootId: messageId };
}

function none(messageId: string): IncomingMatch {
  return { by: "none", leadId: null, campaignLeadId: null, campaignId: null, outboundEmailId: null, threadRootId: messageId };
}

export async function matchIncomingEmail(mailbox: Mailbox, email: IncomingEmail, classification: IncomingClassification, messageId: string): Promise<IncomingMatch> {
  if (classification.kind === "bounce") return matchReport(mailbox, classification.bounce, messageId);
  if (classification.kind === "complaint") return matchReport(mailbox, classification.complaint, messageId);
  const address = email.from?.address.trim();
  // The mailbox's own e-mails (a copy to itself, a reply someone sent from it elsewhere) are nobody's reply.
  if (!address || address.toLowerCase() === mailbox.email.toLowerCase()) return none(messageId);
  const byHeaders = await findOutboundByMessageId(mailbox, referencedMessageIds(email));
  if (byHeaders?.leadId) return fromOutbound("headers", byHeaders);
  return matchByAddress(mailbox, address, messageId);
}
