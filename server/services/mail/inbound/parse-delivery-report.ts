// Reads a bounce: a delivery status notification (RFC 3464 multipart/report with a
// message/delivery-status part, as Postfix, Exim, Gmail, Exchange and most servers send), or a
// bounce a server wrote in its own words (qmail, older Exim and Exchange: from MAILER-DAEMON or
// postmaster, "Undelivered Mail Returned to Sender", "Undeliverable: …"), read from the status code
// in its text. The returned message, or its headers, gives the Message-ID of the e-mail that bounced.
import type { IncomingEmail } from "../../../providers/mail/types";
import { bounceSeverity, describeBounceStatus, findStatusCode } from "./describe-bounce-status";
import type { ParsedBounce } from "./inbound-types";
import { findPart, normalizeMessageId, parseFieldGroups, readableText, returnedHeaders, returnedMessageId, type MimePart } from "./mime-parts";

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

const DAEMON_ADDRESS = /^(mailer-daemon|mail-daemon|mailerdaemon|post_?master|microsoftexchange[0-9a-f]*|mdaemon)@/i;
const DAEMON_NAME = /^(mail deliver(y)? (system|subsystem)|mail administrator|system administrator|microsoft outlook|postmaster|mailer[- ]daemon)$/i;
const BOUNCE_SUBJECT =
  /^(undeliver(ed|able)|returned mail|mail delivery failed|(mail )?delivery status notification|delivery (failure|has failed|notification)|failed delivery|warning--could not send|failure notice|non[- ]?deliver|message not delivered|undelivered mail|could not deliver|warning: could not send|delayed mail|unzustellbar|nicht zustellbar|non remis|non recapitabile|no se puede entregar|onbestelbaar|não entregue)/i;

/** Where the bounce names the recipient: Postfix and qmail "<addr>:", Exim's indented address after "failed:", Gmail's and Exchange's sentences. */
const RECIPIENT_PATTERNS = [
  /^\s*<([^\s<>@]+@[^\s<>]+)>:?\s*$/m,
  /^<([^\s<>@]+@[^\s<>]+)>:/m,
  /(?:final|original)-recipient:\s*(?:rfc822;)?\s*<?([^\s<>@;]+@[^\s<>;]+)>?\s*$/im,
  /\b(?:delivering your mail to|delivery to|recipient:?|rcpt to:?)\s+<?([^\s<>@;]+@[^\s<>;]+)>?[\s.,:]/i,
  /following (?:address(?:\(es\))?|recipients?)(?: failed)?[^\n]{0,100}:\s{0,200}<?([^\s<>@]+@[^\s<>():;]+)>?[\s:(]/i,
  /wasn't delivered to ([^\s<>@]+@[^\s<>;]+) because/i,
  /(?:delivery|message) to ([^\s<>@]+@[^\s<>,;]+) (?:failed|couldn't be delivered|could not be delivered)/i,
  /your message to ([^\s<>@]+@[^\s<>,;]+) couldn't be delivered/i,
  /delivery has failed to these recipients or groups:\s{0,200}<?([^\s<>@]+@[^\s<>();]+)>?[\s(<]/i,
  /^ {2}<?([^\s<>@]+@[^\s<>;]+)>?[ \t]*\n[ \t]+(?:host|SMTP error|\(generated from|mailbox is full|retry timeout)/im,
];

/** The bounced address: named in the text, else the To of the returned message (its headers attached, or quoted in the text). */
function recipientOf(fullText: string, mime: MimePart): string | null {
  // The recipient is named near the top; a returned message's body need not be searched.
  const text = fullText.slice(0, 50_000);
  const toLine = returnedHeaders(mime)?.to ?? /^\s*to:\s*(.+)$/im.exec(text)?.[1];
  const candidates = [...RECIPIENT_PATTERNS.map((pattern) => pattern.exec(text)?.[1]), /<([^<>\s]+@[^<>\s]+)>/.exec(toLine ?? "")?.[1] ?? toLine?.trim()];
  for (const candidate of candidates) {
    const address = candidate?.replace(/[.,;]+$/, "").toLowerCase();
    if (address && /^[^\s@<>]+@[^\s@<>]+$/.test(address) && !DAEMON_ADDRESS.test(address)) return address;
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
  // Exim names the addresses that failed in X-Failed-Recipients.
  const failedRecipient = addressOf(email.headers["x-failed-recipients"]?.split(",")[0]);
  // "MAILER-DAEMON <>" has no address to parse: its header says who it is.
  const fromDaemon = !!failedRecipient || (!!from && (DAEMON_ADDRESS.test(from.address) || DAEMON_NAME.test((from.name ?? "").trim()))) || /^\W*(mailer-daemon|mail delivery system)\b/i.test(email.headers.from ?? "");
  const subjectSaysBounce = BOUNCE_SUBJECT.test(email.subject.trim());
  if (!fromDaemon && !subjectSaysBounce) return null;
  const text = readableText(mime) || email.text;
  const status = findStatusCode(text);
  // A person may write "Undeliverable" in a subject; only a mail server's message without a code counts.
  if (!status && !fromDaemon) return null;
  if (!status && !subjectSaysBounce && !/(could not be delivered|couldn't be delivered|undeliverable|delivery (to the following recipients? )?(has )?failed|permanent (error|failure)|user unknown|no such user|mailbox (is )?(full|unavailable))/i.test(text)) return null;
  const delayed = /^(delayed mail|warning(:|--) ?could not send)|delivery status notification \(delay\)/i.test(email.subject.trim()) || (!status && /\b(will (be )?retr(y|ied)|not yet been delivered|delivery (is )?delayed)\b/i.test(text));
  // The server's answer ("550 5.1.10 …") rather than an explanation that mentions the code.
  const statusLines = status ? text.split(/\r?\n/).filter((line) => line.includes(status)) : [];
  const statusLine = (statusLines.find((line) => /(^|\W)[45]\d\d[\s-]/.test(line)) ?? statusLines[0])?.trim();
  return {
    kind: "bounce",
    bounce: bounceFrom({
      action: delayed ? "delayed" : "failed",
      status,
      recipient: failedRecipient ?? recipientOf(text, mime),
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
