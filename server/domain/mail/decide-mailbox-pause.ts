// When a mailbox's recipients tell it to stop: past a bounce rate or a spam-complaint rate over its
// recent sending, a mailbox is paused automatically, before its domain's reputation suffers (Gmail
// and Yahoo ask bulk senders to keep complaints under 0.3%; a bounce rate past a few percent marks a
// bad list). Asked after each bounce or complaint. Pure: the caller counts.

/** The recent sending the rates are taken over. */
export const MAILBOX_RATE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** Fewer e-mails than this say nothing about a rate: one bounce out of three is bad luck, not a bad list. */
export const MAILBOX_RATE_MIN_SENT = 20;

export type MailboxPauseReason = "bounce-rate" | "complaint-rate";

export interface MailboxSendingFacts {
  /** Herald's e-mails the mailbox sent in the window (since its latest pause, when later). */
  sent: number;
  /** Of those, how many bounced hard (or softly too often to be tried again). */
  bounced: number;
  /** Of those, how many the recipient reported as spam. */
  complained: number;
}

export interface MailboxRateLimits {
  /** The highest bounce rate tolerated, as a fraction (0.05 = 5%). */
  maxBounceRate: number;
  /** The highest complaint rate tolerated, as a fraction (0.005 = 0.5%). */
  maxComplaintRate: number;
}

/** Why the mailbox must pause now, or null. A complaint is the graver signal and is named first. */
export function decideMailboxPause(facts: MailboxSendingFacts, limits: MailboxRateLimits): MailboxPauseReason | null {
  if (facts.sent < MAILBOX_RATE_MIN_SENT) return null;
  if (facts.complained / facts.sent > limits.maxComplaintRate) return "complaint-rate";
  if (facts.bounced / facts.sent > limits.maxBounceRate) return "bounce-rate";
  return null;
}

/** The reason in plain words, for the mailbox's page and the logs. */
export function mailboxPauseMessage(reason: MailboxPauseReason, facts: MailboxSendingFacts): string {
  const percent = (count: number) => `${Math.round((count / Math.max(facts.sent, 1)) * 1000) / 10}%`;
  return reason === "bounce-rate"
    ? `Paused automatically: ${facts.bounced} of its last ${facts.sent} e-mails bounced (${percent(facts.bounced)})`
    : `Paused automatically: ${facts.complained} of its last ${facts.sent} e-mails were reported as spam (${percent(facts.complained)})`;
}
