// What kind of message arrived, in this order: a bounce (a delivery status notification, or a
// server's own bounce), a spam complaint (a feedback report), an automatic answer (out of office,
// autoresponder, and the reports that are neither bounce nor complaint: a delivery confirmation, a
// not-spam or authentication failure report, a read receipt), and otherwise a person's reply with
// its quoted history stripped. A message that cannot be read well is still classified from what
// could be read (a garbled message is a reply with whatever text there is): problems with the
// content never throw out of here.
import { logger } from "../../../lib/logger";
import type { IncomingEmail } from "../../../providers/mail/types";
import { detectAutoReply } from "./detect-auto-reply";
import type { IncomingClassification } from "./inbound-types";
import { findPart, parseMime, readableText, splitMessage, type MimePart } from "./mime-parts";
import { parseDeliveryReport } from "./parse-delivery-report";
import { parseFeedbackReport } from "./parse-feedback-report";
import { stripQuotedReply } from "./strip-quoted-reply";

/** Longest text considered for a reply (the rest of a huge message is not needed to answer it). */
const MAX_REPLY_TEXT = 200_000;

function readMime(raw: string): MimePart | null {
  try {
    return parseMime(raw);
  } catch (error) {
    logger.warn("An incoming e-mail's MIME structure could not be read", { error });
    return null;
  }
}

function classifyReport(email: IncomingEmail, mime: MimePart): IncomingClassification | null {
  const delivery = parseDeliveryReport(email, mime);
  if (delivery?.kind === "bounce") return { kind: "bounce", bounce: delivery.bounce };
  if (delivery?.kind === "delivered") return { kind: "auto-reply", reason: "A delivery report: the e-mail was delivered", returnDate: null };
  const feedback = parseFeedbackReport(email, mime);
  if (feedback?.kind === "complaint") return { kind: "complaint", complaint: feedback.complaint };
  if (feedback?.kind === "notice") return { kind: "auto-reply", reason: `A feedback report (${feedback.feedbackType}): ${feedback.message}`, returnDate: null };
  // A read receipt (RFC 8098) is sent by the recipient's client, not written by them.
  if (findPart(mime, "message/disposition-notification", "message/global-disposition-notification")) return { kind: "auto-reply", reason: "A read receipt (message disposition notification)", returnDate: null };
  return null;
}

/** What text the message has: its text part, else its HTML as text, else whatever the MIME reader or the raw message holds (a message mailparser could not read). */
function readableOf(email: IncomingEmail, mime: MimePart | null): string {
  if (email.text.trim() || email.html?.trim()) return email.text;
  const fromMime = mime ? readableText(mime) : "";
  if (fromMime.trim()) return fromMime;
  return splitMessage(email.raw).body || email.raw;
}

/** Control characters (NUL cannot even be stored in PostgreSQL text) and undecodable bytes go; line breaks and tabs stay. */
function withoutControlCharacters(text: string): string {
  return text.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffd]+/g, " ").replace(/ {2,}/g, " ");
}

function replyText(email: IncomingEmail, mime: MimePart | null): string {
  try {
    return withoutControlCharacters(stripQuotedReply(readableOf(email, mime).slice(0, MAX_REPLY_TEXT), email.html?.slice(0, MAX_REPLY_TEXT * 5) ?? null)).trim();
  } catch (error) {
    logger.warn("An incoming reply's quoted history could not be stripped", { error });
    return withoutControlCharacters(email.text.slice(0, MAX_REPLY_TEXT)).trim();
  }
}

/** What kind of message arrived: a bounce, a spam complaint, an auto-reply, or a person's reply. */
export async function classifyIncomingEmail(email: IncomingEmail): Promise<IncomingClassification> {
  const mime = readMime(email.raw ?? "");
  if (mime) {
    try {
      const report = classifyReport(email, mime);
      if (report) return report;
    } catch (error) {
      logger.warn("An incoming e-mail's report could not be read; it is taken as a reply", { error });
    }
  }
  try {
    const autoReply = detectAutoReply(email);
    if (autoReply) return { kind: "auto-reply", ...autoReply };
  } catch (error) {
    logger.warn("An incoming e-mail could not be checked for an automatic answer", { error });
  }
  return { kind: "reply", text: replyText(email, mime) };
}
