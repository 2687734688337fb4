// What an address's stored verification means for one campaign, and whether its e-mail step skips
// the lead. Stored results are classified as for a campaign that targets companies (a free webmail
// address is risky, check "free-webmail"); for a campaign that does not, such an address counts as
// valid. The executor and the forecast both decide here. Pure.
import type { TAddressStatus, TCampaignVerification } from "../../schemas/verification";
import type { AddressCheck } from "./classify-address";

export interface StoredVerification {
  status: TAddressStatus;
  check: AddressCheck | string;
  reason: string;
}

/** The verification as one campaign (or API caller) reads it, per whether it targets companies. */
export function verificationFor<T extends StoredVerification>(stored: T, targetsCompanies: boolean): T {
  if (targetsCompanies || stored.check !== "free-webmail") return stored;
  return { ...stored, status: "valid", reason: "the address is well formed and its domain receives mail (a free webmail provider)" };
}

/** Why the e-mail step skips the lead, or null when the e-mail may go out (no verification yet: it may). */
export function verificationSkip(stored: StoredVerification | null, policy: TCampaignVerification): string | null {
  if (!stored) return null;
  const seen = verificationFor(stored, policy.targetsCompanies);
  if (seen.status === "invalid" && policy.invalid === "skip") return `The address failed verification (${seen.reason}): the e-mail step was skipped`;
  if (seen.status === "risky" && policy.risky === "skip") return `The address is risky (${seen.reason}): the e-mail step was skipped`;
  return null;
}
