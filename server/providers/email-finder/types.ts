// Finding a lead's e-mail address from who they are. An interface so that the company database (the
// default, no external service) and an enrichment service added later are interchangeable by
// configuration (HERALD_EMAIL_FINDER).

/** What is known of the lead to look it up by; any part may be missing. */
export interface EmailFinderInput {
  firstName: string | null;
  lastName: string | null;
  /** The lead's company, as its record names it. */
  companyName: string | null;
  /** The company's web domain (acme.com), or a website it can be read from. */
  companyDomain: string | null;
  /** The lead's LinkedIn profile URL. */
  linkedinUrl: string | null;
}

export interface FoundEmail {
  email: string;
  /** Where it was found, a stable word (`company-database`): journal details and the ledger name it. */
  source: string;
}

export interface EmailFinder {
  readonly name: string;
  /** The lead's address, or null when the finder knows none. A read: it charges nothing itself. Throws when the finder cannot answer. */
  find(input: EmailFinderInput): Promise<FoundEmail | null>;
}
