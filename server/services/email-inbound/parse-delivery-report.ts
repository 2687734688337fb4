// Reads a bounce: a delivery status notification (RFC 3464 multipart/report with a
// message/delivery-status part, as Postfix, Exim, Gmail, Exchange and most servers send), or a
// bounce a server wrote in its own words (qmail, older Exim and Exchange: from MAILER-DAEMON or
// postmaster, "Undelivered Mail Returned to Sender", "Undeliverable: …"), read from the status code
// in its text. The returned message, or its headers, gives the Message-ID of the e-mail that bounced.
import type { IncomingEmail } from "../../providers/mail/types";
import { bounceSeverity, describeBounceStatus, findStatusCode } from "./describe-bounce-status";
import { htmlToText } from "./html-to-text";
import type { ParsedBounce } from "./inbound-types";
import { allParts, findPart, normalizeMessageId, parseFieldGroups, returnedMessageId, type MimePart } from "./mime-parts";

export type DeliveryReport =
  /** The e-mail did not reach (or has not yet reached) a recipient. */
  | { kind: "bounce"; bounce: ParsedBounce }
  /** A report that every recipient got it (Action delivered, relayed or expanded): automatic, not a bounce. */
  | { kind: "delivered" };

const NOT_FAILED = new Set(["delivered", "relayed", "expanded"]);

/** "rfc822; Jane@Example.com" → "jane@example.com". */
function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const address = value.replace(/^[^;]*;/, "").trim().replace(/^<|>$/g, "").trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(address) ? address : null;
}

/** The diagnostic without its type ("smtp; 550 …" → "550 …"). */
function diagnosticOf(value: string | undefined): string | null {
  const text = value?.replace(/^\s*[\w-]+\s*;\s*/, "").trim();
  return text ? text.slice(0, 1000) : null;
}

function bounceFrom(fields: { action: string; status: string | null; recipient: string | null; diagnostic: string | null; originalMessageId: string | null }): ParsedBounce {
  const severity = bounceSeverity(fields.status, fields.action);
  return { ...fields, severity, message: describeBounceStatus(fields.status, severity) };
}

function readStandardReport(mime: MimePart, statusPart: MimePart): DeliveryReport | null {
  const groups = parseFieldGroups(statusPart.body);
  const recipients = groups.filter((group) => group["final-recipient"] || group["original-recipient"] || group.action);
  if (recipients.length === 0) return null;
  const actionOf = (group: Record<string, string>) => (group.action ?? "failed").trim().toLowerCase().split(/[\s;(]/)[0] || "failed";
  const failing = recipients.filter((group) => !NOT_FAILED.has(actionOf(group)));
  if (failing.length === 0) return { kind: "delivered" };
  // A hard failure outweighs a delay when one report covers several recipients.
  const chosen = failing.find((group) => actionOf(group) === "failed") ?? failing[0]!;
  const diagnostic = diagnosticOf(chosen["diagnostic-code"]);
  const status = findStatusCode(chosen.status) ?? findStatusCode(diagnostic);
  return {
    kind: "bounce",
    bounce: bounceFrom({
      action: actionOf(chosen),
      status,
      recipient: addressOf(chosen["final-recipient"]) ?? addressOf(chosen["original-recipient"]),
      diagnostic,
      originalMessageId: returnedMessageId(mime),
    }),
  };
}

const DAEMON_ADDRESS = /^(mailer-daemon|mail-daemon|mailerdaemon|postmaster|microsoftexchange[0-9a-f]*|mdaemon)@/i;
const DAEMON_NAME = /^(mail delivery (system|subsystem)|mail administrator|microsoft outlook|postmaster|mailer-daemon)$/i;
const BOUNCE_SUBJECT =
  /^(undeliver(ed|able)|returned mail|mail delivery failed|delivery status notification \((failure|delay)\)|delivery (status notification|failure|has failed|notification)|failure notice|non[- ]?deliver|message not delivered|undelivered mail|could not deliver|warning: could not send|delayed mail|unzustellbar|nicht zustellbar|non remis|non recapitabile|no se puede entregar|onbestelbaar|não entregue)/i;

/** The bounce's readable text: its text parts (HTML ones as text) and report parts, in order. */
function readableText(mime: MimePart, email: IncomingEmail): string {
  const texts = allParts(mime)
    .filter((part) => part.parts.length === 0)
    .map((part) => (part.contentType === "text/html" ? htmlToText(part.body) : part.contentType.startsWith("text/") || part.contentType.startsWith("message/") ? part.body : ""))
    .filter(Boolean);
  return texts.length > 0 ? texts.join("\n") : email.text;
}

/** Where the bounce names the recipient: Postfix and qmail "<addr>:", Exim's indented address after "failed:", Gmail's and Exchange's sentences. */
const RECIPIENT_PATTERNS = [
  /^\s*<([^\s<>@]+@[^\s<>]+)>:?\s*$/m,
  /^<([^\s<>@]+@[^\s<>]+)>:/m,
  /(?:final|original)-recipient:\s*(?:rfc822;)?\s*<?([^\s<>@;]+@[^\s<>;]+?)>?\s*$/im,
  /following (?:address(?:\(es\))?|recipients?)(?: failed)?[^\n]*:\s*\n(?:\s*\n)*\s*<?([^\s<>@]+@[^\s<>():]+?)>?[\s:(]/i,
  /wasn't delivered to ([^\s<>@]+@[^\s<>]+?) because/i,
  /(?:delivery|message) to ([^\s<>@]+@[^\s<>,]+?) (?:failed|couldn't be delivered|could not be delivered)/i,
  /your message to ([^\s<>@]+@[^\s<>,]+?) couldn't be delivered/i,
  /delivery has failed to these recipients or groups:\s*\n(?:\s*\n)*\s*<?([^\s<>@]+@[^\s<>()]+?)>?[\s(]/i,
  /^ {2}<?([^\s<>@]+@[^\s<>]+?)>?\s*\n\s+(?:host|SMTP error|\(generated from|mailbox is full|retry timeout)/im,
];

function recipientInText(text: string): string | null {
  for (const pattern of RECIPIENT_PATTERNS) {
    const address = pattern.exec(text)?.[1]?.replace(/[.,;]+$/, "").toLowerCase();
    if (address && !DAEMON_ADDRESS.test(address)) return address;
  }
  return null;
}

/** The Message-ID of the returned message when it is quoted in the text (after the bounce's own headers). */
function messageIdInText(text: string, own: string | null): string | null {
  for (const match of text.matchAll(/^message-id:\s*(.+)$/gim)) {
    const id = normalizeMessageId(match[1]!);
    if (id && id !== own) return id;
  }
  return null;
}

function readServerWords(email: IncomingEmail, mime: MimePart): DeliveryReport | null {
  const from = email.from;
  const fromDaemon = !!from && (DAEMON_ADDRESS.test(from.address) || DAEMON_NAME.test((from.name ?? "").trim()));
  const subjectSaysBounce = BOUNCE_SUBJECT.test(email.subject.trim());
  if (!fromDaemon && !subjectSaysBounce) return null;
  const text = readableText(mime, email);
  const status = findStatusCode(text);
  // A person may write "Undeliverable" in a subject; only a mail server's message without a code counts.
  if (!status && !fromDaemon) return null;
  if (!status && !subjectSaysBounce && !/(could not be delivered|couldn't be delivered|undeliverable|delivery (to the following recipients? )?(has )?failed|permanent (error|failure)|user unknown|no such user|mailbox (is )?(full|unavailable))/i.test(text)) return null;
  const delayed = /^(delayed mail|warning: could not send)|delivery status notification \(delay\)/i.test(email.subject.trim()) || (!status && /\b(will (be )?retr(y|ied)|not yet been delivered|delivery (is )?delayed)\b/i.test(text));
  const statusLine = status ? text.split(/\r?\n/).find((line) => line.includes(status))?.trim() : undefined;
  return {
    kind: "bounce",
    bounce: bounceFrom({
      action: delayed ? "delayed" : "failed",
      status,
      recipient: recipientInText(text),
      diagnostic: statusLine ? statusLine.slice(0, 1000) : null,
      originalMessageId: returnedMessageId(mime) ?? messageIdInText(text, normalizeMessageId(email.messageId ?? "")),
    }),
  };
}

/** The bounce this message reports, or null when it is not a delivery report. */
export function parseDeliveryReport(email: IncomingEmail, mime: MimePart): DeliveryReport | null {
  const statusPart = findPart(mime, "message/delivery-status", "message/global-delivery-status");
  const standard = statusPart ? readStandardReport(mime, statusPart) : null;
  return standard ?? readServerWords(email, mime);
}
