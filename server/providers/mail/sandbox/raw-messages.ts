// The messages the sandbox network hands to a mailbox, written as real servers write them (RFC 5322):
// replies and out-of-office auto-replies (RFC 3834 Auto-Submitted) here, bounce and complaint reports
// in report-messages.ts, so the parsers that read a real mailbox read the sandbox's the same way.
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

export const CRLF = "\r\n";

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

export function domainOf(address: string): string {
  return address.split("@")[1] ?? "sandbox-mail.test";
}

export function newMessageId(domain: string): string {
  return `<${randomUUID()}@${domain}>`;
}

export function withCrlf(text: string): string {
  return text.replace(/\r?\n/g, CRLF);
}

function render(headers: Array<[string, string]>, body: string): string {
  return `${headers.map(([name, value]) => `${name}: ${value}`).join(CRLF)}${CRLF}${CRLF}${withCrlf(body)}${body.endsWith("\n") ? "" : CRLF}`;
}

export function lowerCased(headers: Array<[string, string]>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of headers) result[name.toLowerCase()] ??= value;
  return result;
}

/** The original's headers as a text/rfc822-headers part shows them. */
export function originalHeaders(original: OriginalEmail): string {
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
