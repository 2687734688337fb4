// Test support for incoming e-mail: what the sandbox network would hand a mailbox about one of
// Herald's sent e-mails (a reply, an out-of-office, a bounce, a complaint), read as a real mailbox
// reads it (RFC 5322 bytes through the IMAP reader's parser), and a campaign that sent its first
// e-mails through the real executor.
import { db } from "../db/client";
import type { EmailMessage } from "../db/generated/client";
import { now } from "../lib/clock";
import type { OriginalEmail, RawMessage } from "../providers/mail/sandbox/raw-messages";
import { toIncomingEmail } from "../providers/mail/smtp/imap-operations";
import type { IncomingEmail } from "../providers/mail/types";
import type { TSequenceInput } from "../schemas/sequence";
import { takeMailboxTurn } from "../services/campaigns/executor/take-mailbox-turn";
import { recordingMailProvider, setupEmailCampaign } from "./email-campaign";

let uid = 0;

/** A sent e-mail as the answers to it quote it. */
export function originalOf(email: EmailMessage): OriginalEmail {
  return {
    fromAddress: email.fromAddress,
    toAddress: email.toAddress,
    messageId: email.messageId,
    subject: email.subject,
    text: email.text,
    sentAt: email.sentAt ?? now(),
    headers: { from: `<${email.fromAddress}>`, to: `<${email.toAddress}>`, subject: email.subject, "message-id": email.messageId },
  };
}

/** A raw message (the sandbox's, or one written by hand) as the mailbox reader hands it over. */
export async function incoming(message: RawMessage | string): Promise<IncomingEmail> {
  uid += 1;
  const raw = typeof message === "string" ? message.replace(/\r?\n/g, "\r\n") : message.raw;
  return toIncomingEmail(uid, Buffer.from(raw, "utf8"), now());
}

/** An e-mail campaign whose first step went out to each lead, one per mailbox turn. */
export async function campaignWithFirstEmails(options: { leads: Array<{ email: string; firstName?: string }>; sequence: TSequenceInput }) {
  recordingMailProvider();
  const setup = await setupEmailCampaign({ sequence: options.sequence, leads: options.leads });
  const mailboxId = setup.mailboxIds[0]!;
  for (let index = 0; index < options.leads.length; index++) {
    const mailbox = await db.mailbox.findUniqueOrThrow({ where: { id: mailboxId } });
    if (mailbox.nextSendAt && mailbox.nextSendAt > now()) setup.clock.set(mailbox.nextSendAt);
    if (!(await takeMailboxTurn(mailboxId, now()))) throw new Error("The mailbox sent nothing in its turn");
  }
  const mailbox = await db.mailbox.findUniqueOrThrow({ where: { id: mailboxId } });
  const sent = await db.emailMessage.findMany({ where: { campaignId: setup.campaign.id, direction: "outbound" }, orderBy: { sentAt: "asc" } });
  const byAddress = (address: string) => sent.find((email) => email.toAddress.toLowerCase() === address.toLowerCase())!;
  return { ...setup, mailbox, sent, byAddress };
}
