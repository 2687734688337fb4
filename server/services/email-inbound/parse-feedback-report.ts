// Reads a feedback report (Abuse Reporting Format, RFC 5965: multipart/report with a
// message/feedback-report part, as the feedback loops of Yahoo/AOL, Microsoft JMRP, Comcast and
// others send): what the recipient's provider reports, about which address and which e-mail.
import type { ParsedComplaint } from "./inbound-types";
import { allParts, findPart, parseFieldGroups, parseHeaderFields, returnedMessageId, type MimePart } from "./mime-parts";

export type FeedbackReport =
  /** The recipient (or their provider) objects to the e-mail: abuse, fraud, virus, opt-out, other. */
  | { kind: "complaint"; complaint: ParsedComplaint }
  /**
   * A report that is no complaint: not-spam (the recipient took it out of the spam folder) or an
   * authentication failure report (RFC 6591). Automatic, with no effect on the lead.
   */
  | { kind: "notice"; feedbackType: string; message: string };

const COMPLAINT_WORDS: Record<string, string> = {
  abuse: "The recipient reported the e-mail as spam",
  fraud: "The recipient reported the e-mail as fraud or phishing",
  virus: "The recipient's mail provider reported the e-mail as carrying a virus",
  "opt-out": "The recipient asked not to receive these e-mails any more",
};
const NOTICE_WORDS: Record<string, string> = {
  "not-spam": "The recipient marked the e-mail as not spam",
  "auth-failure": "The recipient's mail provider reported that the e-mail failed authentication (SPF, DKIM or DMARC)",
};

function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const bracketed = /<([^<>\s]+@[^<>\s]+)>/.exec(value)?.[1];
  const address = (bracketed ?? value.trim()).toLowerCase();
  return /^[^\s@<>,;]+@[^\s@<>,;]+$/.test(address) ? address : null;
}

/** The returned message's own headers (message/rfc822 or text/rfc822-headers), for its To. */
function returnedHeaders(mime: MimePart): Record<string, string> | null {
  for (const part of allParts(mime)) {
    if (part.contentType === "text/rfc822-headers") return parseHeaderFields(part.body);
    if ((part.contentType === "message/rfc822" || part.contentType === "message/global") && part.parts[0]) return part.parts[0].headers;
  }
  return null;
}

/** The feedback this message reports, or null when it is not a feedback report. */
export function parseFeedbackReport(mime: MimePart): FeedbackReport | null {
  const part = findPart(mime, "message/feedback-report");
  if (!part) return null;
  const fields = parseFieldGroups(part.body)[0] ?? {};
  const feedbackType = (fields["feedback-type"] ?? "abuse").trim().toLowerCase();
  if (NOTICE_WORDS[feedbackType]) return { kind: "notice", feedbackType, message: NOTICE_WORDS[feedbackType] };
  return {
    kind: "complaint",
    complaint: {
      feedbackType,
      recipient: addressOf(fields["original-rcpt-to"]) ?? addressOf(returnedHeaders(mime)?.to),
      originalMessageId: returnedMessageId(mime),
      message: COMPLAINT_WORDS[feedbackType] ?? "The recipient's mail provider reported the e-mail as unwanted",
    },
  };
}
