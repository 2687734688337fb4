// What an SMTP enhanced status code (RFC 3463) means, in plain words, and how bad it is.

/** An enhanced status code in free text ("550 5.1.1 …", "#5.1.10", "4.2.2."), not part of a longer number (an IP address, a version). */
const STATUS_IN_TEXT = /(?<![\d.])([245])\.(\d{1,3})\.(\d{1,3})(?!\.?\d)/;

/** The first enhanced status code in a text, e.g. "5.1.1"; null when there is none. */
export function findStatusCode(text: string | null | undefined): string | null {
  const match = text ? STATUS_IN_TEXT.exec(text) : null;
  return match ? `${match[1]}.${match[2]}.${match[3]}` : null;
}

/**
 * hard: the address or domain cannot receive mail (5.x.x, or a failure without a code);
 * soft: worth trying again later (4.x.x, or a report that delivery is only delayed).
 *
 * 5.2.2 (mailbox full) is permanent by its code, but a full mailbox is usually emptied again, so it
 * is counted soft like 4.2.2, as the large sending services do: the step is tried again later, and a
 * mailbox that stays full becomes a dead address after SOFT_BOUNCE_LIMIT soft bounces anyway.
 */
export function bounceSeverity(status: string | null, action: string): "hard" | "soft" {
  if (action === "delayed") return "soft";
  if (status === "5.2.2") return "soft";
  if (status?.startsWith("4.")) return "soft";
  return "hard";
}

const SUBJECTS: Record<string, string> = {
  "1.0": "The address was refused",
  "1.1": "The address does not exist",
  "1.2": "The domain of the address does not exist or receives no mail",
  "1.3": "The address is not a valid e-mail address",
  "1.4": "The address is ambiguous at the receiving server",
  "1.6": "The recipient has moved and left no forwarding address",
  "1.10": "The recipient was not found at that domain",
  "2.0": "The mailbox cannot receive mail",
  "2.1": "The mailbox is disabled and does not accept mail",
  "2.2": "The mailbox is full",
  "2.3": "The e-mail is larger than the mailbox accepts",
  "2.4": "The mailing list of the address could not be expanded",
  "3.0": "The receiving mail system has a problem",
  "3.1": "The receiving mail system is out of storage",
  "3.4": "The e-mail is too large for the receiving server",
  "4.0": "The domain has no mail server or could not be reached",
  "4.1": "The receiving mail server did not answer",
  "4.2": "The connection to the receiving mail server failed",
  "4.3": "The domain's mail server could not be looked up",
  "4.4": "The domain has no mail server",
  "4.6": "The e-mail went round in a loop between mail servers",
  "4.7": "Delivery kept failing until the time allowed for it ran out",
  "5.0": "The receiving server refused the e-mail as a protocol error",
  "6.0": "The receiving server could not accept the e-mail's content",
  "7.0": "The receiving server refused the e-mail as a policy matter (spam filter, authentication)",
  "7.1": "The receiving server refused the e-mail as a policy matter (spam filter, authentication)",
};

const CLASS_SUBJECTS: Record<string, string> = {
  "1": "The address was refused",
  "2": "The mailbox cannot receive mail",
  "3": "The receiving mail system has a problem",
  "4": "The domain has no mail server or could not be reached",
  "5": "The receiving server refused the e-mail as a protocol error",
  "6": "The receiving server could not accept the e-mail's content",
  "7": "The receiving server refused the e-mail as a policy matter (spam filter, authentication)",
};

/** The reason in plain words with the code in parentheses, e.g. "The address does not exist (5.1.1)". */
export function describeBounceStatus(status: string | null, severity: "hard" | "soft"): string {
  if (!status) return severity === "hard" ? "The e-mail could not be delivered" : "The e-mail could not be delivered yet; delivery will be tried again";
  const [codeClass, subject = "0", detail = "0"] = status.split(".");
  const words = SUBJECTS[`${subject}.${detail}`] ?? CLASS_SUBJECTS[subject] ?? (codeClass === "2" ? "The e-mail was delivered" : "The receiving server refused the e-mail");
  if (codeClass === "4") return `Temporarily not delivered: ${words.charAt(0).toLowerCase()}${words.slice(1)} (${status})`;
  return `${words} (${status})`;
}
