// What Herald makes of an e-mail that arrived in a mailbox: the shapes shared by the parsers
// (classify-incoming-email.ts and the report parsers), the matching (match-incoming-email.ts) and
// the effects (apply-incoming-email.ts). The reader (read-mailbox.ts) hands each message to
// recordIncomingEmail (record-incoming-email.ts), which ties them together.
import type { Interest } from "../../../providers/ai/types";

/** A delivery status notification (RFC 3464), or a bounce a server wrote in its own words. */
export interface ParsedBounce {
  /** hard: 5.x.x, the address or domain cannot receive mail; soft: 4.x.x, worth trying again later. */
  severity: "hard" | "soft";
  /** The report's Action for the recipient: failed | delayed | … (failed when the report gave none). */
  action: string;
  /** SMTP enhanced status code when given, e.g. "5.1.1". */
  status: string | null;
  /** The address that bounced (Final-Recipient, or Original-Recipient), lower-cased; null when the report did not say. */
  recipient: string | null;
  /** The Message-ID of the e-mail that bounced (from the returned message or its headers), with angle brackets. */
  originalMessageId: string | null;
  /** The receiving server's own words (Diagnostic-Code), for the record. */
  diagnostic: string | null;
  /** The reason in plain words, e.g. "The address does not exist (5.1.1)". */
  message: string;
}

/** An abuse feedback report (ARF, RFC 5965): the recipient marked the e-mail as spam. */
export interface ParsedComplaint {
  /** Feedback-Type: abuse | fraud | virus | other | not-spam …; lower-cased. */
  feedbackType: string;
  /** Original-Rcpt-To, or the returned message's To, lower-cased. */
  recipient: string | null;
  originalMessageId: string | null;
  /** Plain words, e.g. "The recipient reported the e-mail as spam". */
  message: string;
}

export type IncomingClassification =
  | { kind: "bounce"; bounce: ParsedBounce }
  | { kind: "complaint"; complaint: ParsedComplaint }
  /** An automatic answer (RFC 3834 Auto-Submitted, X-Autoreply, Precedence, out-of-office subjects): never a reply. */
  | { kind: "auto-reply"; reason: string; returnDate: string | null }
  /** A person's answer; `text` is the reply with quoted history and signature stripped. */
  | { kind: "reply"; text: string };

/** What an incoming e-mail belongs to. */
export interface IncomingMatch {
  /** How it was found: by In-Reply-To / References against Herald's Message-IDs, by the sender's address, or not at all. */
  by: "headers" | "address" | "none";
  leadId: string | null;
  campaignLeadId: string | null;
  campaignId: string | null;
  /** The outbound Herald e-mail it answers or reports on (the latest of the thread), when known. */
  outboundEmailId: string | null;
  /** The thread it joins (its first Message-ID), or its own Message-ID when it starts one. */
  threadRootId: string;
}

/** Work done before the transaction (it may call a paid API): the reply's AI classification. */
export interface PreparedIncoming {
  /** null: not asked (nobody wants it), or it could not be done (credits, classifier failure). */
  interest: Interest | null;
}

/** `warmup`: mail of Herald's warmup pool (tagged X-Herald-Warmup and sent by the pool), or a report on it, passed over without a trace. */
export type IncomingOutcome = "reply" | "auto-reply" | "bounce" | "complaint" | "unmatched" | "duplicate" | "skipped" | "warmup";
