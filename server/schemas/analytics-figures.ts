// What the analytics count and how each rate is defined, in words: the figures' names, labels and
// definitions, read by the schemas' descriptions (the API's), the CSV export and the dashboard's
// "how is this counted". Every figure counts leads of campaigns (a lead once per campaign, however
// many times it was written to), grouped by the day it was first contacted; a rate divides by the
// leads it could apply to, never by the replies. The arithmetic is in server/domain/analytics/metrics.ts.

/** The longest period the analytics read at once. */
export const MAX_PERIOD_DAYS = 366;

export const COUNT_KEYS = [
  "contacted",
  "invited",
  "accepted",
  "messaged",
  "emailed",
  "replied",
  "positive",
  "outcomes",
  "bounced",
  "complained",
  "unsubscribed",
] as const;
export type CountKey = (typeof COUNT_KEYS)[number];
export type Counts = Record<CountKey, number>;

export const RATE_KEYS = ["acceptanceRate", "replyRate", "positiveReplyRate", "outcomeRate", "bounceRate", "complaintRate", "unsubscribeRate"] as const;
export type RateKey = (typeof RATE_KEYS)[number];
/** A rate from 0 to 1, or null when no lead could have counted (its denominator is 0). */
export type Rates = Record<RateKey, number | null>;

export interface Definition {
  label: string;
  definition: string;
}

export const COUNT_DEFINITIONS: Record<CountKey, Definition> = {
  contacted: {
    label: "Leads contacted",
    definition:
      "Leads of a campaign to whom something was sent for the first time in the period: a connection request, a message, an InMail, a voice note or an e-mail. Profile visits, likes and follows are not contact. A lead counts once per campaign, on the day of its first contact (UTC); every other figure counts what these leads did since.",
  },
  invited: { label: "Connection requests", definition: "Leads contacted in the period who were sent a connection request." },
  accepted: {
    label: "Accepted",
    definition: "Leads contacted in the period whose connection request was accepted (so far); a lead who was already a connection was sent no request and is not counted.",
  },
  messaged: { label: "Messaged on LinkedIn", definition: "Leads contacted in the period who were sent a LinkedIn message, InMail or voice note." },
  emailed: { label: "E-mailed", definition: "Leads contacted in the period who were sent at least one campaign e-mail." },
  replied: {
    label: "Replied",
    definition:
      "Leads contacted in the period who replied by a person, on LinkedIn or by e-mail. Out-of-office and other automatic replies, bounces and delivery reports are never replies; a lead who replied several times counts once.",
  },
  positive: { label: "Interested", definition: "Leads contacted in the period whose reply was marked as interested (by the AI classification or by a person)." },
  outcomes: {
    label: "Outcomes",
    definition: "Leads contacted in the period on whom someone marked an outcome, such as a meeting booked (the workspace's outcomes, under Settings).",
  },
  bounced: { label: "Bounced", definition: "Leads contacted in the period with at least one campaign e-mail that bounced (hard or soft)." },
  complained: { label: "Spam complaints", definition: "Leads contacted in the period who marked a campaign e-mail as spam." },
  unsubscribed: { label: "Unsubscribed", definition: "Leads contacted in the period who unsubscribed from the campaign's e-mails." },
};

export const RATE_DEFINITIONS: Record<RateKey, Definition & { numerator: CountKey; denominator: CountKey }> = {
  acceptanceRate: { label: "Acceptance rate", numerator: "accepted", denominator: "invited", definition: "Accepted ÷ connection requests: of the leads invited, how many accepted." },
  replyRate: { label: "Reply rate", numerator: "replied", denominator: "contacted", definition: "Replied ÷ leads contacted: of the leads contacted, how many replied (people only)." },
  positiveReplyRate: {
    label: "Positive reply rate",
    numerator: "positive",
    denominator: "contacted",
    definition: "Interested ÷ leads contacted: of the leads contacted (not of the replies), how many replied with interest.",
  },
  outcomeRate: { label: "Outcome rate", numerator: "outcomes", denominator: "contacted", definition: "Outcomes ÷ leads contacted." },
  bounceRate: { label: "Bounce rate", numerator: "bounced", denominator: "emailed", definition: "Bounced ÷ leads e-mailed." },
  complaintRate: { label: "Complaint rate", numerator: "complained", denominator: "emailed", definition: "Spam complaints ÷ leads e-mailed." },
  unsubscribeRate: { label: "Unsubscribe rate", numerator: "unsubscribed", denominator: "emailed", definition: "Unsubscribed ÷ leads e-mailed." },
};
