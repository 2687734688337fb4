// The messages the sandbox network hands to a mailbox, written as real servers write them (RFC 5322):
// replies, out-of-office auto-replies (RFC 3834 Auto-Submitted), delivery status notifications for
// bounces (RFC 3464 multipart/report) and spam complaints in the Abuse Reporting Format (RFC 5965),
// so the parsers that read a real mailbox read the sandbox's the same way.
import { randomUUID } from "node:crypto";

/** The network's own mail server, which reports bounces and complaints. */
export const SANDBOX_MAIL_HOST = "mx.sandbox-mail.test";

/** The parts of a sent e-mail the answers quote. */
export interface OriginalEmail {
  fromAddress: string;
  toAddress: string;
  messageId: string;
  subject: string;
  text: string;
  sentAt: Date;
  /** Lower-cased header names to values, as sent. */
  headers: Record<string, string>;
}

export interface RawMessage {
  messageId: string;
  inReplyTo: string | null;
  fromName: string | null;
  fromAddress: string;
  subject: string;
  text: string;
  /** Lower-cased header names to values (the top-level headers). */
  headers: Record<string, string>;
  raw: string;
}

const CRLF = "\r\n";

/** RFC 5322 date, e.g. "Mon, 05 Jan 2026 09:00:00 +0000". */
export function mailDate(at: Date): string {
  return at.toUTCString().replace("GMT", "+0000");
}

/** A header value in RFC 2047 encoded words when it is not plain ASCII. */
export function encodeHeaderValue(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, "utf8").toString("base64")}?=`;
}

function mailbox(name: string | null, address: string): string {
  if (!name) return `<${address}>`;
  const encoded = encodeHeaderValue(name);
  return encoded === name ? `"${name.replace(/["\\]/g, "")}" <${address}>` : `${encoded} <${address}>`;
}

function domainOf(address: string): string {
  return address.split("@")[1] ?? "sandbox-mail.test";
}

function newMessageId(domain: string): string {
  return `<${randomUUID()}@${domain}>`;
}

function withCrlf(text: string): string {
  return text.replace(/\r?\n/g, CRLF);
}

function render(headers: Array<[string, string]>, body: string): string {
  return `${headers.map(([name, value]) => `${name}: ${value}`).join(CRLF)}${CRLF}${CRLF}${withCrlf(body)}${body.endsWith("\n") ? "" : CRLF}`;
}

function lowerCased(headers: Array<[string, string]>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of headers) result[name.toLowerCase()] ??= value;
  return result;
}

/** The original's headers as a text/rfc822-headers part shows them. */
function originalHeaders(original: OriginalEmail): string {
  const names: Record<string, string> = {
    from: "From",
    to: "To",
    subject: "Subject",
    date: "Date",
    "message-id": "Message-ID",
    "in-reply-to": "In-Reply-To",
    references: "References",
  };
  const lines = Object.entries(original.headers).map(([name, value]) => `${names[name] ?? name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase())}: ${value}`);
  if (!original.headers["message-id"]) lines.push(`Message-ID: ${original.messageId}`);
  return lines.join(CRLF);
}

function threadHeaders(original: OriginalEmail): Array<[string, string]> {
  const references = [...(original.headers.references?.split(/\s+/).filter(Boolean) ?? []), original.messageId];
  return [
    ["In-Reply-To", original.messageId],
    ["References", references.join(" ")],
  ];
}

function reSubject(subject: string): string {
  return /^re:/i.test(subject) ? subject : `Re: ${subject}`;
}

function quoted(original: OriginalEmail): string {
  return `On ${mailDate(original.sentAt)}, ${original.fromAddress} wrote:\n${original.text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n")}`;
}

function textHeaders(): Array<[string, string]> {
  return [
    ["MIME-Version", "1.0"],
    ["Content-Type", "text/plain; charset=utf-8"],
    ["Content-Transfer-Encoding", "8bit"],
  ];
}

function build(headers: Array<[string, string]>, body: string, fields: Omit<RawMessage, "headers" | "raw">): RawMessage {
  return { ...fields, headers: lowerCased(headers), raw: render(headers, body) };
}

/** The prospect answers the e-mail. */
export function replyMessage(original: OriginalEmail, input: { text: string; fromName: string | null; at: Date }): RawMessage {
  const messageId = newMessageId(domainOf(original.toAddress));
  const subject = reSubject(original.subject);
  const headers: Array<[string, string]> = [
    ["From", mailbox(input.fromName, original.toAddress)],
    ["To", `<${original.fromAddress}>`],
    ["Subject", encodeHeaderValue(subject)],
    ["Date", mailDate(input.at)],
    ["Message-ID", messageId],
    ...threadHeaders(original),
    ...textHeaders(),
  ];
  const body = `${input.text}\n\n${quoted(original)}\n`;
  return build(headers, body, { messageId, inReplyTo: original.messageId, fromName: input.fromName, fromAddress: original.toAddress, subject, text: body });
}

/** The prospect's mail server answers at once that they are away (RFC 3834). */
export function autoReplyMessage(original: OriginalEmail, input: { fromName: string | null; at: Date }): RawMessage {
  const messageId = newMessageId(domainOf(original.toAddress));
  const subject = `Automatic reply: ${original.subject}`;
  const back = new Date(input.at.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  const headers: Array<[string, string]> = [
    ["From", mailbox(input.fromName, original.toAddress)],
    ["To", `<${original.fromAddress}>`],
    ["Subject", encodeHeaderValue(subject)],
    ["Date", mailDate(input.at)],
    ["Message-ID", messageId],
    ...threadHeaders(original),
    ["Auto-Submitted", "auto-replied"],
    ["X-Auto-Response-Suppress", "All"],
    ["Precedence", "auto_reply"],
    ...textHeaders(),
  ];
  const body = `Thank you for your e-mail. I am out of the office until ${back} with limited access to e-mail, and will answer when I am back.\n`;
  return build(headers, body, { messageId, inReplyTo: original.messageId, fromName: input.fromName, fromAddress: original.toAddress, subject, text: body });
}

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

/** The headers an outgoing e-mail carries when the network accepts it (lower-cased names). */
export function sentHeaders(email: {
  from: { name: string | null; address: string };
  to: { name: string | null; address: string };
  subject: string;
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  headers: Record<string, string>;
  sentAt: Date;
}): Record<string, string> {
  const headers: Record<string, string> = {
    from: mailbox(email.from.name, email.from.address),
    to: mailbox(email.to.name, email.to.address),
    subject: encodeHeaderValue(email.subject),
    date: mailDate(email.sentAt),
    "message-id": email.messageId,
  };
  if (email.inReplyTo) headers["in-reply-to"] = email.inReplyTo;
  if (email.references.length) headers.references = email.references.join(" ");
  for (const [name, value] of Object.entries(email.headers)) headers[name.toLowerCase()] ??= value;
  return headers;
}
