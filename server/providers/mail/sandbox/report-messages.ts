// The reports a mail system sends about an e-mail, as real ones write them: delivery status
// notifications for bounces (RFC 3464 multipart/report) and spam complaints in the Abuse Reporting
// Format (RFC 5965), each carrying the original's headers so a reader can tell which e-mail it was.
import { randomUUID } from "node:crypto";
import { CRLF, domainOf, lowerCased, mailDate, newMessageId, originalHeaders, SANDBOX_MAIL_HOST, withCrlf, type OriginalEmail, type RawMessage } from "./raw-messages";

const BOUNCE = {
  hard: {
    status: "5.1.1",
    diagnostic: (address: string) => `smtp; 550 5.1.1 <${address}>: Recipient address rejected: User unknown in virtual mailbox table`,
    reason: "The recipient's address does not exist, so the message could not be delivered.",
  },
  soft: {
    status: "4.2.2",
    diagnostic: (address: string) => `smtp; 452 4.2.2 <${address}>: Mailbox full, try again later`,
    reason: "The recipient's mailbox is full. Delivery was tried for a while and has now been given up.",
  },
} as const;

function boundary(): string {
  return `=_sandbox_${randomUUID().replace(/-/g, "")}`;
}

/** The sending server reports that the e-mail could not be delivered (RFC 3464). */
export function bounceMessage(original: OriginalEmail, input: { kind: "hard" | "soft"; at: Date }): RawMessage {
  const messageId = newMessageId(SANDBOX_MAIL_HOST);
  const separator = boundary();
  const subject = "Undelivered Mail Returned to Sender";
  const bounce = BOUNCE[input.kind];
  const headers: Array<[string, string]> = [
    ["From", `"Mail Delivery System" <MAILER-DAEMON@${SANDBOX_MAIL_HOST}>`],
    ["To", `<${original.fromAddress}>`],
    ["Subject", subject],
    ["Date", mailDate(input.at)],
    ["Message-ID", messageId],
    ["Auto-Submitted", "auto-replied"],
    ["MIME-Version", "1.0"],
    ["Content-Type", `multipart/report; report-type=delivery-status; boundary="${separator}"`],
  ];
  const human = `This is the mail system at host ${SANDBOX_MAIL_HOST}.\n\nI'm sorry to have to inform you that your message could not be delivered to one or more recipients.\n\n<${original.toAddress}>: ${bounce.reason}\n`;
  const status = [
    `Reporting-MTA: dns; ${SANDBOX_MAIL_HOST}`,
    `Arrival-Date: ${mailDate(original.sentAt)}`,
    "",
    `Final-Recipient: rfc822; ${original.toAddress}`,
    `Original-Recipient: rfc822; ${original.toAddress}`,
    "Action: failed",
    `Status: ${bounce.status}`,
    `Remote-MTA: dns; mx.${domainOf(original.toAddress)}`,
    `Diagnostic-Code: ${bounce.diagnostic(original.toAddress)}`,
  ].join(CRLF);
  const body = [
    "This is a MIME-encapsulated message.",
    "",
    `--${separator}`,
    "Content-Type: text/plain; charset=utf-8",
    "Content-Description: Notification",
    "",
    withCrlf(human),
    `--${separator}`,
    "Content-Type: message/delivery-status",
    "Content-Description: Delivery report",
    "",
    status,
    "",
    `--${separator}`,
    "Content-Type: text/rfc822-headers",
    "Content-Description: Undelivered Message Headers",
    "",
    originalHeaders(original),
    "",
    `--${separator}--`,
    "",
  ].join(CRLF);
  return {
    messageId,
    inReplyTo: null,
    fromName: "Mail Delivery System",
    fromAddress: `MAILER-DAEMON@${SANDBOX_MAIL_HOST}`.toLowerCase(),
    subject,
    text: human,
    headers: lowerCased(headers),
    raw: `${headers.map(([name, value]) => `${name}: ${value}`).join(CRLF)}${CRLF}${CRLF}${body}`,
  };
}

/** The prospect's mail provider reports that they marked the e-mail as spam (RFC 5965 ARF). */
export function complaintMessage(original: OriginalEmail, input: { at: Date }): RawMessage {
  const reporter = `fbl@${SANDBOX_MAIL_HOST}`;
  const messageId = newMessageId(SANDBOX_MAIL_HOST);
  const separator = boundary();
  const subject = `Complaint about a message from ${original.fromAddress}`;
  const headers: Array<[string, string]> = [
    ["From", `"Sandbox Feedback Loop" <${reporter}>`],
    ["To", `<${original.fromAddress}>`],
    ["Subject", subject],
    ["Date", mailDate(input.at)],
    ["Message-ID", messageId],
    ["MIME-Version", "1.0"],
    ["Content-Type", `multipart/report; report-type=feedback-report; boundary="${separator}"`],
  ];
  const human = `This is an e-mail abuse report for a message received from ${original.fromAddress} on ${mailDate(original.sentAt)}: the recipient marked it as spam.\n`;
  const report = [
    "Feedback-Type: abuse",
    "User-Agent: SandboxFeedbackLoop/1.0",
    "Version: 1",
    `Original-Mail-From: <${original.fromAddress}>`,
    `Original-Rcpt-To: <${original.toAddress}>`,
    `Arrival-Date: ${mailDate(original.sentAt)}`,
    `Reported-Domain: ${domainOf(original.fromAddress)}`,
  ].join(CRLF);
  const body = [
    "This is a multi-part message in MIME format.",
    "",
    `--${separator}`,
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    withCrlf(human),
    `--${separator}`,
    "Content-Type: message/feedback-report",
    "",
    report,
    "",
    `--${separator}`,
    "Content-Type: message/rfc822",
    "Content-Disposition: inline",
    "",
    originalHeaders(original),
    "",
    withCrlf(original.text),
    "",
    `--${separator}--`,
    "",
  ].join(CRLF);
  return {
    messageId,
    inReplyTo: null,
    fromName: "Sandbox Feedback Loop",
    fromAddress: reporter,
    subject,
    text: human,
    headers: lowerCased(headers),
    raw: `${headers.map(([name, value]) => `${name}: ${value}`).join(CRLF)}${CRLF}${CRLF}${body}`,
  };
}
