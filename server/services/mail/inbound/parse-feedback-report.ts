// Reads a feedback report (Abuse Reporting Format, RFC 5965: multipart/report with a
// message/feedback-report part, as the feedback loops of Yahoo/AOL, Microsoft JMRP, Comcast and
// others send): what the recipient's provider reports, about which address and which e-mail.
import type { IncomingEmail } from "../../../providers/mail/types";
import type { ParsedComplaint } from "./inbound-types";
import { findPart, parseFieldGroups, returnedHeaders, returnedMessageId, type MimePart } from "./mime-parts";

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

/** Microsoft's JMRP (Outlook.com, Hotmail) sends the message alone as message/rfc822, under this subject. */
const JMRP_SUBJECT = /^\s*complaint about message from\b/i;

/** The feedback this message reports, or null when it is not a feedback report. */
export function parseFeedbackReport(email: IncomingEmail, mime: MimePart): FeedbackReport | null {
  const part = findPart(mime, "message/feedback-report");
  const returned = returnedHeaders(mime);
  if (!part && !(JMRP_SUBJECT.test(email.subject) && returned)) return null;
  const fields = part ? (parseFieldGroups(part.body)[0] ?? {}) : {};
  const feedbackType = (fields["feedback-type"] ?? "abuse").trim().toLowerCase();
  if (NOTICE_WORDS[feedbackType]) return { kind: "notice", feedbackType, message: NOTICE_WORDS[feedbackType] };
  return {
    kind: "complaint",
    complaint: {
      feedbackType,
      recipient: addressOf(fields["original-rcpt-to"]) ?? addressOf(returned?.["x-hmxmroriginalrecipient"]) ?? addressOf(returned?.to),
      originalMessageId: returnedMessageId(mime),
      message: COMPLAINT_WORDS[feedbackType] ?? "The recipient's mail provider reported the e-mail as unwanted",
    },
  };
}
