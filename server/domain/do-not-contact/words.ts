// The list's words for people, for the Settings page, the lead page and the CSV export alike. Pure
// and free of Node modules, so the browser imports it too.

/** Why an entry is listed, in words. */
export const REASON_WORDS: Record<string, string> = {
  unsubscribed: "Unsubscribed",
  complaint: "Marked as spam",
  bounce: "Bounced",
  manual: "Added by hand",
  csv: "Imported",
  api: "Added through the API",
  erased: "Erased on request",
};

/** The kinds as a form's choices name them. */
export const KIND_LABELS: Record<string, string> = {
  email: "E-mail address",
  domain: "Domain",
  linkedin: "LinkedIn profile",
  company: "Company",
};

export function reasonWords(reason: string): string {
  return REASON_WORDS[reason] ?? reason;
}
