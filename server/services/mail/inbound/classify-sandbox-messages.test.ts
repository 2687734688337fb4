// The sandbox mail network's own messages (server/providers/mail/sandbox) are read as real ones:
// a reply with its quoted history, an RFC 3834 out-of-office, RFC 3464 bounces and an ARF complaint.
import { describe, expect, it } from "vitest";
import { toIncomingEmail } from "../../../providers/mail/smtp/imap-operations";
import type { IncomingEmail } from "../../../providers/mail/types";
import { autoReplyMessage, replyMessage, type OriginalEmail, type RawMessage } from "../../../providers/mail/sandbox/raw-messages";
import { bounceMessage, complaintMessage } from "../../../providers/mail/sandbox/report-messages";
import { classifyIncomingEmail } from "./classify-incoming-email";

const original: OriginalEmail = {
  fromAddress: "rep@sender.example",
  toAddress: "Zoe.Brandt@prospect.example",
  messageId: "<first@sender.example>",
  subject: "Un café, Zoë ?",
  text: "Bonjour Zoë,\nUn café la semaine prochaine ?\n\nRep",
  sentAt: new Date("2026-03-02T09:00:00Z"),
  headers: { "message-id": "<first@sender.example>", from: "<rep@sender.example>", to: "<Zoe.Brandt@prospect.example>", subject: "=?UTF-8?B?VW4gY2Fmw6ksIFpvw6sgPw==?=" },
};
const at = new Date("2026-03-02T10:00:00Z");

/** The message as the sandbox provider hands it (fetchIncoming: its stored fields, headers not decoded). */
function asSandboxProviderReadsIt(message: RawMessage): IncomingEmail {
  return {
    uid: "1",
    messageId: message.messageId,
    inReplyTo: message.inReplyTo,
    references: message.headers.references?.split(/\s+/).filter(Boolean) ?? [],
    from: { name: message.fromName, address: message.fromAddress },
    to: [{ name: null, address: original.fromAddress }],
    subject: message.subject,
    text: message.text,
    html: null,
    headers: message.headers,
    raw: message.raw,
    receivedAt: at.toISOString(),
  };
}

const READERS: Array<[name: string, read: (message: RawMessage) => Promise<IncomingEmail>]> = [
  ["as the sandbox provider hands them", async (message) => asSandboxProviderReadsIt(message)],
  ["as an IMAP mailbox would hand them", (message) => toIncomingEmail(1, Buffer.from(message.raw, "utf8"), at)],
];

describe.each(READERS)("classifying the sandbox network's messages %s", (_, read) => {
  const classify = async (message: RawMessage) => classifyIncomingEmail(await read(message));

  it("reads a reply without the history it quotes", async () => {
    const reply = replyMessage(original, { text: "Avec plaisir !\nMardi 10 h ?", fromName: "Zoë Brandt", at });
    expect(reply.raw).toContain("wrote:\r\n> Bonjour Zoë,");
    expect(await classify(reply)).toEqual({ kind: "reply", text: "Avec plaisir !\nMardi 10 h ?" });
  });

  it("reads an out-of-office answer as an auto-reply with its return date", async () => {
    expect(await classify(autoReplyMessage(original, { fromName: null, at }))).toEqual({ kind: "auto-reply", reason: "Auto-Submitted: auto-replied", returnDate: "2026-03-09" });
  });

  it("reads a hard bounce", async () => {
    expect(await classify(bounceMessage(original, { kind: "hard", at }))).toEqual({
      kind: "bounce",
      bounce: {
        severity: "hard",
        action: "failed",
        status: "5.1.1",
        recipient: "zoe.brandt@prospect.example",
        originalMessageId: "<first@sender.example>",
        diagnostic: "550 5.1.1 <Zoe.Brandt@prospect.example>: Recipient address rejected: User unknown in virtual mailbox table",
        message: "The address does not exist (5.1.1)",
      },
    });
  });

  it("reads a soft bounce", async () => {
    const result = await classify(bounceMessage(original, { kind: "soft", at }));
    expect(result).toMatchObject({ kind: "bounce", bounce: { severity: "soft", status: "4.2.2", recipient: "zoe.brandt@prospect.example", originalMessageId: "<first@sender.example>", message: "Temporarily not delivered: the mailbox is full (4.2.2)" } });
  });

  it("reads a spam complaint", async () => {
    expect(await classify(complaintMessage(original, { at }))).toEqual({
      kind: "complaint",
      complaint: { feedbackType: "abuse", recipient: "zoe.brandt@prospect.example", originalMessageId: "<first@sender.example>", message: "The recipient reported the e-mail as spam" },
    });
  });
});
