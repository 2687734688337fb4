// The list's words for people, for the Settings page, the lead page, the refusals and the CSV export
// alike. Pure and free of Node modules, so the browser imports it too.

/** The kind in words, as a lead's refusal and the list's page name it. */
export const KIND_WORDS: Record<"email" | "domain" | "linkedin" | "company", string> = {
  email: "e-mail address",
  domain: "domain",
  linkedin: "LinkedIn profile",
  company: "company",
};

/** The words a value not of its kind is refused with: "is not an e-mail address". */
export function notOfKind(kind: keyof typeof KIND_WORDS): string {
  return `is not ${kind === "email" ? "an" : "a"} ${KIND_WORDS[kind]}`;
}

/** The kinds as a form's choices name them. */
export const KIND_LABELS: Record<keyof typeof KIND_WORDS, string> = {
  email: "E-mail address",
  domain: "Domain",
  linkedin: "LinkedIn profile",
  company: "Company",
};

/** Why an entry is listed, in words. */
export const REASON_WORDS: Record<string, string> = {
  unsubscribed: "Unsubscribed",
  complaint: "Marked as spam",
  bounce: "Bounced",
  manual: "Added by hand",
  csv: "Imported",
  api: "Added through the API",
  erased: "Erased on request",
  crm: "Excluded in the CRM",
};

export function reasonWords(reason: string): string {
  return REASON_WORDS[reason] ?? reason;
}

/** "3 Dec 2026". */
export function listedOn(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/** What the lead page says of a listed lead: "On the do-not-contact list: the domain acme.com (Added by hand on 3 Dec 2026)". */
export function listingSentence(listing: { kind: keyof typeof KIND_WORDS; value: string | null; reason: string | null; createdAt: string | null; shared: boolean }): string {
  // Another workspace's entry says only that it is listed there: its reasons and dates stay its own.
  if (listing.shared || !listing.createdAt) return `On the do-not-contact list: the ${KIND_WORDS[listing.kind]} ${listing.value ?? "(erased person)"} (on another workspace's shared list)`;
  const what = listing.value === null ? "this person, erased on request" : `the ${KIND_WORDS[listing.kind]} ${listing.value}`;
  const why = listing.value === null || !listing.reason ? `on ${listedOn(listing.createdAt)}` : `${reasonWords(listing.reason)} on ${listedOn(listing.createdAt)}`;
  return `On the do-not-contact list: ${what} (${why})`;
}
