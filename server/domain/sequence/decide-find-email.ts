// What a find_email step does for a lead when it falls due: a lead with an address takes `yes` at
// once (no lookup, no charge); one without is looked up, paid for with 1 AI credit first, and takes
// `yes` with the address found or `no` (the credit refunded); a workspace out of credits holds the
// lead (paused with the reason) rather than skip it. The executor asks the finder and the credits;
// the forecast carries the finder's answer, read once, and assumes credits suffice. Pure.

/** What the finder answered for the lead, or that its lookup could not be paid for. */
export type FindEmailLookup = { kind: "found"; email: string; source: string } | { kind: "not-found" } | { kind: "no-credits" };

export interface FindEmailFacts {
  /** The lead's e-mail address, when Herald has one. */
  email: string | null;
  /** The lookup's answer; left out until the lead has been looked up. */
  lookup?: FindEmailLookup;
}

export type FindEmailDecision =
  /** The lead has no address and has not been looked up: pay 1 AI credit, ask the finder, decide again with its answer. */
  | { kind: "look-up" }
  /** Take the branch; `email` is the address found, to be set on the lead. */
  | { kind: "branch"; outcome: "yes" | "no"; detail: string; email?: string }
  /** The lookup could not be paid for: the lead is paused with `reason` until it is resumed. */
  | { kind: "hold"; reason: string };

/** What a lookup costs, in AI credits (refunded when nothing is found). */
export const FIND_EMAIL_COST = 1;
export const ALREADY_HAD_ADDRESS = "Already had an address";
export const NO_ADDRESS_FOUND = "No address found";
export const FIND_EMAIL_NO_CREDITS =
  "Held before finding an e-mail address: the workspace is out of AI credits (a lookup costs 1). Add credits under Settings → AI credits, then resume the lead.";

const SOURCE_WORDS: Record<string, string> = { "company-database": "the company database" };

/** "Found ada@acme.example in the company database". */
export function foundDetail(email: string, source: string): string {
  return `Found ${email} in ${SOURCE_WORDS[source] ?? source}`;
}

export function decideFindEmail(facts: FindEmailFacts): FindEmailDecision {
  if (facts.email?.trim()) return { kind: "branch", outcome: "yes", detail: ALREADY_HAD_ADDRESS };
  const { lookup } = facts;
  if (!lookup) return { kind: "look-up" };
  switch (lookup.kind) {
    case "found":
      return { kind: "branch", outcome: "yes", detail: foundDetail(lookup.email, lookup.source), email: lookup.email };
    case "not-found":
      return { kind: "branch", outcome: "no", detail: NO_ADDRESS_FOUND };
    case "no-credits":
      return { kind: "hold", reason: FIND_EMAIL_NO_CREDITS };
  }
}
