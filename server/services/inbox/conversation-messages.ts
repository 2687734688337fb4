// A conversation's messages, oldest first. LinkedIn: the chat's messages with the conversation's
// sender. E-mail: the thread's e-mails of its mailbox with a lead, as the conversation counts them
// (inbound replies and auto-replies; outbound e-mails being sent, sent, failed or bounced, with what
// the bounce said); bounce and complaint reports are about an e-mail, not part of the conversation.
import { z } from "zod";
import { db, type DbClient } from "../../db/client";
import type { EmailMessage, LinkedinMessage } from "../../db/generated/client";
import { signedFileUrl } from "../../lib/signed-file-url";
import type { TConversationMessage } from "../../schemas/inbox";

export const SHOWN_INBOUND_KINDS = ["reply", "auto-reply"];
export const SHOWN_OUTBOUND_STATUSES = ["sending", "sent", "failed", "bounced"];

/** The thread's first Message-ID, from an e-mail conversation's chat id (`email:<mailbox_id>:<message_id>`). */
export function threadRootOfChat(chatId: string, mailboxId: string): string {
  const prefix = `email:${mailboxId}:`;
  return chatId.startsWith(prefix) ? chatId.slice(prefix.length) : chatId;
}

const SOURCES = new Set(["campaign", "direct", "manual"]);
const sourceOf = (source: string): TConversationMessage["source"] => (SOURCES.has(source) ? (source as TConversationMessage["source"]) : "direct");

/** A sent voice message's audio, as LinkedinMessage.voice keeps it (record-step-success.ts SentVoice). */
const ZStoredVoice = z.object({ audioKey: z.string(), durationMs: z.number() });

function voiceNoteOf(message: LinkedinMessage): TConversationMessage["voiceNote"] {
  const stored = ZStoredVoice.safeParse(message.voice);
  if (!stored.success) return null;
  const audio = signedFileUrl(stored.data.audioKey);
  return { audioUrl: audio.url, audioUrlExpiresAt: audio.expiresAt.toISOString(), durationMs: Math.round(stored.data.durationMs) };
}

export function linkedinConversationMessage(message: LinkedinMessage): TConversationMessage {
  const inbound = message.direction === "inbound";
  return {
    id: message.id,
    direction: inbound ? "inbound" : "outbound",
    source: sourceOf(message.source),
    kind: "message",
    text: message.text,
    subject: null,
    at: message.at.toISOString(),
    status: inbound ? "received" : "sent",
    bounce: null,
    voiceNote: voiceNoteOf(message),
  };
}

export function emailConversationMessage(email: EmailMessage): TConversationMessage {
  const inbound = email.direction === "inbound";
  return {
    id: email.id,
    direction: inbound ? "inbound" : "outbound",
    // Inbound e-mails are stored with the lead's own source; the spec knows campaign or direct.
    source: inbound ? (email.campaignLeadId ? "campaign" : "direct") : sourceOf(email.source),
    kind: inbound && email.kind === "auto-reply" ? "auto-reply" : inbound ? "reply" : "message",
    text: email.text,
    subject: email.subject,
    at: (email.sentAt ?? email.createdAt).toISOString(),
    status: inbound ? "received" : email.status,
    bounce: !inbound && email.bounceKind ? { kind: email.bounceKind === "soft" ? "soft" : "hard", message: email.bounceMessage ?? "The e-mail bounced." } : null,
    voiceNote: null,
  };
}

export async function conversationMessages(
  conversation: { channel: string; chatId: string; accountId: string; leadId: string; workspaceId: string },
  client: DbClient = db,
): Promise<TConversationMessage[]> {
  if (conversation.channel === "linkedin") {
    const messages = await client.linkedinMessage.findMany({
      where: { workspaceId: conversation.workspaceId, chatId: conversation.chatId, accountId: conversation.accountId },
      orderBy: [{ at: "asc" }, { id: "asc" }],
    });
    return messages.map(linkedinConversationMessage);
  }
  const emails = await client.emailMessage.findMany({
    where: {
      workspaceId: conversation.workspaceId,
      mailboxId: conversation.accountId,
      leadId: conversation.leadId,
      threadRootId: threadRootOfChat(conversation.chatId, conversation.accountId),
      OR: [
        { direction: "inbound", kind: { in: SHOWN_INBOUND_KINDS } },
        { direction: "outbound", status: { in: SHOWN_OUTBOUND_STATUSES } },
      ],
    },
  });
  return emails
    .map(emailConversationMessage)
    .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
}
