import type { Lead } from "../../db/generated/client";

/** The `lead` / `from` / `to` object of message and connection events. */
export function leadSummary(lead: Lead) {
  return { firstName: lead.firstName, lastName: lead.lastName, publicIdentifier: lead.publicIdentifier, providerId: lead.memberId };
}
